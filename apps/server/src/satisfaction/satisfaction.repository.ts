/**
 * SQL of satisfaction credits: offers after low ratings, and what they pay back (migrations 015
 * and 019).
 */
import type { Sql, Tx } from '../db/database.js';

export interface OfferRow {
  id: number;
  user_id: number;
  advisor_id: number;
  /** The stars it was offered for (1 or 2). */
  rating: number;
  amount_cents: number;
  message_count: number;
  expires_at: Date;
  claimed_at: Date | null;
  /** Set when the rating was raised above `rating` before the offer was claimed. */
  withdrawn_at: Date | null;
  /** Offered less than 30 days ago (the database's clock). */
  recent: boolean;
  /** Not claimed, not withdrawn and not expired. */
  open: boolean;
}

/** An offer with what a claim must check: the advisor's linked person, today. */
export interface ClaimableOfferRow extends OfferRow {
  advisor_person: number | null;
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
  id, user_id, advisor_id, rating, amount_cents, message_count, expires_at, claimed_at, withdrawn_at,
  offered_at > now() - interval '30 days' AS recent,
  claimed_at IS NULL AND withdrawn_at IS NULL AND expires_at > now() AS open`;

/**
 * Whether a message is in a dispute that was not refused (open, or refunded): the case answers it,
 * so no credit pays it back too (decision 049).
 */
const IN_A_CASE = (tx: Tx, table: 'messages' | 'm') => tx`
  EXISTS (SELECT 1 FROM dispute_messages dm JOIN disputes d ON d.id = dm.dispute_id
    WHERE dm.message_id = ${tx(table)}.id AND d.status <> 'refused')`;

/** The first instant of the current calendar month, UTC. */
const MONTH_START = (tx: Tx) =>
  tx`(date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')`;

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
   * The user's messages of the dialog paid with money that was paid in (not with credit money) and
   * in no open or refunded dispute,
   * in the 24 hours up to the last such message, when that message is at most 7 days old; null
   * otherwise. `cents` counts only the part of each price that was not credit money.
   */
  async paidWindow(tx: Tx, dialogId: number): Promise<PaidWindow | null> {
    const [row] = await tx<PaidWindow[]>`
      WITH last AS (
        SELECT max(created_at) AS at FROM messages
        WHERE dialog_id = ${dialogId} AND sender = 'user' AND paid_with = 'balance'
          AND price_cents > credit_cents AND NOT ${IN_A_CASE(tx, 'messages')}
      )
      SELECT sum(m.price_cents - m.credit_cents)::bigint AS cents, count(*)::int AS count,
             min(m.created_at) AS first_at, max(m.created_at) AS last_at
      FROM messages m, last
      WHERE last.at >= now() - interval '7 days'
        AND m.dialog_id = ${dialogId} AND m.sender = 'user' AND m.paid_with = 'balance'
        AND m.price_cents > m.credit_cents AND NOT ${IN_A_CASE(tx, 'm')}
        AND m.created_at > last.at - interval '24 hours' AND m.created_at <= last.at`;
    return row && row.count > 0 ? row : null;
  }

  /** Whether this Telegram account is the person linked to the advisor. */
  async isAdvisorsPerson(tx: Tx, advisorId: number, userId: number): Promise<boolean> {
    const [row] = await tx`
      SELECT 1 FROM advisors WHERE id = ${advisorId} AND telegram_id = ${userId}`;
    return Boolean(row);
  }

  /** The user's claimed credits of the current calendar month (UTC), across advisors. */
  async claimedThisMonth(tx: Tx, userId: number): Promise<{ count: number; cents: number }> {
    const [row] = await tx<{ count: number; cents: number }[]>`
      SELECT count(*)::int AS count, COALESCE(sum(amount_cents), 0)::bigint AS cents
      FROM satisfaction_offers
      WHERE user_id = ${userId} AND claimed_at >= ${MONTH_START(tx)}`;
    return row!;
  }

  /**
   * The fewest stars of the user's claimed credits on this advisor (a rating answered with a
   * credit stays at most there); null when none was claimed.
   */
  async claimedCreditStars(tx: Tx, userId: number, advisorId: number): Promise<number | null> {
    const [row] = await tx<{ stars: number | null }[]>`
      SELECT min(rating)::int AS stars FROM satisfaction_offers
      WHERE user_id = ${userId} AND advisor_id = ${advisorId} AND claimed_at IS NOT NULL`;
    return row?.stars ?? null;
  }

  /** Withdraws the user's unclaimed offers on this advisor made for fewer stars than `rating`. */
  async withdrawOffersBelow(
    tx: Tx,
    userId: number,
    advisorId: number,
    rating: number,
  ): Promise<void> {
    await tx`
      UPDATE satisfaction_offers SET withdrawn_at = now()
      WHERE user_id = ${userId} AND advisor_id = ${advisorId} AND rating < ${rating}
        AND claimed_at IS NULL AND withdrawn_at IS NULL`;
  }

  /** The advisor of the user's offer, without a lock (to take the locks in their order); null when none. */
  async advisorOfOffer(tx: Tx, offerId: number, userId: number): Promise<number | null> {
    const [row] = await tx<{ advisor_id: number }[]>`
      SELECT advisor_id FROM satisfaction_offers WHERE id = ${offerId} AND user_id = ${userId}`;
    return row?.advisor_id ?? null;
  }

  /** The user's rating of the advisor, locked until commit (a re-rating waits here); null when none. */
  async lockRating(tx: Tx, userId: number, advisorId: number): Promise<number | null> {
    const [row] = await tx<{ rating: number }[]>`
      SELECT rating FROM reviews WHERE advisor_id = ${advisorId} AND user_id = ${userId} FOR UPDATE`;
    return row?.rating ?? null;
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
  async lockOffer(tx: Tx, offerId: number, userId: number): Promise<ClaimableOfferRow | null> {
    const [row] = await tx<ClaimableOfferRow[]>`
      SELECT ${OFFER(tx)},
        (SELECT a.telegram_id FROM advisors a WHERE a.id = advisor_id) AS advisor_person
      FROM satisfaction_offers
      WHERE id = ${offerId} AND user_id = ${userId} FOR UPDATE`;
    return row ?? null;
  }

  /** Marks the offer claimed; `amountCents` is what was paid (the monthly cap may have cut it). */
  async markClaimed(tx: Tx, offerId: number, amountCents: number): Promise<void> {
    await tx`
      UPDATE satisfaction_offers SET claimed_at = now(), amount_cents = ${amountCents}
      WHERE id = ${offerId}`;
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
