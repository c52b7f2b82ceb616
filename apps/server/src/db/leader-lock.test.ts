/** A leader lock is lost with its connection when the database goes away, and taken again after. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { connect, type Database } from './database.js';
import { LeaderLock } from './leader-lock.js';

describe('a leader lock across a database outage', () => {
  let db: Database;
  let proxy: TcpProxy;
  beforeAll(async () => {
    db = await createTestDatabase();
    const url = new URL(db.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
  });
  afterAll(async () => {
    await proxy?.close();
    await db?.close();
  });

  it('is given up while the database is away and re-acquired once it is back', async () => {
    const sql = connect(proxy.urlFor(db.url), 2);
    const lock = new LeaderLock(sql, 4_242_001);
    try {
      expect(await lock.ensure()).toBe(true);
      proxy.cut();
      expect(await lock.ensure()).toBe(false);
      expect(lock.held).toBe(false);
      proxy.restore();
      await expect.poll(() => lock.ensure(), { timeout: 10_000, interval: 200 }).toBe(true);
      // Held on the database itself, and the pool still serves queries.
      const [row] = await db.sql<{ holders: number }[]>`
        SELECT count(*)::int AS holders FROM pg_locks WHERE locktype = 'advisory' AND objid = 4242001 AND granted`;
      expect(row?.holders).toBe(1);
      expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await lock.release();
      await sql.end({ timeout: 1 });
    }
  });
});
