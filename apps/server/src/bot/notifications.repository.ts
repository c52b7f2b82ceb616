/** SQL for the bot's notices: who may be written to, and the per-dialog rate limit. */
import type { Sql } from '../db/database.js';

export interface NoticeRecipient {
  telegram_id: number;
  allows_write_to_pm: boolean;
  language_code: string | null;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  username: string | null;
}

export class NotificationsRepository {
  constructor(private readonly sql: Sql) {}

  async recipient(telegramId: number): Promise<NoticeRecipient | null> {
    const [row] = await this.sql<NoticeRecipient[]>`
      SELECT telegram_id, allows_write_to_pm, language_code, name, first_name, last_name, username
      FROM users WHERE telegram_id = ${telegramId}`;
    return row ?? null;
  }

  /**
   * Takes the dialog's notice slot for this recipient when the last notice is older than
   * `intervalSeconds` (or there was none); false when another notice (from any instance) holds it.
   */
  async claimSlot(
    recipientId: number,
    userId: number,
    advisorId: number,
    intervalSeconds: number,
  ): Promise<boolean> {
    const rows = await this.sql`
      INSERT INTO bot_notices (recipient_telegram_id, user_id, advisor_id, sent_at)
      VALUES (${recipientId}, ${userId}, ${advisorId}, now())
      ON CONFLICT (recipient_telegram_id, user_id, advisor_id) DO UPDATE SET sent_at = now()
        WHERE bot_notices.sent_at <= now() - make_interval(secs => ${intervalSeconds})
      RETURNING 1`;
    return rows.length > 0;
  }

  /** Gives the slot back after a notice that could not be sent, so the next message may try. */
  async releaseSlot(recipientId: number, userId: number, advisorId: number): Promise<void> {
    await this.sql`
      DELETE FROM bot_notices WHERE recipient_telegram_id = ${recipientId} AND user_id = ${userId} AND advisor_id = ${advisorId}`;
  }

  async setWriteAccess(telegramId: number, allowed: boolean): Promise<void> {
    await this
      .sql`UPDATE users SET allows_write_to_pm = ${allowed}, updated_at = now() WHERE telegram_id = ${telegramId}`;
  }
}
