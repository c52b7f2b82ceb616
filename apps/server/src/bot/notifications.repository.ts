/** SQL for the bot's notices: the per-dialog rate limit shared by every instance. */
import type { Sql } from '../db/database.js';

export class NotificationsRepository {
  constructor(private readonly sql: Sql) {}

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
}
