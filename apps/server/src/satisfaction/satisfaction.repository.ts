/** SQL of satisfaction credits: offers after low ratings, and what they pay back (migration 015). */
import type { Sql, Tx } from '../db/database.js';

export interface OfferRow {
  id: number;
  user_id: number;
  advisor_id: number;
  amount_cents: number;
  message_count: number;
  expires_at: Date;
  claimed_at: Date | null;
  /** Offered less than 30 days ago (the database's clock). */
  recent: boolean;
  /** Not claimed and not expired. */
  open: boolean;
}

export interface PaidWindow {
  cents: number;
  count: number;
  first_at: Date;
  last_at: Date;
}

export interface AdminOfferRow {
  id: number;
  user_id: number;
  user_name: string;
  advisor_id: number;
  advisor_name: string;
  rating: number;
  amount_cents: number;
  messages_cents: number;
  message_count: number;
  offered_at: Date;
  expires_at: Date;
  claimed_at: Date | null;
}

const OFFER = (tx: Tx | Sql) => tx`
  id, user_id, advisor_id, amount_cents, message_count, expires_at, claimed_at,
  offered_at > now() - interval '30 days' AS recent,
  claimed_at IS NULL AND expires_at > now() AS open`;

export class SatisfactionRepository {
  constructor(private readonly sql: Sql) {}

  /** Locks the dialog of this user and advisor until commit, so one rating at a time decides an offer. */
  async lockDialog(tx: Tx, userId: number, advisorId: number): Promise<number | null> {
    const [row] = await tx<{ id: number }[]>`
      SELECT id FROM dialogs WHERE user_id = ${userId} AND advisor_id = ${advisorId} FOR UPDATE`;
    return row?.id ?? null;
  }

  async latestOffer(tx: Tx, userId: number, advisorId: number): Promise<OfferRow | null> {
    const [row] = await tx<OfferRow[]>`
      SELECT ${OFFER(tx)} FROM satisfaction_offers
      WHERE user_id = ${userId} AND advisor_id = ${advisorId}
      ORDER BY offered_at DESC LIMIT 1`;
    return row ?? null;
  }

  /**
   * The user's paid messages of the dialog in the 24 hours up to its last paid message, when
   * that message is at most 7 days old; null otherwise.
   */
  async paidWindow(tx: Tx, dialogId: number): Promise<PaidWindow | null> {
    const [row] = await tx<PaidWindow[]>`
      WITH last AS (
        SELECT max(created_at) AS at FROM messages
        WHERE dialog_id = ${dialogId} AND sender = 'user' AND paid_with = 'balance' AND price_cents > 0
      )
      SELECT sum(m.price_cents)::bigint AS cents, count(*)::int AS count,
             min(m.created_at) AS first_at, max(m.created_at) AS last_at
      FROM messages m, last
      WHERE last.at >= now() - interval '7 days'
        AND m.dialog_id = ${dialogId} AND m.sender = 'user' AND m.paid_with = 'balance'
        AND m.price_cents > 0
        AND m.created_at > last.at - interval '24 hours' AND m.created_at <= last.at`;
    return row && row.count > 0 ? row : null;
  }

  async insertOffer(
    tx: Tx,
    offer: {
      userId: number;
      advisorId: number;
      dialogId: number;
      rating: number;
      amountCents: number;
      window: PaidWindow;
    },
  ): Promise<OfferRow> {
    const [row] = await tx<OfferRow[]>`
      INSERT INTO satisfaction_offers (user_id, advisor_id, dialog_id, rating, amount_cents,
        messages_cents, message_count, first_message_at, last_message_at, expires_at)
      VALUES (${offer.userId}, ${offer.advisorId}, ${offer.dialogId}, ${offer.rating},
        ${offer.amountCents}, ${offer.window.cents}, ${offer.window.count},
        ${offer.window.first_at}, ${offer.window.last_at}, now() + interval '7 days')
      RETURNING ${OFFER(tx)}`;
    return row!;
  }

  /** The user's offer, locked until commit (a second tap waits here, then sees it claimed). */
  async lockOffer(tx: Tx, offerId: number, userId: number): Promise<OfferRow | null> {
    const [row] = await tx<OfferRow[]>`
      SELECT ${OFFER(tx)} FROM satisfaction_offers
      WHERE id = ${offerId} AND user_id = ${userId} FOR UPDATE`;
    return row ?? null;
  }

  async markClaimed(tx: Tx, offerId: number): Promise<void> {
    await tx`UPDATE satisfaction_offers SET claimed_at = now() WHERE id = ${offerId}`;
  }

  async listForAdmin(limit: number): Promise<AdminOfferRow[]> {
    return this.sql<AdminOfferRow[]>`
      SELECT o.id, o.user_id,
        COALESCE(NULLIF(u.name, ''), NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.username, '') AS user_name,
        o.advisor_id, a.name AS advisor_name, o.rating, o.amount_cents, o.messages_cents,
        o.message_count, o.offered_at, o.expires_at, o.claimed_at
      FROM satisfaction_offers o
      JOIN users u ON u.telegram_id = o.user_id
      JOIN advisors a ON a.id = o.advisor_id
      ORDER BY o.offered_at DESC, o.id DESC LIMIT ${limit}`;
  }
}
