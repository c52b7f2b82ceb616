/** SQL for favourites, the alert consent and time zone, and the "favourite online" slot (migration 014). */
import type { Locale } from '@seer/contract';
import type { Sql } from '../db/database.js';

/** Someone to tell that a favourite advisor came online. */
export interface AlertRecipient {
  user_id: number;
  allows_write_to_pm: boolean;
  language_code: string | null;
  chosen_language: Locale | null;
  time_zone: string | null;
}

export class FavouritesRepository {
  constructor(private readonly sql: Sql) {}

  async add(userId: number, advisorId: number): Promise<void> {
    await this.sql`
      INSERT INTO favourites (user_id, advisor_id) VALUES (${userId}, ${advisorId})
      ON CONFLICT DO NOTHING`;
  }

  async remove(userId: number, advisorId: number): Promise<void> {
    await this.sql`DELETE FROM favourites WHERE user_id = ${userId} AND advisor_id = ${advisorId}`;
  }

  /** Active favourite advisors, most recently added first. */
  async advisorIdsOf(userId: number): Promise<number[]> {
    const rows = await this.sql<{ advisor_id: number }[]>`
      SELECT f.advisor_id FROM favourites f JOIN advisors a ON a.id = f.advisor_id AND a.is_active
      WHERE f.user_id = ${userId}
        -- An advisor the user blocked leaves their lists (decision 048); unblocking brings it back.
        AND NOT EXISTS (SELECT 1 FROM dialog_blocks b WHERE b.user_id = f.user_id
          AND b.advisor_id = f.advisor_id AND b.blocked_by = 'user')
      ORDER BY f.created_at DESC, f.advisor_id`;
    return rows.map((row) => row.advisor_id);
  }

  async alertsOf(userId: number): Promise<boolean> {
    const [row] = await this.sql<{ favourite_alerts: boolean }[]>`
      SELECT favourite_alerts FROM notification_settings WHERE user_id = ${userId}`;
    return row?.favourite_alerts ?? false;
  }

  async setAlerts(userId: number, enabled: boolean): Promise<void> {
    await this.sql`
      INSERT INTO notification_settings (user_id, favourite_alerts) VALUES (${userId}, ${enabled})
      ON CONFLICT (user_id) DO UPDATE SET favourite_alerts = EXCLUDED.favourite_alerts, updated_at = now()`;
  }

  async setTimeZone(userId: number, timeZone: string): Promise<void> {
    await this.sql`
      INSERT INTO notification_settings (user_id, time_zone) VALUES (${userId}, ${timeZone})
      ON CONFLICT (user_id) DO UPDATE SET time_zone = EXCLUDED.time_zone, updated_at = now()`;
  }

  /** Users who favourited this advisor and turned the alerts on. */
  async alertRecipients(advisorId: number): Promise<AlertRecipient[]> {
    return this.sql<AlertRecipient[]>`
      SELECT u.telegram_id AS user_id, u.allows_write_to_pm, u.language_code, u.chosen_language, s.time_zone
      FROM favourites f
      JOIN notification_settings s ON s.user_id = f.user_id AND s.favourite_alerts
      JOIN users u ON u.telegram_id = f.user_id
      WHERE f.advisor_id = ${advisorId}
        AND NOT EXISTS (SELECT 1 FROM dialog_blocks b WHERE b.user_id = f.user_id
          AND b.advisor_id = f.advisor_id AND b.blocked_by = 'user')`;
  }

  /**
   * Takes the "favourite online" slot of this user and advisor when the last one is older than
   * `intervalSeconds` (or there was none); false when it is held (by any instance).
   */
  async claimOnlineSlot(
    userId: number,
    advisorId: number,
    intervalSeconds: number,
  ): Promise<boolean> {
    const rows = await this.sql`
      INSERT INTO favourite_online_notices (user_id, advisor_id, notified_at)
      VALUES (${userId}, ${advisorId}, now())
      ON CONFLICT (user_id, advisor_id) DO UPDATE SET notified_at = now()
        WHERE favourite_online_notices.notified_at <= now() - make_interval(secs => ${intervalSeconds})
      RETURNING 1`;
    return rows.length > 0;
  }

  /** How many users favourited each advisor, and how many of them turned the alerts on (admin). */
  async countsByAdvisor(): Promise<
    Array<{ advisor_id: number; favourites: number; alerts: number }>
  > {
    return this.sql`
      SELECT f.advisor_id, count(*)::int AS favourites,
        count(*) FILTER (WHERE s.favourite_alerts)::int AS alerts
      FROM favourites f LEFT JOIN notification_settings s ON s.user_id = f.user_id
      GROUP BY f.advisor_id ORDER BY f.advisor_id`;
  }
}
