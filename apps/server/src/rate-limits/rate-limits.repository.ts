/** SQL for the per-user allowances kept in PostgreSQL (used without Redis). */
import type { Sql } from '../db/database.js';

export class RateLimitsRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Takes one call from the allowance under `key` in one atomic statement (the row is locked by
   * the upsert, so instances racing on one key queue): 0 when taken, else how many milliseconds
   * until one call is allowed. `intervalMs` is the time one call takes to come back; `burst` is
   * the whole allowance.
   */
  async take(key: string, intervalMs: number, burst: number): Promise<number> {
    const [row] = await this.sql<{ taken: number; wait_ms: number | null }[]>`
      WITH taken AS (
        INSERT INTO rate_limits AS r (key, full_at)
        VALUES (${key}, now() + ${intervalMs}::float8 * interval '1 millisecond')
        ON CONFLICT (key) DO UPDATE
          SET full_at = GREATEST(r.full_at, now()) + ${intervalMs}::float8 * interval '1 millisecond'
          WHERE GREATEST(r.full_at, now())
            + ${intervalMs - burst * intervalMs}::float8 * interval '1 millisecond' <= now()
        RETURNING 1
      )
      SELECT (SELECT count(*) FROM taken)::int AS taken,
        (SELECT EXTRACT(EPOCH FROM full_at - now()) * 1000 + ${intervalMs - burst * intervalMs}::float8
           FROM rate_limits WHERE key = ${key})::float8 AS wait_ms`;
    if (!row || row.taken > 0) return 0;
    return Math.max(1, Math.ceil(row.wait_ms ?? intervalMs));
  }

  /** Deletes allowances that are whole again (they hold nothing a missing row does not). */
  async forgetFull(): Promise<number> {
    const rows = await this.sql`DELETE FROM rate_limits WHERE full_at < now() RETURNING 1`;
    return rows.length;
  }
}
