/**
 * SQL of chat's part in a user's data, and the user's own reading of a dialog (transcript,
 * search). Export: every dialog with all its messages. Deletion: each message of the user's
 * dialogs keeps its row (the advisor's earnings and the ledger refer to it) but loses its words and
 * image; the dialog moves to the tombstone, which advisors' lists leave out (decision 050).
 */
import type { Sql } from '../db/database.js';
import type { PersonalData } from '../kernel/module.js';

export const chatPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => {
    const dialogs = await sql<{ id: number; advisor_id: number; advisor_name: string }[]>`
      SELECT d.id, d.advisor_id, a.name AS advisor_name, d.created_at
      FROM dialogs d JOIN advisors a ON a.id = d.advisor_id
      WHERE d.user_id = ${telegramId} ORDER BY d.id`;
    const messages = await sql<{ dialog_id: number }[]>`
      SELECT m.dialog_id, m.id, m.sender, m.kind, m.text, m.image_id, m.price_cents, m.paid_with, m.created_at
      FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      WHERE d.user_id = ${telegramId} ORDER BY m.id`;
    return {
      dialogs: dialogs.map((dialog) => ({
        ...dialog,
        messages: messages
          .filter((m) => m.dialog_id === dialog.id)
          .map(({ dialog_id: _dialog, ...m }) => m),
      })),
    };
  },
  erase: async (tx, { telegramId, tombstoneId }) => {
    await tx`
      UPDATE messages m SET text = '', image_id = NULL
      FROM dialogs d WHERE d.id = m.dialog_id AND d.user_id = ${telegramId}`;
    await tx`
      UPDATE dialogs SET user_id = ${tombstoneId}, last_message_text = '', user_unread = 0, advisor_unread = 0
      WHERE user_id = ${telegramId}`;
  },
});

export interface OwnMessage {
  id: number;
  sender: 'user' | 'manager';
  kind: 'text' | 'image' | 'tarot' | 'dream';
  text: string;
  created_at: Date;
}

/** What the user reads of their dialogs, beyond the chat screen: the whole dialog, and a search. */
export class OwnDialogs {
  constructor(private readonly sql: Sql) {}

  /**
   * Every message the user still sees in the dialog (after a "delete chat", not hidden by staff or
   * reports), oldest first; null: no dialog.
   */
  async transcript(userId: number, advisorId: number): Promise<OwnMessage[] | null> {
    const [dialog] = await this.sql<{ id: number; cleared: number }[]>`
      SELECT id, user_cleared_up_to AS cleared FROM dialogs
      WHERE user_id = ${userId} AND advisor_id = ${advisorId}`;
    if (!dialog) return null;
    return this.sql<OwnMessage[]>`
      SELECT id, sender, kind, text, created_at FROM messages
      WHERE dialog_id = ${dialog.id} AND id > ${dialog.cleared} AND hidden_at IS NULL ORDER BY id`;
  }

  /**
   * Messages of the dialog the user still sees (as the transcript) whose text contains `query` (any case), newest
   * first. The scan is bounded by the dialog: the messages_dialog index (dialog_id, id) picks the
   * dialog's rows, newest first, and the limit stops it early.
   */
  async search(userId: number, advisorId: number, query: string, limit: number) {
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.sql<OwnMessage[]>`
      SELECT m.id, m.sender, m.kind, m.text, m.created_at
      FROM dialogs d JOIN messages m ON m.dialog_id = d.id AND m.id > d.user_cleared_up_to
      WHERE d.user_id = ${userId} AND d.advisor_id = ${advisorId} AND m.hidden_at IS NULL
        AND m.text ILIKE ${pattern}
      ORDER BY m.id DESC LIMIT ${limit}`;
  }
}
