/**
 * The database driver when a connection's server goes away (scripts/patch-postgres.mjs): queries
 * fail with CONNECTION_CLOSED, the process lives on, nothing runs outside its transaction, and the
 * pool serves again afterwards; a server that hangs up during startup fails the waiting queries
 * instead of holding them while the driver reconnects without pause.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.js';
import { databaseBehindProxy } from '../test/tcp-proxy.js';
import { connect, type Database } from './database.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the postgres driver when a connection is terminated', () => {
  let db: Database;
  beforeAll(async () => {
    db = await createTestDatabase();
    await db.sql`CREATE TABLE driver_probe (n integer)`;
  });
  afterAll(async () => {
    await db?.close();
  });

  it('fails a query on a reserved connection that died, and the pool carries on', async () => {
    const sql = connect(db.url, 1);
    try {
      const reserved = await sql.reserve();
      const [row] = await reserved<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      await db.sql`SELECT pg_terminate_backend(${row!.pid})`;
      await pause(200);
      await expect(reserved`SELECT 1`).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
      reserved.release();
      // The released connection is not handed out dead: the pool reconnects.
      for (let i = 0; i < 3; i++) expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('sends nothing more of a transaction whose connection died', async () => {
    const sql = connect(db.url, 1);
    try {
      let afterClose!: (outcome: unknown) => void;
      const lastStatement = new Promise((resolve) => (afterClose = resolve));
      const transaction = sql.begin(async (tx) => {
        const [row] = await tx<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
        await tx`INSERT INTO driver_probe VALUES (1)`;
        // Waiting for the only connection: when it closes, the pool reopens it for this query.
        const waiting = sql`SELECT 2 AS two`;
        await db.sql`SELECT pg_terminate_backend(${row!.pid})`;
        expect(await waiting).toEqual([{ two: 2 }]);
        // This statement belongs to the dead transaction, not to the reopened session.
        await tx`INSERT INTO driver_probe VALUES (2)`.then(afterClose, afterClose);
      });
      await expect(transaction).rejects.toMatchObject({ code: 'CONNECTION_CLOSED' });
      expect(await lastStatement).toMatchObject({ code: 'CONNECTION_CLOSED' });
      expect(await db.sql`SELECT n FROM driver_probe`).toEqual([]);
      expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

describe('the postgres driver when the server hangs up during startup', () => {
  const behindProxy = databaseBehindProxy();

  it('fails the waiting queries within moments instead of reconnecting at once for ever', async () => {
    const { db, proxy } = behindProxy;
    const sql = connect(proxy.urlFor(db.url), 2);
    try {
      expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
      proxy.hangUp();
      const acceptedBefore = proxy.accepted;
      const started = Date.now();
      const outcomes = await Promise.all(
        Array.from({ length: 6 }, () =>
          Promise.race([
            sql`SELECT 1`.then(
              () => 'answered',
              (error: { code?: string }) => error.code,
            ),
            pause(5_000).then(() => 'still waiting after 5 s'),
          ]),
        ),
      );
      expect(outcomes).toEqual(Array(6).fill('CONNECTION_CLOSED'));
      expect(Date.now() - started).toBeLessThan(4_000);
      // Without the patch the driver reconnects thousands of times a second and the queries wait.
      expect(proxy.accepted - acceptedBefore).toBeLessThan(50);
      proxy.restore();
      await expect
        .poll(() => sql`SELECT 1 AS one`.catch(() => null), { timeout: 5_000, interval: 100 })
        .toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});
