/** GET /api/health: a flood of checks costs the database few pings, and a failure is never reused. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Sql } from '../db/database.js';
import { installErrorHandler } from './error-handler.js';
import { healthRoutes } from './health.routes.js';

/** Stands in for the database: counts `SELECT 1`s and answers them as told. */
function countingDatabase() {
  const state = { pings: 0, up: true, delayMs: 20 };
  const sql = (() => {
    state.pings++;
    const up = state.up;
    return new Promise((resolve, reject) =>
      setTimeout(
        () => (up ? resolve([{ '?column?': 1 }]) : reject(new Error('down'))),
        state.delayMs,
      ),
    );
  }) as unknown as Sql;
  return { sql, state };
}

describe('GET /api/health', () => {
  it('shares one ping among concurrent checks, reuses a healthy answer briefly, never a failed one', async () => {
    const { sql, state } = countingDatabase();
    const app = Fastify();
    installErrorHandler(app, null);
    healthRoutes(app, sql);
    const check = async () => (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;

    const answers = await Promise.all(Array.from({ length: 50 }, check));
    expect(answers.every((status) => status === 200)).toBe(true);
    expect(state.pings).toBe(1);
    expect(await check()).toBe(200);
    expect(state.pings).toBe(1);

    await new Promise((resolve) => setTimeout(resolve, 300));
    state.up = false;
    expect(await Promise.all([check(), check(), check()])).toEqual([503, 503, 503]);
    expect(state.pings).toBe(2);
    expect(await check()).toBe(503);
    expect(state.pings).toBe(3);

    state.up = true;
    expect(await check()).toBe(200);
    expect(state.pings).toBe(4);
    await app.close();
  });
});
