/** SQL for TON deposits, the watcher's cursor, and Telegram Stars invoices and payments. */
import type { Sql, Tx } from '../db/database.js';

export type DepositStatus =
  | 'credited'
  | 'assigned'
  | 'unmatched'
  | 'bounced'
  | 'aborted'
  /** The memo named a user, but no fresh rate was known: credited when one is (decision 037). */
  | 'pending';

/** Where a deposit's rate came from: its quote, the market, or TON_USD_RATE. */
export type RateSource = 'quote' | 'market' | 'fixed';

export interface DepositRecord {
  id: number;
  wallet: string;
  tx_hash: string;
  /** NUMERIC comes back as a string; lt and nanotons exceed 2^53. */
  tx_lt: string;
  tx_time: Date;
  source: string | null;
  amount_nanotons: string;
  comment: string | null;
  /** Millionths of a dollar per TON; null while pending, or unmatched without a fresh rate. */
  rate_micro_usd_per_ton: number | null;
  rate_source: RateSource | null;
  quote_id: number | null;
  amount_cents: number;
  user_id: number | null;
  status: DepositStatus;
  note: string | null;
  credited_at: Date | null;
  assigned_by: number | null;
  created_at: Date;
}

export interface NewDeposit {
  wallet: string;
  txHash: string;
  txLt: bigint;
  txTime: Date;
  source: string | null;
  nanotons: bigint;
  comment: string | null;
  rateMicroUsdPerTon: number | null;
  rateSource: RateSource | null;
  quoteId: number | null;
  amountCents: number;
  userId: number | null;
  status: DepositStatus;
  note: string | null;
}

export interface TonQuoteRecord {
  id: number;
  memo: string;
  user_id: number;
  amount_cents: number;
  /** NUMERIC as a string. */
  amount_nanotons: string;
  rate_micro_usd_per_ton: number;
  created_at: Date;
  expires_at: Date;
  used_by_deposit: number | null;
}

export interface StarsInvoiceRecord {
  id: string;
  user_id: number;
  amount_cents: number;
  stars: number;
  paid_at: Date | null;
  created_at: Date;
}

export interface StarsPaymentRecord {
  id: number;
  telegram_payment_charge_id: string;
  invoice_id: string | null;
  user_id: number;
  stars: number;
  amount_cents: number;
  provider_payment_charge_id: string | null;
  refunded_at: Date | null;
  refunded_by: number | null;
  created_at: Date;
}

export class PaymentsRepository {
  constructor(private readonly sql: Sql) {}

  // ---------- TON ----------

  async cursor(
    wallet: string,
    db: Sql | Tx = this.sql,
  ): Promise<{ lt: bigint; hash: string } | null> {
    const [row] = await db<{ last_lt: string; last_hash: string }[]>`
      SELECT last_lt::text AS last_lt, last_hash FROM ton_watch_cursor WHERE wallet = ${wallet}`;
    return row ? { lt: BigInt(row.last_lt), hash: row.last_hash } : null;
  }

  /** Serialises concurrent watchers on one wallet (should the advisory lock ever be lost) for one transaction. */
  async lockCursor(tx: Tx, wallet: string): Promise<{ lt: bigint } | null> {
    await tx`INSERT INTO ton_watch_cursor (wallet, last_lt, last_hash) VALUES (${wallet}, 0, '') ON CONFLICT (wallet) DO NOTHING`;
    const [row] = await tx<
      { last_lt: string }[]
    >`SELECT last_lt::text AS last_lt FROM ton_watch_cursor WHERE wallet = ${wallet} FOR UPDATE`;
    return row ? { lt: BigInt(row.last_lt) } : null;
  }

  /** Moves the cursor forward only; an older position never overwrites a newer one. */
  async advanceCursor(tx: Tx, wallet: string, lt: bigint, hash: string): Promise<void> {
    await tx`
      UPDATE ton_watch_cursor SET last_lt = ${lt.toString()}::numeric, last_hash = ${hash}, updated_at = now()
      WHERE wallet = ${wallet} AND last_lt < ${lt.toString()}::numeric`;
  }

