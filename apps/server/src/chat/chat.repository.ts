/** SQL for dialogs, messages and advisors' earnings. */
import type { Sql, Tx } from '../db/database.js';

export interface MessageRow {
  id: number;
  dialog_id: number;
  sender: 'user' | 'manager';
  kind: 'text' | 'image' | 'tarot' | 'dream';
  text: string;
  image_id: string | null;
  read_at: Date | null;
  created_at: Date;
  user_id: number;
  advisor_id: number;
}

export interface DialogRow {
  id: number;
  user_id: number;
  advisor_id: number;
  user_unread: number;
  advisor_unread: number;
  user_cleared_up_to: number;
  user_hidden: boolean;
}

const MESSAGE_COLUMNS =
  'm.id, m.dialog_id, m.sender, m.kind, m.text, m.image_id, m.read_at, m.created_at, d.user_id, d.advisor_id';
const HISTORY_LIMIT = 500;

export class ChatRepository {
  constructor(private readonly sql: Sql) {}

  async findDialog(
    userId: number,
    advisorId: number,
    db: Sql | Tx = this.sql,
  ): Promise<DialogRow | null> {
    const [row] = await db<DialogRow[]>`
      SELECT id, user_id, advisor_id, user_unread, advisor_unread, user_cleared_up_to, user_hidden
      FROM dialogs WHERE user_id = ${userId} AND advisor_id = ${advisorId}`;
    return row ?? null;
  }

