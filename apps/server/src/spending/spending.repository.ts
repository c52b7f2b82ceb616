/** SQL of spending limits: the limits, and what the paid send has counted as spent (migration 015). */
import type { Sql, Tx } from '../db/database.js';

/** A user's limits as they stand now (a waiting change whose time has come is already the limit). */
export interface LimitsRow {
  daily_cents: number | null;
  daily_next_cents: number | null;
  daily_next_at: Date | null;
  monthly_cents: number | null;
  monthly_next_cents: number | null;
  monthly_next_at: Date | null;
  spent_day_cents: number;
  spent_month_cents: number;
  /** The database's clock: every time of this module is compared with it. */
  now: Date;
  day_ends_at: Date;
  month_ends_at: Date;
}

export interface StoredLimits {
  dailyCents: number | null;
  dailyNextCents: number | null;
  dailyNextAt: Date | null;
  monthlyCents: number | null;
  monthlyNextCents: number | null;
  monthlyNextAt: Date | null;
}

export class SpendingRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * The user's limits and spending of the current UTC day and month; null without such a user.
   * With `tx`, the user's row is locked until commit (the lock the paid send takes).
   */
  async read(userId: number, tx?: Tx): Promise<LimitsRow | null> {
    const db = tx ?? this.sql;
    const [row] = await db<LimitsRow[]>`
      SELECT
        CASE WHEN s.daily_next_at <= now() THEN s.daily_next_cents ELSE s.daily_cents END AS daily_cents,
        CASE WHEN s.daily_next_at <= now() THEN NULL ELSE s.daily_next_cents END AS daily_next_cents,
        CASE WHEN s.daily_next_at <= now() THEN NULL ELSE s.daily_next_at END AS daily_next_at,
        CASE WHEN s.monthly_next_at <= now() THEN s.monthly_next_cents ELSE s.monthly_cents END AS monthly_cents,
        CASE WHEN s.monthly_next_at <= now() THEN NULL ELSE s.monthly_next_cents END AS monthly_next_cents,
        CASE WHEN s.monthly_next_at <= now() THEN NULL ELSE s.monthly_next_at END AS monthly_next_at,
        CASE WHEN u.spent_day = (now() AT TIME ZONE 'UTC')::date THEN u.spent_day_cents ELSE 0 END AS spent_day_cents,
        CASE WHEN u.spent_month = date_trunc('month', now() AT TIME ZONE 'UTC')::date THEN u.spent_month_cents ELSE 0 END AS spent_month_cents,
        now() AS now,
        ((now() AT TIME ZONE 'UTC')::date + 1)::timestamp AT TIME ZONE 'UTC' AS day_ends_at,
        (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '1 month') AT TIME ZONE 'UTC' AS month_ends_at
      FROM users u LEFT JOIN spending_limits s ON s.user_id = u.telegram_id
      WHERE u.telegram_id = ${userId}
      ${tx ? db`FOR UPDATE OF u` : db``}`;
    return row ?? null;
  }

  async save(tx: Tx, userId: number, limits: StoredLimits): Promise<void> {
    await tx`
      INSERT INTO spending_limits (user_id, daily_cents, daily_next_cents, daily_next_at,
                                   monthly_cents, monthly_next_cents, monthly_next_at, updated_at)
      VALUES (${userId}, ${limits.dailyCents}, ${limits.dailyNextCents}, ${limits.dailyNextAt},
              ${limits.monthlyCents}, ${limits.monthlyNextCents}, ${limits.monthlyNextAt}, now())
      ON CONFLICT (user_id) DO UPDATE SET
        daily_cents = EXCLUDED.daily_cents, daily_next_cents = EXCLUDED.daily_next_cents,
        daily_next_at = EXCLUDED.daily_next_at, monthly_cents = EXCLUDED.monthly_cents,
        monthly_next_cents = EXCLUDED.monthly_next_cents, monthly_next_at = EXCLUDED.monthly_next_at,
        updated_at = now()`;
  }
}
