/**
 * DATABASE_STATEMENT_TIMEOUT_MS (decision 039): a call whose statement waits for a lock that
 * another connection holds answers 503 `database_unavailable` within the timeout instead of
 * hanging, and works again once the lock is gone; migrations, which may wait for another
 * instance's, are not cut short by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { createTestDatabase, newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { signInitData } from '../auth/init-data.js';
import { TEST_BOT_TOKEN } from '../test/harness.js';
import { connect, type Database, type Sql } from './database.js';
import { migrate } from './migrate.js';

const TIMEOUT_MS = 400;

describe('DATABASE_STATEMENT_TIMEOUT_MS', () => {
  it('defaults to 10 s, takes 0 (off) or whole ms from 100, refuses anything else', () => {
    expect(loadConfig({}).databaseStatementTimeoutMs).toBe(10_000);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '0' }).databaseStatementTimeoutMs).toBe(0);
    expect(loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '2500' }).databaseStatementTimeoutMs).toBe(
      2500,
    );
    for (const bad of ['50', '-1', '1e4', '10s', '1.5'])
      expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: bad }), bad).toThrow(
        /DATABASE_STATEMENT_TIMEOUT_MS must be 0 \(off\) or a whole number of ms/,
      );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: 'x' })).toThrow(ConfigError);
  });
});

describe('a statement that waits for a lock', () => {
  let db: Database & { name: string };
  let appSql: Sql;
  let built: TestApp;

  beforeAll(async () => {
    db = await createTestDatabase();
    // The app's pool as main.ts opens it, with a short timeout; db.sql (no timeout) holds locks.
    appSql = connect(db.url, 5, { statementTimeoutMs: TIMEOUT_MS });
    built = await startTestApp({
      db: { sql: appSql, url: db.url, close: async () => {} },
      seed: false,
    });
  });
  afterAll(async () => {
    await built?.close();
    await appSql?.end({ timeout: 5 });
    await db?.close();
  });

  const getUser = (initData: string) =>
    built.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: { authorization: initData },
    });

  it('answers 503 database_unavailable within the timeout, then works once the lock is gone', async () => {
    const initData = signInitData(TEST_BOT_TOKEN, { id: newUserId(), first_name: 'Locked' });
    expect((await getUser(initData)).statusCode).toBe(200);

    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.sql.begin(async (tx) => {
      await tx`LOCK TABLE users IN ACCESS EXCLUSIVE MODE`;
      locked();
      await released;
    });
    await isLocked;
    try {
      const started = Date.now();
      const answer = await getUser(initData);
      const took = Date.now() - started;
      expect(answer.statusCode, answer.body).toBe(503);
      expect(answer.json()).toMatchObject({ status: 'error', code: 'database_unavailable' });
      expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(took).toBeLessThan(TIMEOUT_MS + 2_000);
    } finally {
      release();
      await holder;
    }
    expect((await getUser(initData)).statusCode).toBe(200);
  });

  it('does not cut a migration short while it waits for another instance’s', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another instance migrating: it holds the migrations' lock for three timeouts.
    const other = db.sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(7345001)`;
      locked();
      await released;
    });
    await isLocked;
    setTimeout(release, TIMEOUT_MS * 3);
    await expect(migrate(appSql)).resolves.toEqual([]);
    await other;
  });
});
