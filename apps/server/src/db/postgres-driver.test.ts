/**
 * The database driver when a connection's server goes away (scripts/patch-postgres.mjs): queries
 * fail with CONNECTION_CLOSED, the process lives on, nothing runs outside its transaction, and the
 * pool serves again afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.js';
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