  /** Creates the dialog if needed and records a new message from `sender` in it; locks the dialog row. */
  async touchDialogForMessage(
    tx: Tx,
    userId: number,
    advisorId: number,
    sender: 'user' | 'manager',
    preview: string,
  ): Promise<number> {
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO dialogs (user_id, advisor_id, last_message_at, last_message_text, user_unread, advisor_unread)
      VALUES (${userId}, ${advisorId}, now(), ${preview}, ${sender === 'manager' ? 1 : 0}, ${sender === 'user' ? 1 : 0})
      ON CONFLICT (user_id, advisor_id) DO UPDATE SET
        last_message_at = now(),
        last_message_text = EXCLUDED.last_message_text,
        user_unread = dialogs.user_unread + EXCLUDED.user_unread,
        advisor_unread = dialogs.advisor_unread + EXCLUDED.advisor_unread,
        user_hidden = false
      RETURNING id`;
    return row!.id;
  }

  async insertMessage(
    tx: Tx,
    message: {
      dialogId: number;
      sender: 'user' | 'manager';
      kind: string;
      text: string;
      imageId: string | null;
      priceCents: number;
      paidWith: 'free' | 'balance' | null;
    },
  ): Promise<{ id: number; created_at: Date }> {
    const [row] = await tx<{ id: number; created_at: Date }[]>`
      INSERT INTO messages (dialog_id, sender, kind, text, image_id, price_cents, paid_with)
      VALUES (${message.dialogId}, ${message.sender}, ${message.kind}, ${message.text}, ${message.imageId},
              ${message.priceCents}, ${message.paidWith})
      RETURNING id, created_at`;
    return row!;
  }

  /** One message with its dialog's user and advisor (a retried send's answer). */
  async messageById(id: number): Promise<MessageRow | null> {
    const [row] = await this.sql.unsafe<MessageRow[]>(
      `SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN dialogs d ON d.id = m.dialog_id WHERE m.id = $1`,
      [id],
    );
    return row ?? null;
  }

  async messagesForUser(dialog: DialogRow): Promise<MessageRow[]> {
    return this.sql.unsafe<MessageRow[]>(
      `SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN dialogs d ON d.id = m.dialog_id
        WHERE m.dialog_id = $1 AND m.id > $2 AND m.hidden_at IS NULL ORDER BY m.id DESC LIMIT ${HISTORY_LIMIT}) recent ORDER BY id`,
      [dialog.id, dialog.user_cleared_up_to],
    );
  }

  async messagesForAdvisor(dialogId: number): Promise<MessageRow[]> {
    return this.sql.unsafe<MessageRow[]>(
      `SELECT * FROM (SELECT ${MESSAGE_COLUMNS} FROM messages m JOIN dialogs d ON d.id = m.dialog_id
        WHERE m.dialog_id = $1 AND m.hidden_at IS NULL ORDER BY m.id DESC LIMIT ${HISTORY_LIMIT}) recent ORDER BY id`,
      [dialogId],
    );
  }

  /**
   * Marks the other party's messages read for `reader`, up to `upToId` when given (the newest one
   * the reader saw); the dialog's unread count becomes what is left. Returns the newest id marked,
   * or null.
   */
  async markRead(
    dialogId: number,
    reader: 'user' | 'manager',
    upToId?: number,
  ): Promise<number | null> {
    const otherSender = reader === 'user' ? 'manager' : 'user';
    const limit = upToId ?? Number.MAX_SAFE_INTEGER;
    return this.sql.begin(async (tx) => {
      // The dialog row first: the lock orders this against a send raising the count meanwhile.
      await tx`SELECT 1 FROM dialogs WHERE id = ${dialogId} FOR UPDATE`;
      const [row] = await tx<{ up_to: number | null }[]>`
        WITH marked AS (
          UPDATE messages SET read_at = now()
          WHERE dialog_id = ${dialogId} AND sender = ${otherSender} AND read_at IS NULL
            AND id <= ${limit} RETURNING id)
        SELECT max(id)::bigint AS up_to FROM marked`;
      const left = upToId === undefined ? 0 : null;
      if (reader === 'user')
        await tx`UPDATE dialogs SET user_unread = COALESCE(${left}::int, (SELECT count(*)::int
          FROM messages WHERE dialog_id = ${dialogId} AND sender = 'manager' AND read_at IS NULL
            AND id > user_cleared_up_to)) WHERE id = ${dialogId}`;
      else
        await tx`UPDATE dialogs SET advisor_unread = COALESCE(${left}::int, (SELECT count(*)::int
          FROM messages WHERE dialog_id = ${dialogId} AND sender = 'user' AND read_at IS NULL))
          WHERE id = ${dialogId}`;
      return row?.up_to ?? null;
    });
  }

  async hideForUser(dialogId: number): Promise<void> {
    await this.sql`
      UPDATE dialogs SET user_hidden = true, user_unread = 0,
        user_cleared_up_to = COALESCE((SELECT max(id) FROM messages WHERE dialog_id = ${dialogId}), 0)
      WHERE id = ${dialogId}`;
  }

  async userChats(userId: number) {
    return this.sql<
      {
        advisor_id: number;
        last_message_text: string;
        last_message_at: Date | null;
        user_unread: number;
      }[]
    >`
      SELECT advisor_id, last_message_text, last_message_at, user_unread FROM dialogs
      WHERE user_id = ${userId} AND NOT user_hidden AND last_message_at IS NOT NULL
        -- An advisor the user blocked leaves their lists (decision 048).
        AND NOT EXISTS (SELECT 1 FROM dialog_blocks b WHERE b.user_id = dialogs.user_id
          AND b.advisor_id = dialogs.advisor_id AND b.blocked_by = 'user')
      ORDER BY last_message_at DESC`;
  }

  async advisorChats(advisorId: number) {
    return this.sql<
      {
        user_id: number;
        name: string | null;
        first_name: string | null;
        last_name: string | null;
        username: string | null;
        last_message_text: string;
        last_message_at: Date | null;
        advisor_unread: number;
      }[]
    >`
      SELECT d.user_id, u.name, u.first_name, u.last_name, u.username, d.last_message_text, d.last_message_at, d.advisor_unread
      FROM dialogs d JOIN users u ON u.telegram_id = d.user_id
      -- a deleted account's dialog (its messages erased) leaves the advisor's list (decision 050)
      WHERE d.advisor_id = ${advisorId} AND d.last_message_at IS NOT NULL AND u.erased_at IS NULL
      ORDER BY (d.advisor_unread > 0) DESC, d.last_message_at DESC`;
  }

  async userHasWritten(userId: number, advisorId: number): Promise<boolean> {
    const [row] = await this.sql`
      SELECT 1 FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      WHERE d.user_id = ${userId} AND d.advisor_id = ${advisorId} AND m.sender = 'user' LIMIT 1`;
    return Boolean(row);
  }

  async imageOwnedBy(tx: Tx, imageId: string, uploaderId: number): Promise<boolean> {
    const [row] =
      await tx`SELECT 1 FROM images WHERE id = ${imageId} AND uploader_id = ${uploaderId}`;
    return Boolean(row);
  }
}
