/** SQL of disputes (migration 032), the messages they are about, and the advisor's reversals. */
import type { DisputeStatus } from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';

export interface DisputeRow {
  id: number;
  user_id: number;
  user_name: string;
  advisor_id: number;
  advisor_name: string;
  /** The Telegram account linked to the advisor today, if any. */
  advisor_person: number | null;
  dialog_id: number;
  text: string;
  status: DisputeStatus;
  claimed_cents: number;
  refunded_cents: number;
  resolution_note: string | null;
  resolved_at: Date | null;
  created_at: Date;
}

export interface DisputeMessageRow {
  dispute_id: number;
  message_id: number;
  kind: string;
  text: string;
  created_at: Date;
  refundable_cents: number;
  refunded_cents: number;
}

/** A message named in a new case, with everything its checks need. */
export interface CandidateRow {
  id: number;
  user_id: number;
  advisor_id: number;
  sender: string;
  paid_with: string | null;
  /** The price less the part paid with credit money. */
  paid_in_cents: number;
  in_window: boolean;
  /** In a case already (open or decided). */
  disputed: boolean;
  /** Paid back by a claimed satisfaction credit. */
  credited: boolean;
}

export interface ChoosableRow {
  id: number;
  kind: string;
  text: string;
  created_at: Date;
  paid_in_cents: number;
}

const DISPUTE = (db: Sql | Tx) => db`
  d.id, d.user_id,
  COALESCE(NULLIF(u.name, ''), NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.username, '') AS user_name,
  d.advisor_id, a.name AS advisor_name, a.telegram_id AS advisor_person, d.dialog_id, d.text, d.status,
  d.claimed_cents, d.refunded_cents, d.resolution_note, d.resolved_at, d.created_at`;

/**
 * Whether offer `o`'s window covers message `m`. The window's ends were stored from JavaScript
 * dates (milliseconds), so the message's time is compared at milliseconds too.
 */
const COVERS = (db: Sql | Tx) => db`
  date_trunc('milliseconds', m.created_at) BETWEEN o.first_message_at AND o.last_message_at`;

/** Whether a claimed satisfaction credit paid back message `m` (its offer's window covers it). */
const CREDITED = (db: Sql | Tx) => db`
  EXISTS (SELECT 1 FROM satisfaction_offers o
    WHERE o.dialog_id = m.dialog_id AND o.claimed_at IS NOT NULL AND ${COVERS(db)})`;

export class DisputesRepository {
  constructor(private readonly sql: Sql) {}

  async dialogOf(db: Sql | Tx, userId: number, advisorId: number): Promise<number | null> {
    const [row] = await db<{ id: number }[]>`
      SELECT id FROM dialogs WHERE user_id = ${userId} AND advisor_id = ${advisorId}`;
    return row?.id ?? null;
  }

  /** The advisor's linked person (null if none); undefined when there is no such active advisor. */
  async advisorPerson(advisorId: number): Promise<{ person: number | null } | undefined> {
    const [row] = await this.sql<{ telegram_id: number | null }[]>`
      SELECT telegram_id FROM advisors WHERE id = ${advisorId}`;
    return row ? { person: row.telegram_id } : undefined;
  }

  /** The named messages, whoever's they are, with what a case's checks need. */
  async candidates(tx: Tx, ids: readonly number[], windowDays: number): Promise<CandidateRow[]> {
    return tx<CandidateRow[]>`
      SELECT m.id, dl.user_id, dl.advisor_id, m.sender, m.paid_with,
        (m.price_cents - m.credit_cents)::bigint AS paid_in_cents,
        m.created_at > now() - make_interval(days => ${windowDays}) AS in_window,
        EXISTS (SELECT 1 FROM dispute_messages dm WHERE dm.message_id = m.id) AS disputed,
        ${CREDITED(tx)} AS credited
      FROM messages m JOIN dialogs dl ON dl.id = m.dialog_id
      WHERE m.id = ANY(${ids as number[]}::bigint[])`;
  }