  /** Inserts the deposit unless its transaction is already recorded; returns its id when inserted. */
  async insertDeposit(tx: Tx, deposit: NewDeposit): Promise<number | null> {
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO ton_deposits (wallet, tx_hash, tx_lt, tx_time, source, amount_nanotons, comment,
                                rate_micro_usd_per_ton, rate_source, quote_id, amount_cents, user_id, status, note, credited_at)
      VALUES (${deposit.wallet}, ${deposit.txHash}, ${deposit.txLt.toString()}::numeric, ${deposit.txTime}, ${deposit.source},
              ${deposit.nanotons.toString()}::numeric, ${deposit.comment}, ${deposit.rateMicroUsdPerTon}, ${deposit.rateSource},
              ${deposit.quoteId}, ${deposit.amountCents}, ${deposit.userId}, ${deposit.status}, ${deposit.note},
              ${deposit.status === 'credited' ? new Date() : null})
      ON CONFLICT (tx_hash) DO NOTHING
      RETURNING id`;
    return row?.id ?? null;
  }

  async findDeposit(
    id: number,
    db: Sql | Tx = this.sql,
    forUpdate = false,
  ): Promise<DepositRecord | null> {
    const rows = forUpdate
      ? await db<
          DepositRecord[]
        >`SELECT ${this.sql.unsafe(DEPOSIT_COLUMNS)} FROM ton_deposits WHERE id = ${id} FOR UPDATE`
      : await db<
          DepositRecord[]
        >`SELECT ${this.sql.unsafe(DEPOSIT_COLUMNS)} FROM ton_deposits WHERE id = ${id}`;
    return rows[0] ?? null;
  }

  /** `rate` is given when the deposit had none (it arrived without a fresh rate). */
  async markAssigned(
    tx: Tx,
    id: number,
    userId: number,
    actor: number,
    rate?: { microUsdPerTon: number; source: RateSource; amountCents: number },
  ): Promise<void> {
    await tx`UPDATE ton_deposits SET status = 'assigned', user_id = ${userId}, assigned_by = ${actor}, credited_at = now(),
        rate_micro_usd_per_ton = COALESCE(${rate?.microUsdPerTon ?? null}::bigint, rate_micro_usd_per_ton),
        rate_source = COALESCE(${rate?.source ?? null}::text, rate_source),
        amount_cents = COALESCE(${rate?.amountCents ?? null}::bigint, amount_cents)
      WHERE id = ${id}`;
  }

  /** Pending deposits of a wallet, oldest first. */
  async pendingDepositIds(wallet: string, limit: number): Promise<number[]> {
    const rows = await this.sql<{ id: number }[]>`
      SELECT id FROM ton_deposits WHERE status = 'pending' AND wallet = ${wallet} ORDER BY id LIMIT ${limit}`;
    return rows.map((row) => row.id);
  }

  /** Settles a pending deposit: credited at a rate, or unmatched with the reason. */
  async settlePending(
    tx: Tx,
    id: number,
    outcome:
      | { status: 'credited'; microUsdPerTon: number; source: RateSource; amountCents: number }
      | { status: 'unmatched'; note: string; microUsdPerTon: number | null; amountCents: number },
  ): Promise<void> {
    if (outcome.status === 'credited') {
      await tx`UPDATE ton_deposits SET status = 'credited', credited_at = now(),
          rate_micro_usd_per_ton = ${outcome.microUsdPerTon}, rate_source = ${outcome.source},
          amount_cents = ${outcome.amountCents}
        WHERE id = ${id} AND status = 'pending'`;
    } else {
      await tx`UPDATE ton_deposits SET status = 'unmatched', user_id = NULL, note = ${outcome.note},
          rate_micro_usd_per_ton = ${outcome.microUsdPerTon}, amount_cents = ${outcome.amountCents}
        WHERE id = ${id} AND status = 'pending'`;
    }
  }

  // ---------- TON quotes ----------

  /** Stores a quote; null when its memo is taken (the caller draws another). */
  async insertQuote(quote: {
    memo: string;
    userId: number;
    amountCents: number;
    nanotons: bigint;
    microUsdPerTon: number;
    validSeconds: number;
  }): Promise<TonQuoteRecord | null> {
    const [row] = await this.sql<TonQuoteRecord[]>`
      INSERT INTO ton_quotes (memo, user_id, amount_cents, amount_nanotons, rate_micro_usd_per_ton, expires_at)
      VALUES (${quote.memo}, ${quote.userId}, ${quote.amountCents}, ${quote.nanotons.toString()}::numeric,
              ${quote.microUsdPerTon}, now() + make_interval(secs => ${quote.validSeconds}))
      ON CONFLICT (memo) DO NOTHING
      RETURNING ${this.sql.unsafe(QUOTE_COLUMNS)}`;
    return row ?? null;
  }

  /** The quote with this memo, locked for the deposit that names it. */
  async findQuoteForUpdate(tx: Tx, memo: string): Promise<TonQuoteRecord | null> {
    const [row] = await tx<TonQuoteRecord[]>`
      SELECT ${this.sql.unsafe(QUOTE_COLUMNS)} FROM ton_quotes WHERE memo = ${memo} FOR UPDATE`;
    return row ?? null;
  }

  async markQuoteUsed(tx: Tx, quoteId: number, depositId: number): Promise<boolean> {
    const rows = await tx`
      UPDATE ton_quotes SET used_by_deposit = ${depositId} WHERE id = ${quoteId} AND used_by_deposit IS NULL`;
    return rows.count === 1;
  }

  // ---------- transfers that fail ----------

  /** Counts one more failed attempt at a transfer; returns the attempts so far. */
  async noteTransferFailure(wallet: string, txHash: string, error: string): Promise<number> {
    const [row] = await this.sql<{ attempts: number }[]>`
      INSERT INTO ton_transfer_failures (tx_hash, wallet, attempts, last_error)
      VALUES (${txHash}, ${wallet}, 1, ${error})
      ON CONFLICT (tx_hash) DO UPDATE SET attempts = ton_transfer_failures.attempts + 1,
        last_error = EXCLUDED.last_error, updated_at = now()
      RETURNING attempts`;
    return row!.attempts;
  }

  async clearTransferFailures(tx: Tx, txHash: string): Promise<void> {
    await tx`DELETE FROM ton_transfer_failures WHERE tx_hash = ${txHash}`;
  }

  /** Keeps a deposit that could not be credited as unmatched, with its error, once. */
  async markFailedUnmatched(tx: Tx, id: number, note: string): Promise<void> {
    await tx`UPDATE ton_deposits SET status = 'unmatched', user_id = NULL, note = ${note}
      WHERE id = ${id} AND status = 'pending'`;
  }

  async listDeposits(filter: {
    status?: DepositStatus;
    userId?: number;
    limit: number;
  }): Promise<DepositRecord[]> {
    return this.sql<DepositRecord[]>`
      SELECT ${this.sql.unsafe(DEPOSIT_COLUMNS)} FROM ton_deposits
      WHERE (${filter.status ?? null}::text IS NULL OR status = ${filter.status ?? null})
        AND (${filter.userId ?? null}::bigint IS NULL OR user_id = ${filter.userId ?? null})
      ORDER BY id DESC LIMIT ${filter.limit}`;
  }

  // ---------- Stars ----------

  async insertInvoice(invoice: {
    id: string;
    userId: number;
    amountCents: number;
    stars: number;
  }): Promise<void> {
    await this.sql`INSERT INTO stars_invoices (id, user_id, amount_cents, stars)
      VALUES (${invoice.id}, ${invoice.userId}, ${invoice.amountCents}, ${invoice.stars})`;
  }

  async findInvoice(id: string, db: Sql | Tx = this.sql): Promise<StarsInvoiceRecord | null> {
    if (!UUID.test(id)) return null;
    const [row] = await db<StarsInvoiceRecord[]>`
      SELECT id, user_id, amount_cents, stars, paid_at, created_at FROM stars_invoices WHERE id = ${id}`;
    return row ?? null;
  }

  async markInvoicePaid(tx: Tx, id: string): Promise<void> {
    await tx`UPDATE stars_invoices SET paid_at = COALESCE(paid_at, now()) WHERE id = ${id}`;
  }

  /** Records the payment unless its charge id is already recorded; returns its id when inserted. */
  async insertStarsPayment(
    tx: Tx,
    payment: {
      chargeId: string;
      invoiceId: string | null;
      userId: number;
      stars: number;
      amountCents: number;
      providerChargeId: string | null;
    },
  ): Promise<number | null> {
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO stars_payments (telegram_payment_charge_id, invoice_id, user_id, stars, amount_cents, provider_payment_charge_id)
      VALUES (${payment.chargeId}, ${payment.invoiceId}, ${payment.userId}, ${payment.stars}, ${payment.amountCents}, ${payment.providerChargeId})
      ON CONFLICT (telegram_payment_charge_id) DO NOTHING
      RETURNING id`;
    return row?.id ?? null;
  }

