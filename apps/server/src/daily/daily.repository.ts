/** SQL of the daily ritual: onboarding closed, the morning message setting and its daily claim. */
import type { Sql, Tx } from '../db/database.js';

export interface RitualRow {
  onboarding_closed_at: Date | null;
  morning_enabled: boolean;
  morning_hour: number;
  time_zone: string | null;
  last_morning_on: string | null;
}

/** A user whose morning message is due, claimed for their local day. */
export interface ClaimedMorning {
  user_id: number;
  /** The local day claimed, YYYY-MM-DD. */
  local_day: string;
}

/** How many hours after the chosen one a morning message is still sent (a restart, a busy hour). */
export const MORNING_WINDOW_HOURS = 3;

export class DailyRepository {
  constructor(private readonly sql: Sql) {}

  async find(userId: number): Promise<RitualRow | null> {
    const [row] = await this.sql<RitualRow[]>`
      SELECT onboarding_closed_at, morning_enabled, morning_hour, time_zone,
             to_char(last_morning_on, 'YYYY-MM-DD') AS last_morning_on
      FROM daily_ritual WHERE user_id = ${userId}`;
    return row ?? null;
  }

  /** Whether PostgreSQL knows the zone (its names and the browser's mostly agree; this decides). */
  async knowsTimeZone(zone: string): Promise<boolean> {
    const [row] = await this.sql<{ known: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = ${zone}) AS known`;
    return row?.known === true;
  }

  /** Closes the onboarding once; a second close keeps the first outcome. */
  async closeOnboarding(userId: number, outcome: 'done' | 'skipped'): Promise<void> {
    await this.sql`
      INSERT INTO daily_ritual (user_id, onboarding_closed_at, onboarding_outcome)
      VALUES (${userId}, now(), ${outcome})
      ON CONFLICT (user_id) DO UPDATE SET
        onboarding_closed_at = COALESCE(daily_ritual.onboarding_closed_at, EXCLUDED.onboarding_closed_at),
        onboarding_outcome = COALESCE(daily_ritual.onboarding_outcome, EXCLUDED.onboarding_outcome),
        updated_at = now()`;
  }

  /**
   * Saves the morning setting. When the chosen hour has already come today where the user is, today
   * counts as done: the first message comes tomorrow, not at once.
   */
  async setMorning(
    userId: number,
    setting: { enabled: boolean; hour: number; timeZone: string; now: Date },
  ): Promise<RitualRow> {
    const [row] = await this.sql<RitualRow[]>`
      WITH local AS (
        SELECT (${setting.now}::timestamptz AT TIME ZONE ${setting.timeZone}) AS at
      )
      INSERT INTO daily_ritual (user_id, morning_enabled, morning_hour, time_zone, last_morning_on)
      SELECT ${userId}, ${setting.enabled}, ${setting.hour}, ${setting.timeZone},
             CASE WHEN extract(hour FROM local.at) >= ${setting.hour} THEN local.at::date END
      FROM local
      ON CONFLICT (user_id) DO UPDATE SET
        morning_enabled = EXCLUDED.morning_enabled, morning_hour = EXCLUDED.morning_hour,
        time_zone = EXCLUDED.time_zone,
        last_morning_on = GREATEST(daily_ritual.last_morning_on, EXCLUDED.last_morning_on),
        updated_at = now()
      RETURNING onboarding_closed_at, morning_enabled, morning_hour, time_zone,
                to_char(last_morning_on, 'YYYY-MM-DD') AS last_morning_on`;
    return row!;
  }

  /** Turns the morning message off (the bot's Stop button); true when it was on. */
  async stopMorning(userId: number): Promise<boolean> {
    const rows = await this.sql`
      UPDATE daily_ritual SET morning_enabled = false, updated_at = now()
      WHERE user_id = ${userId} AND morning_enabled`;
    return rows.count > 0;
  }

  /**
   * Claims, in the caller's transaction, the users whose morning message is due at `now`: on, the
   * bot may write to them, their local hour is the chosen one (or up to MORNING_WINDOW_HOURS
   * later) and their local day is not claimed yet. A row another instance is claiming is skipped;
   * one it claimed meanwhile no longer matches — so each user is claimed once a local day.
   */
  async claimDue(tx: Tx, now: Date, limit: number): Promise<ClaimedMorning[]> {
    return tx<ClaimedMorning[]>`
      WITH due AS (
        SELECT r.user_id, (${now}::timestamptz AT TIME ZONE r.time_zone)::date AS local_day
        FROM daily_ritual r
        JOIN users u ON u.telegram_id = r.user_id
        WHERE r.morning_enabled AND u.allows_write_to_pm
          AND extract(hour FROM (${now}::timestamptz AT TIME ZONE r.time_zone)) - r.morning_hour
              BETWEEN 0 AND ${MORNING_WINDOW_HOURS - 1}
          AND (r.last_morning_on IS NULL
               OR r.last_morning_on < (${now}::timestamptz AT TIME ZONE r.time_zone)::date)
        ORDER BY r.user_id
        LIMIT ${limit}
        FOR UPDATE OF r SKIP LOCKED
      )
      UPDATE daily_ritual r SET last_morning_on = due.local_day
      FROM due
      WHERE r.user_id = due.user_id AND r.last_morning_on IS DISTINCT FROM due.local_day
      RETURNING r.user_id, to_char(due.local_day, 'YYYY-MM-DD') AS local_day`;
  }
}
