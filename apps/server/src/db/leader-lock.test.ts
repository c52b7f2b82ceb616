/** A leader lock is lost with its connection when the database goes away, and taken again after. */
import { describe, expect, it } from 'vitest';
import { databaseBehindProxy } from '../test/tcp-proxy.js';
import { connect } from './database.js';
import { LeaderLock } from './leader-lock.js';

describe('a leader lock across a database outage', () => {
  const behindProxy = databaseBehindProxy();

  it('is given up while the database is away and re-acquired once it is back', async () => {
    const { db, proxy } = behindProxy;
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