  async findStarsPaymentForUpdate(tx: Tx, chargeId: string): Promise<StarsPaymentRecord | null> {
    const [row] = await tx<StarsPaymentRecord[]>`
      SELECT ${this.sql.unsafe(STARS_PAYMENT_COLUMNS)} FROM stars_payments WHERE telegram_payment_charge_id = ${chargeId} FOR UPDATE`;
    return row ?? null;
  }

  async markRefunded(tx: Tx, id: number, actor: number): Promise<void> {
    await tx`UPDATE stars_payments SET refunded_at = now(), refunded_by = ${actor} WHERE id = ${id}`;
  }

  async listStarsPayments(filter: {
    userId?: number;
    limit: number;
  }): Promise<StarsPaymentRecord[]> {
    return this.sql<StarsPaymentRecord[]>`
      SELECT ${this.sql.unsafe(STARS_PAYMENT_COLUMNS)} FROM stars_payments
      WHERE (${filter.userId ?? null}::bigint IS NULL OR user_id = ${filter.userId ?? null})
      ORDER BY id DESC LIMIT ${filter.limit}`;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const DEPOSIT_COLUMNS = `id, wallet, tx_hash, tx_lt::text AS tx_lt, tx_time, source, amount_nanotons::text AS amount_nanotons, comment,
  rate_micro_usd_per_ton, rate_source, quote_id, amount_cents, user_id, status, note, credited_at, assigned_by, created_at`;

const QUOTE_COLUMNS = `id, memo, user_id, amount_cents, amount_nanotons::text AS amount_nanotons, rate_micro_usd_per_ton,
  created_at, expires_at, used_by_deposit`;

const STARS_PAYMENT_COLUMNS = `id, telegram_payment_charge_id, invoice_id, user_id, stars, amount_cents, provider_payment_charge_id,
  refunded_at, refunded_by, created_at`;
