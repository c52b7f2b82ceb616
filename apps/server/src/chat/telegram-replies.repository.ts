/** SQL for the Telegram messages answered as replies to the bot's notices (migration 025). */
import type { Sql } from '../db/database.js';

export class TelegramRepliesRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Claims a Telegram message for sending; false when it was claimed before (the same update
   * delivered again, on this instance or another).
   */
  async claim(chatId: number, telegramMessageId: number): Promise<boolean> {
    const rows = await this.sql`
      INSERT INTO telegram_replies (chat_id, telegram_message_id)
      VALUES (${chatId}, ${telegramMessageId})
      ON CONFLICT DO NOTHING
      RETURNING chat_id`;
    return rows.length > 0;
  }

  /** The claimed message became this Seer message. */
  async recordSent(chatId: number, telegramMessageId: number, messageId: number): Promise<void> {
    await this.sql`
      UPDATE telegram_replies SET message_id = ${messageId}
      WHERE chat_id = ${chatId} AND telegram_message_id = ${telegramMessageId}`;
  }

  /** The send failed before anything was written: a new delivery of the update may try again. */
  async release(chatId: number, telegramMessageId: number): Promise<void> {
    await this.sql`
      DELETE FROM telegram_replies
      WHERE chat_id = ${chatId} AND telegram_message_id = ${telegramMessageId} AND message_id IS NULL`;
  }
}
