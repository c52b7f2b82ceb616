/** SQL for the app's notifications (migration 014). */
import type { Sql, Tx } from '../db/database.js';

export interface NotificationRow {
  id: number;
  kind: 'money' | 'reply' | 'favourite_online';
  reason: string;
  ledger_id: number | null;
  amount_cents: number;
  free_messages_delta: number;
  advisor_id: number | null;
  advisor_name: string | null;
  count: number;
  created_at: Date;
  read_at: Date | null;
}

export class NotificationsRepository {
  constructor(private readonly sql: Sql) {}

  /** A money notification of one ledger row, in the ledger row's transaction; once per row. */
  async insertMoney(
    tx: Tx,
    row: {
      userId: number;
      ledgerId: number;
      reason: string;
      amountCents: number;
      freeMessagesDelta: number;
    },
  ): Promise<{ id: number; created_at: Date } | null> {
    const [inserted] = await tx<{ id: number; created_at: Date }[]>`
      INSERT INTO notifications (user_id, kind, reason, ledger_id, amount_cents, free_messages_delta)
      VALUES (${row.userId}, 'money', ${row.reason}, ${row.ledgerId}, ${row.amountCents}, ${row.freeMessagesDelta})
      ON CONFLICT (ledger_id) DO NOTHING
      RETURNING id, created_at`;
    return inserted ?? null;
  }

  /** The dialog's unread reply notification, bumped (one more reply, newer time), or a new one. */
  async bumpReply(userId: number, advisorId: number): Promise<number> {
    const [row] = await this.sql<{ id: number }[]>`
      INSERT INTO notifications (user_id, kind, reason, advisor_id)
      VALUES (${userId}, 'reply', 'reply', ${advisorId})
      ON CONFLICT (user_id, advisor_id) WHERE kind = 'reply' AND read_at IS NULL
      DO UPDATE SET count = notifications.count + 1, created_at = now()
      RETURNING id`;
    return row!.id;
  }

  async insertFavouriteOnline(userId: number, advisorId: number): Promise<number> {
    const [row] = await this.sql<{ id: number }[]>`
      INSERT INTO notifications (user_id, kind, reason, advisor_id)
      VALUES (${userId}, 'favourite_online', 'favourite_online', ${advisorId})
      RETURNING id`;
    return row!.id;
  }

  async find(id: number): Promise<NotificationRow | null> {
    const [row] = await this.sql<NotificationRow[]>`
      SELECT n.id, n.kind, n.reason, n.ledger_id, n.amount_cents, n.free_messages_delta, n.advisor_id,
        a.name AS advisor_name, n.count, n.created_at, n.read_at
      FROM notifications n LEFT JOIN advisors a ON a.id = n.advisor_id
      WHERE n.id = ${id}`;
    return row ?? null;
  }

  /** Every kind, newest first (a bumped reply counts from its latest reply). */
  async list(userId: number, limit: number): Promise<NotificationRow[]> {
    return this.sql<NotificationRow[]>`
      SELECT n.id, n.kind, n.reason, n.ledger_id, n.amount_cents, n.free_messages_delta, n.advisor_id,
        a.name AS advisor_name, n.count, n.created_at, n.read_at
      FROM notifications n LEFT JOIN advisors a ON a.id = n.advisor_id
      WHERE n.user_id = ${userId}
      ORDER BY n.created_at DESC, n.id DESC LIMIT ${limit}`;
  }

  /** The original answer: money rows that moved money, newest ledger row first. */
  async listMoney(userId: number, limit: number): Promise<NotificationRow[]> {
    return this.sql<NotificationRow[]>`
      SELECT n.id, n.kind, n.reason, n.ledger_id, n.amount_cents, n.free_messages_delta, n.advisor_id,
        a.name AS advisor_name, n.count, n.created_at, n.read_at
      FROM notifications n LEFT JOIN advisors a ON a.id = n.advisor_id
      WHERE n.user_id = ${userId} AND n.kind = 'money' AND n.amount_cents <> 0
      ORDER BY n.ledger_id DESC LIMIT ${limit}`;
  }

  async unreadCount(userId: number, db: Sql | Tx = this.sql): Promise<number> {
    const [row] = await db<{ count: number }[]>`
      SELECT count(*)::int AS count FROM notifications WHERE user_id = ${userId} AND read_at IS NULL`;
    return row!.count;
  }

  /**
   * Marks read what happened up to `upTo` (everything without it); the number marked. The app
   * sends a time in milliseconds, the database keeps microseconds: up to the end of that millisecond.
   */
  async markRead(userId: number, upTo: Date | null): Promise<number> {
    const rows = await this.sql`
      UPDATE notifications SET read_at = now()
      WHERE user_id = ${userId} AND read_at IS NULL AND (${upTo}::timestamptz IS NULL OR created_at < ${upTo}::timestamptz + interval '1 millisecond')
      RETURNING 1`;
    return rows.length;
  }

  /** The dialog was read in the chat: its reply lines go (the chat holds the replies). */
  async removeReplies(userId: number, advisorId: number): Promise<number[]> {
    const rows = await this.sql<{ id: number }[]>`
      DELETE FROM notifications
      WHERE user_id = ${userId} AND advisor_id = ${advisorId} AND kind = 'reply'
      RETURNING id`;
    return rows.map((row) => row.id);
  }
}