  /** The dialog's messages a new case may be about, newest first. */
  async choosable(dialogId: number, windowDays: number, limit: number): Promise<ChoosableRow[]> {
    return this.sql<ChoosableRow[]>`
      SELECT m.id, m.kind, m.text, m.created_at, (m.price_cents - m.credit_cents)::bigint AS paid_in_cents
      FROM messages m
      WHERE m.dialog_id = ${dialogId} AND m.sender = 'user' AND m.paid_with = 'balance'
        AND m.price_cents > m.credit_cents
        AND m.created_at > now() - make_interval(days => ${windowDays})
        AND NOT EXISTS (SELECT 1 FROM dispute_messages dm WHERE dm.message_id = m.id)
        AND NOT ${CREDITED(this.sql)}
      ORDER BY m.id DESC LIMIT ${limit}`;
  }

  /** A new open case; null when the dialog has one open already (the unique index decides). */
  async insert(
    tx: Tx,
    dispute: {
      userId: number;
      advisorId: number;
      dialogId: number;
      text: string;
      claimedCents: number;
    },
  ): Promise<number | null> {
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO disputes (user_id, advisor_id, dialog_id, text, claimed_cents)
      VALUES (${dispute.userId}, ${dispute.advisorId}, ${dispute.dialogId}, ${dispute.text}, ${dispute.claimedCents})
      ON CONFLICT (dialog_id) WHERE status = 'open' DO NOTHING
      RETURNING id`;
    return row?.id ?? null;
  }

  /** The case's messages; answers how many were taken (a message in another case is not). */
  async insertMessages(
    tx: Tx,
    disputeId: number,
    messages: ReadonlyArray<{ id: number; refundableCents: number }>,
  ): Promise<number> {
    const rows = await tx`
      INSERT INTO dispute_messages (dispute_id, message_id, refundable_cents)
      SELECT ${disputeId}, x.id, x.cents
      FROM unnest(${messages.map((m) => m.id)}::bigint[], ${messages.map((m) => m.refundableCents)}::bigint[])
        AS x(id, cents)
      ON CONFLICT (message_id) DO NOTHING
      RETURNING message_id`;
    return rows.length;
  }

  async find(id: number, db: Sql | Tx = this.sql, lock = false): Promise<DisputeRow | null> {
    const [row] = lock
      ? await db<DisputeRow[]>`
          SELECT ${DISPUTE(db)} FROM disputes d
          JOIN users u ON u.telegram_id = d.user_id JOIN advisors a ON a.id = d.advisor_id
          WHERE d.id = ${id} FOR UPDATE OF d`
      : await db<DisputeRow[]>`
          SELECT ${DISPUTE(db)} FROM disputes d
          JOIN users u ON u.telegram_id = d.user_id JOIN advisors a ON a.id = d.advisor_id
          WHERE d.id = ${id}`;
    return row ?? null;
  }

  async ofUser(userId: number, advisorId: number | null): Promise<DisputeRow[]> {
    return this.sql<DisputeRow[]>`
      SELECT ${DISPUTE(this.sql)} FROM disputes d
      JOIN users u ON u.telegram_id = d.user_id JOIN advisors a ON a.id = d.advisor_id
      WHERE d.user_id = ${userId} AND (${advisorId}::int IS NULL OR d.advisor_id = ${advisorId})
      ORDER BY d.id DESC LIMIT 100`;
  }

  async openOfDialog(dialogId: number): Promise<DisputeRow | null> {
    const [row] = await this.sql<DisputeRow[]>`
      SELECT ${DISPUTE(this.sql)} FROM disputes d
      JOIN users u ON u.telegram_id = d.user_id JOIN advisors a ON a.id = d.advisor_id
      WHERE d.dialog_id = ${dialogId} AND d.status = 'open'`;
    return row ?? null;
  }

  /** Open cases oldest first, then decided ones newest first; optionally of one status. */
  async forStaff(status: DisputeStatus | null, limit: number): Promise<DisputeRow[]> {
    return this.sql<DisputeRow[]>`
      SELECT ${DISPUTE(this.sql)} FROM disputes d
      JOIN users u ON u.telegram_id = d.user_id JOIN advisors a ON a.id = d.advisor_id
      WHERE ${status}::text IS NULL OR d.status = ${status}
      ORDER BY d.status = 'open' DESC,
        CASE WHEN d.status = 'open' THEN d.id END ASC, d.id DESC
      LIMIT ${limit}`;
  }

  async messagesOf(
    disputeIds: readonly number[],
    db: Sql | Tx = this.sql,
  ): Promise<DisputeMessageRow[]> {
    if (disputeIds.length === 0) return [];
    return db<DisputeMessageRow[]>`
      SELECT dm.dispute_id, dm.message_id, m.kind, m.text, m.created_at, dm.refundable_cents, dm.refunded_cents
      FROM dispute_messages dm JOIN messages m ON m.id = dm.message_id
      WHERE dm.dispute_id = ANY(${disputeIds as number[]}::bigint[])
      ORDER BY dm.message_id`;
  }

  /**
   * Of these messages, those a claimed satisfaction credit paid back, after locking the dialog's
   * offers (a claim of one waits until this transaction ends, and then finds it withdrawn).
   */
  async creditedAfterLockingOffers(
    tx: Tx,
    dialogId: number,
    messageIds: readonly number[],
  ): Promise<Set<number>> {
    await tx`SELECT id FROM satisfaction_offers WHERE dialog_id = ${dialogId} ORDER BY id FOR UPDATE`;
    const rows = await tx<{ id: number }[]>`
      SELECT m.id FROM messages m
      WHERE m.id = ANY(${messageIds as number[]}::bigint[]) AND ${CREDITED(tx)}`;
    return new Set(rows.map((row) => row.id));
  }

  /** Withdraws the dialog's unclaimed credit offers whose window covers any of these messages. */
  async withdrawOffersCovering(
    tx: Tx,
    dialogId: number,
    messageIds: readonly number[],
  ): Promise<number> {
    const rows = await tx`
      UPDATE satisfaction_offers o SET withdrawn_at = now()
      WHERE o.dialog_id = ${dialogId} AND o.claimed_at IS NULL AND o.withdrawn_at IS NULL
        AND EXISTS (SELECT 1 FROM messages m
          WHERE m.id = ANY(${messageIds as number[]}::bigint[])
            AND ${COVERS(tx)})
      RETURNING o.id`;
    return rows.length;
  }

  /** What the advisor earned for each message (no row: a free message, or one paid with credit money). */
  async earningsOf(tx: Tx, messageIds: readonly number[]): Promise<Map<number, number>> {
    const rows = await tx<{ message_id: number; amount_cents: number }[]>`
      SELECT message_id, amount_cents FROM advisor_earnings
      WHERE message_id = ANY(${messageIds as number[]}::bigint[])`;
    return new Map(rows.map((row) => [row.message_id, row.amount_cents]));
  }

  /** A negative row in the advisor's ledger (migration 029); its reference keeps it to one. */
  async insertReversal(
    tx: Tx,
    reversal: {
      advisorId: number;
      messageId: number;
      amountCents: number;
      reference: string;
      note: string;
    },
  ): Promise<void> {
    await tx`
      INSERT INTO advisor_ledger (advisor_id, amount_cents, reason, message_id, reference, note)
      VALUES (${reversal.advisorId}, ${-reversal.amountCents}, 'reversal', ${reversal.messageId},
        ${reversal.reference}, ${reversal.note})`;
  }

  async setMessageRefunded(
    tx: Tx,
    disputeId: number,
    messageId: number,
    cents: number,
  ): Promise<void> {
    await tx`
      UPDATE dispute_messages SET refunded_cents = ${cents}
      WHERE dispute_id = ${disputeId} AND message_id = ${messageId}`;
  }

  async decide(
    tx: Tx,
    id: number,
    decision: { status: DisputeStatus; refundedCents: number; note: string | null; actor: number },
  ): Promise<void> {
    await tx`
      UPDATE disputes SET status = ${decision.status}, refunded_cents = ${decision.refundedCents},
        resolution_note = ${decision.note}, resolved_by = ${decision.actor}, resolved_at = now()
      WHERE id = ${id} AND status = 'open'`;
  }
}
