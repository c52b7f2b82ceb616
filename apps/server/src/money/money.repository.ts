/** SQL of the money path: balances, free messages, the ledger, and the paid send's stored function. */
import type { Sql, Tx } from '../db/database.js';

export interface AppliedChange {
  balance_cents: number;
  free_messages: number;
  ledger_id: number;
}

export interface LedgerRow {
  id: number;
  amount_cents: number;
  free_messages_delta: number;
  reason: string;
  note: string | null;
  reference: string | null;
  created_at: Date;
}

export interface PaidSendRow {
  out_outcome: string;
  out_message_id: number | null;
  out_created_at: Date | null;
  out_balance_cents: number | null;
  out_free_messages: number | null;
  out_price_cents: number | null;
  out_paid_with: 'free' | 'balance' | null;
}

/** One send's answer in a group commit: its position in the batch. */
export interface BatchedSendRow extends PaidSendRow {
  out_index: number;
}

export interface PaidSendArgs {
  userId: number;
  advisorId: number;
  kind: string;
  text: string;
  imageId: string | null;
  preview: string;
  requiredCategory: number | null;
  /** The app's id of this message (a UUID): a send retried under it is stored once (migration 037). */
  clientId?: string | null;
}

export class MoneyRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Changes a balance and free messages by signed amounts and writes the ledger row, in the
   * caller's transaction. Returns null (and changes nothing) when either would go below zero
   * or the user does not exist. Credit money (migration 019) grows by `creditCents` and never
   * exceeds the new balance: any other debit takes the money that was paid in first.
   */
  async apply(
    tx: Tx,
    change: {
      userId: number;
      amountCents: number;
      /** How much of a credit is credit money (a satisfaction credit); absent: none. */
      creditCents?: number;
      freeMessagesDelta: number;
      reason: string;
      messageId: number | null;
      reference: string | null;
      note: string | null;
      createdBy: number | null;
    },
  ): Promise<AppliedChange | null> {
    const [row] = await tx<{ balance_cents: number; free_messages: number }[]>`
      UPDATE users SET
        balance_cents = balance_cents + ${change.amountCents},
        credit_cents = LEAST(credit_cents + ${change.creditCents ?? 0}, balance_cents + ${change.amountCents}),
        free_messages = free_messages + ${change.freeMessagesDelta},
        updated_at = now()
      WHERE telegram_id = ${change.userId}
        AND balance_cents + ${change.amountCents} >= 0
        AND free_messages + ${change.freeMessagesDelta} >= 0
      RETURNING balance_cents, free_messages`;
    if (!row) return null;
    const [ledger] = await tx<{ id: number }[]>`
      INSERT INTO ledger (user_id, amount_cents, free_messages_delta, reason, message_id, reference, note, created_by)
      VALUES (${change.userId}, ${change.amountCents}, ${change.freeMessagesDelta}, ${change.reason},
              ${change.messageId}, ${change.reference}, ${change.note}, ${change.createdBy})
      RETURNING id`;
    return { ...row, ledger_id: ledger!.id };
  }

  /** Locks the user's wallet row for the rest of the transaction and reads it. */
  async lock(
    tx: Tx,
    userId: number,
  ): Promise<{ balance_cents: number; free_messages: number } | null> {
    const [row] = await tx<{ balance_cents: number; free_messages: number }[]>`
      SELECT balance_cents, free_messages FROM users WHERE telegram_id = ${userId} FOR UPDATE`;
    return row ?? null;
  }

  /**
   * The paid send in one round trip (migration 005; its rules: docs/decisions/007-one-money-path.md).
   * 'already_sent' (migration 037): the user's send under this client id was stored before; the row
   * carries that message, what it was charged (out_price_cents) and the wallet now.
   */
  async sendPaidMessage(m: PaidSendArgs): Promise<PaidSendRow> {
    const [row] = await this.sql<PaidSendRow[]>`
      SELECT * FROM seer_send_user_message(${m.userId}, ${m.advisorId}, ${m.kind}, ${m.text}, ${m.imageId}, ${m.preview}, ${m.requiredCategory}, ${m.clientId ?? null}::uuid)`;
    return row!;
  }

  /**
   * Several paid sends in one statement, one transaction and one commit (migration 034): the
   * batch as arrays, each send answered by its position. A send the database refuses fails the
   * whole statement, which then wrote nothing.
   */
  async sendPaidMessages(sends: readonly PaidSendArgs[]): Promise<BatchedSendRow[]> {
    const column = <T>(pick: (send: PaidSendArgs) => T): T[] => sends.map(pick);
    return this.sql<BatchedSendRow[]>`
      SELECT * FROM seer_send_paid_messages(
        ${column((m) => m.userId)}::bigint[], ${column((m) => m.advisorId)}::integer[],
        ${column((m) => m.kind)}::text[], ${column((m) => m.text)}::text[],
        ${column((m) => m.imageId)}::uuid[], ${column((m) => m.preview)}::text[],
        ${column((m) => m.requiredCategory)}::integer[], ${column((m) => m.clientId ?? null)}::uuid[])`;
  }

  async ledgerOf(userId: number, limit: number): Promise<LedgerRow[]> {
    return this.sql<LedgerRow[]>`
      SELECT id, amount_cents, free_messages_delta, reason, note, reference, created_at FROM ledger
      WHERE user_id = ${userId} ORDER BY id DESC LIMIT ${limit}`;
  }
}
