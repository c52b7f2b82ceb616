/**
 * The database driver when a connection's server goes away (scripts/patch-postgres.mjs): queries
 * fail with CONNECTION_CLOSED, the process lives on, nothing runs outside its transaction, and the
 * pool serves again afterwards; a server that hangs up during startup fails the waiting queries
 * instead of holding them while the driver reconnects without pause; a connection that closed with
 * bytes still held opens again cleanly; a reservation queued while a connection closes gets a
 * connection once the pool has one again, instead of waiting for ever.
 */
import net from 'node:net';
import postgres from 'postgres';
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

  it('opens the next connection cleanly after one closed with a query it had not written yet', async () => {
    const { hostname, port } = new URL(db.url);
    const sockets: net.Socket[] = [];
    // `socket` (a function that opens the connection's socket) is read by the driver but missing
    // from its types; the test needs the socket in hand to close it.
    const options = {
      max: 1,
      connect_timeout: 3,
      onnotice: () => {},
      socket: () => {
        const socket = net.connect(Number(port), hostname);
        sockets.push(socket);
        return socket;
      },
    };
    const sql = postgres(db.url, options);
    try {
      expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
      // The socket closes at the end of this turn of the event loop; a query asked for late in the
      // same turn (as the paid sends' batches are) is held to be written in the next one.
      const lost = await new Promise<Promise<unknown>>((resolve) => {
        sockets.at(-1)!.destroy();
        setImmediate(() =>
          resolve(
            sql`SELECT 2 AS two`.then(
              () => 'answered',
              (error: { code?: string }) => error.code,
            ),
          ),
        );
      });
      expect(await lost).toBe('CONNECTION_CLOSED');
      // Unpatched, the next connection's startup message waited behind the dead one's bytes and
      // was never sent: connect_timeout after 3 s.
      const started = Date.now();
      expect(await sql`SELECT 3 AS three`).toEqual([{ three: 3 }]);
      expect(Date.now() - started).toBeLessThan(1_000);
      expect(sockets).toHaveLength(2);
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

describe('a reserved connection asked for while the pool cannot give one', () => {
  const behindProxy = databaseBehindProxy();
  /** The promise's outcome, or 'still waiting' after `ms` (a hang would otherwise time the test out). */
  const within = <T>(ms: number, promise: Promise<T>) =>
    Promise.race([
      promise.then(
        (value) => ({ outcome: 'resolved' as const, value }),
        (error: { code?: string }) => ({ outcome: 'rejected' as const, code: error.code }),
      ),
      pause(ms).then(() => ({ outcome: 'still waiting' as const })),
    ]);

  it('gets the connection that closed under it once the pool has opened it again', async () => {
    const { db, proxy } = behindProxy;
    const sql = connect(proxy.urlFor(db.url), 1);
    try {
      // The only connection is busy, so the reservation queues; then that connection drops.
      const busy = sql`SELECT pg_sleep(5)`.catch((error: { code?: string }) => error.code);
      await pause(100);
      const reserving = sql.reserve();
      proxy.cut();
      proxy.restore();
      expect(await busy).toBe('CONNECTION_CLOSED');
      // Unpatched, the closed connection took the reservation into its reconnect and dropped it.
      const reserved = await within(5_000, reserving);
      expect(reserved.outcome).toBe('resolved');
      if (reserved.outcome !== 'resolved') return;
      expect(await reserved.value`SELECT 1 AS one`).toEqual([{ one: 1 }]);
      reserved.value.release();
      expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  it('fails while the database is away, and leaves the pool whole for later queries', async () => {
    const { db, proxy } = behindProxy;
    const sql = connect(proxy.urlFor(db.url), 1);
    try {
      proxy.cut();
      expect(await within(8_000, sql.reserve())).toMatchObject({
        outcome: 'rejected',
        code: 'ECONNREFUSED',
      });
      proxy.restore();
      // The failed reservation has left the queue: no connection that opens later goes to it.
      for (let i = 0; i < 3; i++)
        expect(await within(5_000, sql`SELECT ${i}::int AS n`)).toEqual({
          outcome: 'resolved',
          value: [{ n: i }],
        });
      const reserved = await within(5_000, sql.reserve());
      expect(reserved.outcome).toBe('resolved');
      if (reserved.outcome === 'resolved') reserved.value.release();
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
