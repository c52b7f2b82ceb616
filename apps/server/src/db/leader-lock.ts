/**
 * "Only one instance does this at a time": a PostgreSQL session advisory lock held on a
 * dedicated connection. If that connection dies the server drops the lock and another
 * instance takes over. This saves duplicate work; correctness never depends on it
 * (every credit is also guarded by unique keys in the database).
 */
import type { Sql } from './database.js';

type Reserved = Awaited<ReturnType<Sql['reserve']>>;

/** Lock keys; advisory locks are per database, so tests on separate databases do not collide. */
export const LOCK_KEYS = {
  tonWatcher: 7_345_101,
  botPolling: 7_345_102,
  responseTimes: 7_345_103,
} as const;

export class LeaderLock {
  private connection: Reserved | null = null;

  constructor(
    private readonly sql: Sql,
    private readonly key: number,
  ) {}

  get held(): boolean {
    return this.connection !== null;
  }

  /** True when this instance holds the lock (acquiring it if free); checks a held lock is still alive. */
  async ensure(): Promise<boolean> {
    if (this.connection) {
      try {
        await this.connection`SELECT 1`;
        return true;
      } catch {
        // the connection died, and the lock with it
        this.drop();
      }
    }
    let connection: Reserved;
    try {
      connection = await this.sql.reserve();
    } catch {
      return false;
    }
    try {
      const [row] = await connection<
        { locked: boolean }[]
      >`SELECT pg_try_advisory_lock(${this.key}) AS locked`;
      if (row?.locked) {
        this.connection = connection;
        return true;
      }
    } catch {
      // fall through: treat as not acquired
    }
    connection.release();
    return false;
  }

  async release(): Promise<void> {
    const connection = this.connection;
    if (!connection) return;
    this.connection = null;
    try {
      await connection`SELECT pg_advisory_unlock(${this.key})`;
    } catch {
      // a dead connection has already lost the lock
    }
    connection.release();
  }

  private drop(): void {
    const connection = this.connection;
    this.connection = null;
    try {
      connection?.release();
    } catch {
      // already gone
    }
  }
}
