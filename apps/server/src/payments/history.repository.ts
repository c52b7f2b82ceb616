/**
 * SQL of the payment history: a user's ledger rows other than message charges, each joined to the
 * payment it records (TON deposit, Stars payment, NOWPayments payment) through the ledger's
 * reference; the payments not credited yet; and what the user has paid for messages.
 */
import type { Sql } from '../db/database.js';

export interface HistoryRow {
  id: number;
  reason: string;
  amount_cents: number;
  free_messages_delta: number;
  reference: string | null;
  created_at: Date;
  /** TON deposits: the nanotons received (NUMERIC as text). */
  ton_nanotons: string | null;
  /** Stars payments and their refunds. */
  stars: number | null;
  stars_refunded_at: Date | null;
  /** NOWPayments payments. */
  crypto_currency: string | null;
  crypto_pay_amount: string | null;
  crypto_actually_paid: string | null;
}

export interface PendingCryptoRow {
  payment_id: string;
  status: string;
  /** The invoice's amount: what the payment credits once finished. */
  amount_cents: number | null;
  crypto_currency: string | null;
  crypto_pay_amount: string | null;
  crypto_actually_paid: string | null;
  created_at: Date;
}

export interface PendingTonRow {
  id: number;
  tx_hash: string;
  ton_nanotons: string;
  created_at: Date;
}

export class PaymentHistoryRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Up to `limit` of the user's rows of `reasons`, newest first, older than ledger id `before`
   * when given (ids are below 2^53: the contract's cursor never goes beyond). `reason <> 'message'` lets the planner use the ledger's index of money rows
   * (migration 011), which leaves every message charge out of the scan.
   */
  async entries(
    userId: number,
    reasons: readonly string[],
    before: number | null,
    limit: number,
  ): Promise<HistoryRow[]> {
    return this.sql<HistoryRow[]>`
      SELECT l.id, l.reason, l.amount_cents, l.free_messages_delta, l.reference, l.created_at,
        d.amount_nanotons::text AS ton_nanotons,
        s.stars, s.refunded_at AS stars_refunded_at,
        c.pay_currency AS crypto_currency, c.pay_amount AS crypto_pay_amount,
        c.actually_paid AS crypto_actually_paid
      FROM ledger l
      LEFT JOIN ton_deposits d ON l.reason = 'ton_deposit' AND d.tx_hash = l.reference
      LEFT JOIN stars_payments s
        ON l.reason IN ('stars', 'stars_refund') AND s.telegram_payment_charge_id = l.reference
      LEFT JOIN crypto_payments c ON l.reason = 'crypto_deposit' AND c.payment_id = l.reference
      WHERE l.user_id = ${userId}
        AND l.reason <> 'message'
        AND l.reason = ANY(${reasons as string[]}::text[])
        AND l.id < ${before ?? Number.MAX_SAFE_INTEGER}::bigint
      ORDER BY l.id DESC
      LIMIT ${limit}`;
  }

  /**
   * The user's NOWPayments payments in `statuses` that credited nothing yet and moved in the last
   * `days` days, newest first.
   */
  async pendingCrypto(
    userId: number,
    statuses: readonly string[],
    days: number,
  ): Promise<PendingCryptoRow[]> {
    return this.sql<PendingCryptoRow[]>`
      SELECT p.payment_id, p.status, i.amount_cents, p.pay_currency AS crypto_currency,
        p.pay_amount AS crypto_pay_amount, p.actually_paid AS crypto_actually_paid, p.created_at
      FROM crypto_payments p LEFT JOIN crypto_invoices i ON i.id = p.invoice_id
      WHERE p.user_id = ${userId}
        AND p.credited_at IS NULL
        AND p.status = ANY(${statuses as string[]}::text[])
        AND p.updated_at > now() - make_interval(days => ${days})
      ORDER BY p.created_at DESC, p.payment_id DESC`;
  }

  /** The user's TON transfers waiting for a price to be credited at (decision 037), newest first. */
  async pendingTon(userId: number): Promise<PendingTonRow[]> {
    return this.sql<PendingTonRow[]>`
      SELECT id, tx_hash, amount_nanotons::text AS ton_nanotons, created_at FROM ton_deposits
      WHERE user_id = ${userId} AND status = 'pending'
      ORDER BY id DESC`;
  }

  /** What the user has paid for messages, in cents (refunds of disputes are entries of their own). */
  async spentOnMessages(userId: number): Promise<number> {
    const [row] = await this.sql<{ spent: number }[]>`
      SELECT COALESCE(-sum(amount_cents), 0)::bigint AS spent FROM ledger
      WHERE user_id = ${userId} AND reason = 'message'`;
    return row!.spent;
  }
}
