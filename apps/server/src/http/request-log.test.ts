/** Every answered request logs one line with its request id, echoed to the client (decision 040). */
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInitData } from '../auth/init-data.js';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
let built: TestApp;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  built = await startTestApp({ seed: false, logger: pino({ level: 'info' }, sink) });
});
afterAll(async () => {
  await built?.close();
});

const requestLines = (id: string) =>
  lines.filter((line) => line.reqId === id && line.msg === 'request');

describe('request ids', () => {
  it('gives each request a new id, answers it in X-Request-Id and logs one line with it', async () => {
    const first = await built.app.inject({ method: 'GET', url: '/api/health' });
    const second = await built.app.inject({ method: 'GET', url: '/api/health' });
    const id = String(first.headers['x-request-id']);
    expect(id).toMatch(UUID);
    expect(second.headers['x-request-id']).not.toBe(id);
    expect(requestLines(id)).toEqual([
      expect.objectContaining({
        module: 'http',
        method: 'GET',
        path: '/api/health',
        status: 200,
        ip: '127.0.0.1',
      }),
    ]);
  });

  it("keeps the proxy's well-formed id and replaces anything else", async () => {
    const kept = await built.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-request-id': 'a1b2c3d4e5f60718' },
    });
    expect(kept.headers['x-request-id']).toBe('a1b2c3d4e5f60718');
    expect(requestLines('a1b2c3d4e5f60718')).toHaveLength(1);
    for (const bad of ['short', 'with spaces in it', 'x'.repeat(65), 'line\nbreak-0000']) {
      const answer = await built.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-request-id': bad },
      });
      expect(answer.headers['x-request-id'], bad).toMatch(UUID);
    }
  });

  it('logs the path without its query, refused calls too', async () => {
    const user = newUserId();
    const answer = await built.app.inject({
      method: 'GET',
      url: '/api/GetUser.php?token=secret-in-the-query',
      headers: {
        authorization:
          signInitData(TEST_BOT_TOKEN, { id: user, first_name: 'Log' }).slice(0, -4) + 'beef',
      },
    });
    expect(answer.statusCode).toBe(401);
    const [line] = requestLines(String(answer.headers['x-request-id']));
    expect(line).toMatchObject({ path: '/api/GetUser.php', status: 401 });
    expect(JSON.stringify(lines)).not.toContain('secret-in-the-query');
  });
});
