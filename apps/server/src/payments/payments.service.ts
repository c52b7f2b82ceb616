/**
 * The money-in rules: TON deposits (recorded once per transaction, credited by memo at the
 * configured rate), Telegram Stars top-ups (invoice, pre-checkout, successful payment, refund),
 * and the admin's tools for unmatched deposits and refunds. Every credit writes the payment
 * row, the ledger row and (for TON) the watcher's cursor in one database transaction.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { Address } from '@ton/core';
import { formatCents, type Locale, type PhonePaymentsPolicy } from '@seer/contract';
import type { Tx } from '../db/database.js';
import { localeOfUser, type UsersService } from '../users/index.js';
import { BalanceTooLowError, LEDGER_REASONS, type MoneyService } from '../money/index.js';
import { BadRequestError, ConflictError, NotFoundError, UnavailableError } from '../errors.js';
import {
  BotApiError,
  type BotApi,
  type PreCheckoutQuery,
  type SuccessfulPayment,
} from '../bot/index.js';
import type {
  PaymentsRepository,
  DepositRecord,
  DepositStatus,
  RateSource,
  StarsPaymentRecord,
  TonQuoteRecord,
} from './payments.repository.js';
import { STARS_TEXTS, starsInvoiceTexts, type CheckoutRefusal } from './stars-texts.js';
import {
  centsToNanotons,
  incomingTransfer,
  nanotonsToCents,
  quoteMemoFrom,
  type IncomingTransfer,
} from './ton-transfers.js';
import { MICRO_USD_PER_DOLLAR, type TonRate, type TonRateSource } from './ton-rate.js';
import type { IndexerTransaction } from './toncenter.js';
import { topUpCents } from './top-up-amount.js';
import { assertOtherPaymentAllowed } from './top-up-policy.js';

export interface PaymentsSettings {
  tonWalletAddress: string | undefined;
  /** The TON/USD rate deposits are credited at (decision 037). */
  tonRate: TonRateSource;
  starsPerUsd: number;
  /** Demo mode's test payments are on (TestPaymentsService.enabled). */
  testPayments: boolean;
  /** TON Connect's network; the wallet address is shown test-only on testnet. */
  tonNetwork?: 'mainnet' | 'testnet';
  /** TELEGRAM_APP_URL: where a wallet sends a Telegram user back (TON Connect's twaReturnUrl). */
  telegramAppUrl?: string;
  /** The bot's username once known; the return link falls back to its chat. */
  botUsername?: () => string | null;
  /** NOWPayments is configured (crypto top-ups: payments/crypto.service.ts). */
  cryptoEnabled: boolean;
  /** PHONE_PAYMENTS (decision 038): what Telegram's phone apps offer; absent: stars-only. */
  phonePayments?: PhonePaymentsPolicy;
}

/** How long a TON quote's rate holds (decision 037). */
export const TON_QUOTE_VALID_SECONDS = 15 * 60;
/**
 * A transfer with a quote's memo gets the quoted rate when it is within this share of the quoted
 * nanotons (either way): 1 / 100 = ±1 %.
 */
export const TON_QUOTE_TOLERANCE_DIVISOR = 100n;
/** Crockford's base32 alphabet (no I, L, O, U): a memo read aloud or retyped stays unambiguous. */
const MEMO_LETTERS = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** What a quote answers: send `nanotons` with `memo` before `expiresAt` and get `amountCents`. */
export interface TonQuote {
  memo: string;
  walletAddress: string;
  nanotons: bigint;
  amountCents: number;
  microUsdPerTon: number;
  expiresAt: Date;
}

/** TON Connect's CHAIN ids. */
const TON_CHAIN = { mainnet: '-239', testnet: '-3' } as const;

/** Lets the admin layer write its audit row inside the same transaction as the change. */
export type AuditWriter = (
  tx: Tx,
  action: string,
  details: Record<string, unknown>,
) => Promise<void>;

/**
 * Telegram refuses very large Stars invoices; above this we answer with a clear message
 * instead of passing Telegram's STARS_INVOICE_INVALID on to the user.
 */
const STARS_MAX_PER_PAYMENT = 10_000;
/** An invoice link older than this is refused at checkout (the amount was quoted at an old rate). */
const STARS_INVOICE_MAX_AGE_MS = 24 * 3600 * 1000;

export interface TonRecordResult {
  /** Null for transactions that are not incoming transfers (only the cursor moved). */
  depositId: number | null;
  status: DepositStatus | null;
  /** False when another watcher recorded this transaction first. */
  inserted: boolean;
  creditedCents: number;
  userId: number | null;
}

export class PaymentsService {
  private readonly starsPerUsdHundredths: number;
  /** The deposit wallet in the form wallets are given: user-friendly, non-bounceable (TON's rule for wallets). */
  private readonly friendlyWallet: string;

  constructor(
    private readonly repository: PaymentsRepository,
    private readonly money: MoneyService,
    private readonly users: UsersService,
    private readonly settings: PaymentsSettings,
    /** Null without BOT_TOKEN: Stars top-ups are then off. */
    private readonly bot: BotApi | null,
  ) {
    this.starsPerUsdHundredths = Math.round(settings.starsPerUsd * 100);
    this.friendlyWallet = settings.tonWalletAddress
      ? Address.parse(settings.tonWalletAddress).toString({
          bounceable: false,
          testOnly: settings.tonNetwork === 'testnet',
        })
      : '';
  }

  /** Where the deposit watcher resumes: the last indexer transaction recorded for this wallet. */
  async tonCursor(wallet: string) {
    return this.repository.cursor(wallet);
  }

  /** TON Connect's network id for transfers to the deposit wallet. */
  get tonNetwork(): '-239' | '-3' {
    return TON_CHAIN[this.settings.tonNetwork ?? 'mainnet'];
  }

  get starsEnabled(): boolean {
    return this.bot !== null;
  }

  async depositInfo(telegramId: number) {
    const rate = this.settings.tonWalletAddress ? await this.settings.tonRate.fresh() : null;
    return {
      status: 'success' as const,
      wallet_address: this.friendlyWallet,
      memo: String(telegramId),
      ton_usd_rate: rate ? rate.microUsdPerTon / MICRO_USD_PER_DOLLAR : null,
      ton_enabled: this.settings.tonWalletAddress !== undefined,
      stars_enabled: this.starsEnabled,
      stars_per_usd: this.settings.starsPerUsd,
      crypto_enabled: this.settings.cryptoEnabled,
      test_payments_enabled: this.settings.testPayments,
      ton_network: TON_CHAIN[this.settings.tonNetwork ?? 'mainnet'],
      telegram_return_url: this.telegramReturnUrl(),
      phone_payments: this.settings.phonePayments ?? 'stars-only',
    };
  }

  /** TELEGRAM_APP_URL, else the bot's chat once its username is known, else null. */
  private telegramReturnUrl(): string | null {
    if (this.settings.telegramAppUrl) return this.settings.telegramAppUrl;
    const username = this.settings.botUsername?.() ?? null;
    return username ? `https://t.me/${username}` : null;
  }

  // ---------- TON ----------

  /**
   * A quote for a top-up of `amount` dollars (decision 037): its own memo, the nanotons that are
   * worth at least that much at the current rate, valid for 15 minutes. 503 without a fresh rate.
   */
  /** `platform`: Telegram's platform the app names (null: not inside Telegram, or not said). */
  async createTonQuote(
    telegramId: number,
    amount: string | number,
    platform: string | null = null,
  ): Promise<TonQuote> {
    if (!this.settings.tonWalletAddress)
      throw new UnavailableError(
        'TON deposits are not configured on this server; choose another method',
      );
    assertOtherPaymentAllowed(this.settings.phonePayments ?? 'stars-only', platform, 'TON');
    const cents = topUpCents(amount);
    const rate = await this.settings.tonRate.fresh();
    if (!rate)
      throw new UnavailableError(
        'The TON price is not known right now; try again in a minute, or send TON with your Telegram id as the memo',
      );
    const nanotons = centsToNanotons(cents, rate.microUsdPerTon);
    for (let attempt = 0; attempt < 5; attempt++) {
      const quote = await this.repository.insertQuote({
        memo: newQuoteMemo(),
        userId: telegramId,
        amountCents: cents,
        nanotons,
        microUsdPerTon: rate.microUsdPerTon,
        validSeconds: TON_QUOTE_VALID_SECONDS,
      });
      if (quote)
        return {
          memo: quote.memo,
          walletAddress: this.friendlyWallet,
          nanotons,
          amountCents: cents,
          microUsdPerTon: rate.microUsdPerTon,
          expiresAt: quote.expires_at,
        };
    }
    throw new Error('no unused quote memo in 5 draws');
  }

  /**
   * Records one indexer transaction of the deposit wallet and moves the cursor past it, in one
   * database transaction: an incoming transfer becomes a deposit row (once per hash) and, when
   * its memo names a quote or a known user and a rate is known, a credit with its ledger row;
   * without a fresh rate the deposit is kept pending (creditPendingTonDeposits).
   */
  async recordTonTransaction(wallet: string, tx: IndexerTransaction): Promise<TonRecordResult> {
    const transfer = incomingTransfer(tx);
    // Read (or refreshed) before the database transaction: an HTTP call never holds the cursor lock.
    const rate = transfer ? await this.settings.tonRate.fresh() : null;
    return this.money.transaction(async ({ tx: db, apply }): Promise<TonRecordResult> => {
      await this.repository.lockCursor(db, wallet);
      let outcome: TonRecordResult = {
        depositId: null,
        status: null,
        inserted: false,
        creditedCents: 0,
        userId: null,
      };
      if (transfer) {
        const deposit = await this.tonDepositFor(db, transfer, rate);
        const depositId = await this.repository.insertDeposit(db, {
          ...depositOf(wallet, transfer),
          rateMicroUsdPerTon: deposit.rate?.microUsdPerTon ?? null,
          rateSource: deposit.rate?.source ?? null,
          quoteId: deposit.quoteId,
          amountCents: deposit.amountCents,
          userId: deposit.userId,
          status: deposit.status,
          note: deposit.note,
        });
        outcome = {
          depositId,
          status: deposit.status,
          inserted: depositId !== null,
          creditedCents: 0,
          userId: deposit.userId,
        };
        if (depositId !== null && deposit.rate?.source === 'quote' && deposit.quoteId !== null) {
          // The quote row is locked: its rate is honoured for this one transfer only.
          if (!(await this.repository.markQuoteUsed(db, deposit.quoteId, depositId)))
            throw new Error(`quote ${deposit.quoteId} was used by another deposit`);
        }
        if (depositId !== null && deposit.status === 'credited' && deposit.userId !== null) {
          await apply({
            userId: deposit.userId,
            amountCents: deposit.amountCents,
            reason: LEDGER_REASONS.tonDeposit,
            reference: transfer.hash,
            note: `TON deposit #${depositId}`,
          });
          outcome.creditedCents = deposit.amountCents;
        }
      }
      await this.repository.clearTransferFailures(db, tx.hash);
      await this.repository.advanceCursor(db, wallet, tx.lt, tx.hash);
      return outcome;
    });
  }

  /** What a transfer becomes: whose it is, at which rate, for how many cents, and why. */
  private async tonDepositFor(
    db: Tx,
    transfer: IncomingTransfer,
    current: TonRate | null,
  ): Promise<{
    status: DepositStatus;
    userId: number | null;
    rate: { microUsdPerTon: number; source: RateSource } | null;
    quoteId: number | null;
    amountCents: number;
    note: string | null;
  }> {
    const market: { microUsdPerTon: number; source: RateSource } | null = current
      ? { microUsdPerTon: current.microUsdPerTon, source: current.source }
      : null;
    const worth = (rate: { microUsdPerTon: number } | null) =>
      rate ? nanotonsToCents(transfer.nanotons, rate.microUsdPerTon) : 0;
    const unmatched = (note: string, quoteId: number | null = null) => ({
      status: 'unmatched' as const,
      userId: null,
      rate: market,
      quoteId,
      amountCents: worth(market),
      note: market ? note : `${note}; no fresh TON rate was known when it arrived`,
    });
    if (transfer.outcome !== 'received')
      return {
        ...unmatched(''),
        status: transfer.outcome,
        note:
          transfer.outcome === 'bounced'
            ? 'bounced message: our own funds returning'
            : 'transaction aborted: the transfer was not accepted',
      };

    let userId: number;
    let rate = market;
    let quoteId: number | null = null;
    let why: string | null = null;
    const quoteMemo = quoteMemoFrom(transfer.comment);
    if (quoteMemo !== null) {
      const quote = await this.repository.findQuoteForUpdate(db, quoteMemo);
      if (!quote) return unmatched(`no quote with memo ${quoteMemo}`);
      userId = quote.user_id;
      quoteId = quote.id;
      why = quoteRefusal(quote, transfer);
      if (why === null) rate = { microUsdPerTon: quote.rate_micro_usd_per_ton, source: 'quote' };
    } else if (transfer.memoTelegramId !== null) {
      if (!(await this.users.find(transfer.memoTelegramId, db)))
        return unmatched(`no user with Telegram id ${transfer.memoTelegramId}`);
      userId = transfer.memoTelegramId;
    } else {
      return unmatched(
        transfer.comment === null
          ? 'no text comment'
          : 'the comment is neither a quote memo nor a Telegram id',
      );
    }
    if (!rate)
      return {
        status: 'pending',
        userId,
        rate: null,
        quoteId,
        amountCents: 0,
        note: `waiting for a fresh TON rate${why ? `; ${why}` : ''}`,
      };
    const cents = worth(rate);
    if (cents <= 0) return unmatched('worth less than one cent at the rate', quoteId);
    return { status: 'credited', userId, rate, quoteId, amountCents: cents, note: why };
  }

  /**
   * Credits the wallet's pending deposits at the current rate once a fresh one is known, each in
   * its own transaction, exactly once (the ledger's reference is the transaction hash). One that
   * fails `maxAttempts` times is kept as unmatched with its error; returns how many were settled.
   */
  async creditPendingTonDeposits(wallet: string, maxAttempts: number): Promise<number> {
    const ids = await this.repository.pendingDepositIds(wallet, 100);
    if (ids.length === 0) return 0;
    const rate = await this.settings.tonRate.fresh();
    if (!rate) return 0;
    let settled = 0;
    for (const id of ids) {
      try {
        if (await this.creditPendingDeposit(id, rate)) settled += 1;
      } catch (error) {
        const deposit = await this.repository.findDeposit(id);
        if (!deposit) throw error;
        const message = errorMessage(error);
        const attempts = await this.repository.noteTransferFailure(
          wallet,
          deposit.tx_hash,
          message,
        );
        if (attempts < maxAttempts) continue;
        await this.money.transaction(async ({ tx: db }) => {
          await this.repository.settlePending(db, id, {
            status: 'unmatched',
            note: `not credited after ${attempts} tries: ${message}`,
            microUsdPerTon: null,
            amountCents: 0,
          });
          await this.repository.clearTransferFailures(db, deposit.tx_hash);
        });
        settled += 1;
      }
    }
    return settled;
  }

  private async creditPendingDeposit(id: number, rate: TonRate): Promise<boolean> {
    return this.money.transaction(async ({ tx: db, apply }) => {
      const deposit = await this.repository.findDeposit(id, db, true);
      if (!deposit || deposit.status !== 'pending' || deposit.user_id === null) return false;
      const cents = nanotonsToCents(BigInt(deposit.amount_nanotons), rate.microUsdPerTon);
      if (cents <= 0) {
        await this.repository.settlePending(db, id, {
          status: 'unmatched',
          note: 'worth less than one cent at the rate',
          microUsdPerTon: rate.microUsdPerTon,
          amountCents: 0,
        });
        return true;
      }
      await apply({
        userId: deposit.user_id,
        amountCents: cents,
        reason: LEDGER_REASONS.tonDeposit,
        reference: deposit.tx_hash,
        note: `TON deposit #${id}`,
      });
      await this.repository.settlePending(db, id, {
        status: 'credited',
        microUsdPerTon: rate.microUsdPerTon,
        source: rate.source,
        amountCents: cents,
      });
      await this.repository.clearTransferFailures(db, deposit.tx_hash);
      return true;
    });
  }

  /**
   * Counts a failed attempt at recording a transaction. Below `maxAttempts` it returns null (the
   * watcher retries it, with backoff); at `maxAttempts` the transfer is kept as an unmatched
   * deposit with the error, for an admin, and the cursor moves past it so the rest are handled.
   */
  async recordFailedTonTransaction(
    wallet: string,
    tx: IndexerTransaction,
    error: unknown,
    maxAttempts: number,
  ): Promise<(TonRecordResult & { attempts: number }) | null> {
    const message = errorMessage(error);
    const attempts = await this.repository.noteTransferFailure(wallet, tx.hash, message);
    if (attempts < maxAttempts) return null;
    const transfer = incomingTransfer(tx);
    const rate = transfer ? await this.settings.tonRate.fresh() : null;
    let amountCents = 0;
    try {
      if (transfer && rate) amountCents = nanotonsToCents(transfer.nanotons, rate.microUsdPerTon);
    } catch {
      amountCents = 0; // too large to price: an admin decides
    }
    return this.money.transaction(async ({ tx: db }) => {
      await this.repository.lockCursor(db, wallet);
      let depositId: number | null = null;
      /** False when the deposit row itself could not be written. */
      let kept = true;
      if (transfer) {
        // In a savepoint: a transfer whose values cannot even be stored (nanotons wider than the
        // column, which no real transfer is) stays in ton_transfer_failures, and the cursor still moves.
        depositId = await db
          .savepoint((sp) =>
            this.repository.insertDeposit(sp as unknown as Tx, {
              ...depositOf(wallet, transfer),
              rateMicroUsdPerTon: amountCents > 0 && rate ? rate.microUsdPerTon : null,
              rateSource: amountCents > 0 && rate ? rate.source : null,
              quoteId: null,
              amountCents,
              userId: null,
              status: 'unmatched',
              note: `not credited after ${attempts} tries: ${message}`,
            }),
          )
          .catch(() => {
            kept = false;
            return null;
          });
      }
      if (kept) await this.repository.clearTransferFailures(db, tx.hash);
      await this.repository.advanceCursor(db, wallet, tx.lt, tx.hash);
      return {
        depositId,
        status: transfer && kept ? ('unmatched' as const) : null,
        inserted: depositId !== null,
        creditedCents: 0,
        userId: null,
        attempts,
      };
    });
  }

  async listUnmatchedDeposits(limit = 100): Promise<DepositRecord[]> {
    return this.repository.listDeposits({ status: 'unmatched', limit });
  }

  async listDeposits(
    filter: { status?: DepositStatus; userId?: number; limit?: number } = {},
  ): Promise<DepositRecord[]> {
    return this.repository.listDeposits({ ...filter, limit: filter.limit ?? 100 });
  }

  /**
   * Credits an unmatched deposit to a user at the rate stored with it (at the current rate when
   * it arrived without one), exactly once: a second assignment of the same deposit is refused.
   */
  async assignDeposit(
    actor: number,
    depositId: number,
    telegramId: number,
    audit?: AuditWriter,
  ): Promise<{ deposit: DepositRecord; balanceCents: number; creditedCents: number }> {
    if (!Number.isSafeInteger(depositId) || depositId <= 0)
      throw new BadRequestError('deposit_id must be a positive whole number');
    if (!Number.isSafeInteger(telegramId) || telegramId <= 0)
      throw new BadRequestError('telegram_id must be a positive whole number');
    const current = this.settings.tonWalletAddress ? await this.settings.tonRate.fresh() : null;
    return this.money.transaction(async ({ tx: db, apply }) => {
      const deposit = await this.repository.findDeposit(depositId, db, true);
      if (!deposit) throw new NotFoundError(`Deposit ${depositId} not found`);
      if (deposit.status !== 'unmatched') {
        throw new ConflictError(
          deposit.user_id !== null
            ? `Deposit ${depositId} was already credited to ${deposit.user_id}`
            : `Deposit ${depositId} is ${deposit.status} and cannot be credited`,
        );
      }
      let cents = deposit.amount_cents;
      let newRate: { microUsdPerTon: number; source: RateSource; amountCents: number } | undefined;
      if (deposit.rate_micro_usd_per_ton === null) {
        if (!current)
          throw new UnavailableError(
            `Deposit ${depositId} arrived without a fresh TON rate and none is known now; try again in a minute`,
          );
        try {
          cents = nanotonsToCents(BigInt(deposit.amount_nanotons), current.microUsdPerTon);
        } catch {
          throw new BadRequestError(
            `Deposit ${depositId} is too large to credit through the app; credit the user by hand`,
          );
        }
        newRate = {
          microUsdPerTon: current.microUsdPerTon,
          source: current.source,
          amountCents: cents,
        };
      }
      if (cents <= 0) throw new BadRequestError(`Deposit ${depositId} is worth less than one cent`);
      await this.users.ensureExists(db, telegramId);
      const wallet = await apply({
        userId: telegramId,
        amountCents: cents,
        reason: LEDGER_REASONS.tonDeposit,
        reference: deposit.tx_hash,
        note: `TON deposit #${depositId} assigned by an admin`,
        createdBy: actor,
      });
      await this.repository.markAssigned(db, depositId, telegramId, actor, newRate);
      await audit?.(db, 'assign-deposit', {
        depositId,
        telegramId,
        amountCents: cents,
        txHash: deposit.tx_hash,
      });
      const updated = (await this.repository.findDeposit(depositId, db))!;
      return {
        deposit: updated,
        balanceCents: wallet.balanceCents,
        creditedCents: cents,
      };
    });
  }

  // ---------- Telegram Stars ----------

  /** Stars for an amount of cents, rounded up so a top-up never costs us money. */
  starsFor(cents: number): number {
    return Math.max(1, Math.ceil((cents * this.starsPerUsdHundredths) / 10_000));
  }

  async createStarsInvoice(telegramId: number, amount: string | number): Promise<string> {
    if (!this.bot)
      throw new UnavailableError(
        'Telegram Stars payments are not configured on this server; choose another method',
      );
    const cents = topUpCents(amount);
    const stars = this.starsFor(cents);
    if (stars > STARS_MAX_PER_PAYMENT) {
      const maxCents = Math.floor((STARS_MAX_PER_PAYMENT * 10_000) / this.starsPerUsdHundredths);
      throw new BadRequestError(
        `A Stars payment is limited to ${STARS_MAX_PER_PAYMENT} Stars ($${formatCents(maxCents)}); enter a smaller amount`,
      );
    }
    const id = randomUUID();
    const user = await this.users.find(telegramId);
    const texts = starsInvoiceTexts(cents, localeOfUser(user));
    await this.repository.insertInvoice({ id, userId: telegramId, amountCents: cents, stars });
    try {
      return await this.bot.call('createInvoiceLink', {
        title: texts.title,
        description: texts.description,
        payload: id,
        currency: 'XTR',
        prices: [{ label: texts.label, amount: stars }],
        provider_token: '',
      });
    } catch (error) {
      if (
        error instanceof BotApiError &&
        error.errorCode !== null &&
        error.errorCode >= 400 &&
        error.errorCode < 500 &&
        error.errorCode !== 429
      ) {
        throw new BadRequestError(`Telegram refused the invoice: ${error.description}`);
      }
      throw new UnavailableError('Telegram did not answer; please try again in a moment');
    }
  }

  /**
   * Whether Telegram may take this payment: the invoice is ours, unpaid, recent, the payer's, at
   * the quoted price. A refusal is worded in the payer's language (Telegram shows it to them):
   * their choice in Settings, else the language Telegram gives with the query.
   */
  async checkPreCheckout(
    query: PreCheckoutQuery,
  ): Promise<{ ok: true } | { ok: false; error: string }> {
    const refusal = await this.checkoutRefusal(query);
    if (refusal === null) return { ok: true };
    const locale = await this.users.localeOf(query.from.id, query.from.language_code);
    return { ok: false, error: checkoutRefusalText(locale, refusal) };
  }

  private async checkoutRefusal(query: PreCheckoutQuery): Promise<CheckoutRefusal | null> {
    const invoice = await this.repository.findInvoice(query.invoice_payload);
    if (!invoice) return 'unknown_invoice';
    if (invoice.user_id !== query.from.id) return 'another_account';
    if (invoice.paid_at) return 'already_paid';
    if (Date.now() - invoice.created_at.getTime() > STARS_INVOICE_MAX_AGE_MS) return 'expired';
    if (query.currency !== 'XTR' || query.total_amount !== invoice.stars) return 'amount_mismatch';
    return null;
  }

  /**
   * Credits a successful Stars payment exactly once per telegram_payment_charge_id.
   * A payment for an invoice we do not know is still recorded (credited 0) so an admin can refund it.
   */
  async recordStarsPayment(
    payerId: number,
    payment: SuccessfulPayment,
  ): Promise<{ credited: boolean; amountCents: number; userId: number }> {
    if (payment.currency !== 'XTR')
      throw new Error(`unexpected currency ${payment.currency} in a successful payment`);
    const invoice = await this.repository.findInvoice(payment.invoice_payload);
    // The payment is the invoice's top-up; checkout already made sure the payer is its owner.
    const userId = invoice?.user_id ?? payerId;
    const amountCents = invoice ? invoice.amount_cents : 0;
    const credited = await this.money.transaction(async ({ tx: db, apply }) => {
      await this.users.ensureExists(db, userId);
      const paymentId = await this.repository.insertStarsPayment(db, {
        chargeId: payment.telegram_payment_charge_id,
        invoiceId: invoice?.id ?? null,
        userId,
        stars: payment.total_amount,
        amountCents,
        providerChargeId: payment.provider_payment_charge_id ?? null,
      });
      if (paymentId === null || !invoice) return false;
      await this.repository.markInvoicePaid(db, invoice.id);
      await apply({
        userId,
        amountCents,
        reason: LEDGER_REASONS.stars,
        reference: payment.telegram_payment_charge_id,
        note: `${payment.total_amount} Stars`,
      });
      return true;
    });
    return { credited, amountCents: credited ? amountCents : 0, userId };
  }

  /**
   * Telegram's refunded_payment message: a refund made elsewhere than refundStarsPayment (which
   * marks the payment first, so this is then a no-op). Debits what the payment credited, but never
   * below zero: if the user has spent part of it, only the rest is debited and the shortfall logged.
   */
  async recordStarsRefundNotice(
    chargeId: string,
  ): Promise<{ debitedCents: number; shortCents: number } | null> {
    return this.money.transaction(async ({ tx: db, apply, lock }) => {
      const payment = await this.repository.findStarsPaymentForUpdate(db, chargeId);
      if (!payment || payment.refunded_at) return null;
      await this.repository.markRefunded(db, payment.id, 0);
      const wallet = await lock(payment.user_id);
      const debit = Math.min(payment.amount_cents, wallet?.balanceCents ?? 0);
      if (debit > 0) {
        await apply({
          userId: payment.user_id,
          amountCents: -debit,
          reason: LEDGER_REASONS.starsRefund,
          reference: chargeId,
          note: `refunded by Telegram: ${payment.stars} Stars`,
        });
      }
      return { debitedCents: debit, shortCents: payment.amount_cents - debit };
    });
  }

  async listStarsPayments(
    filter: { userId?: number; limit?: number } = {},
  ): Promise<StarsPaymentRecord[]> {
    return this.repository.listStarsPayments({ ...filter, limit: filter.limit ?? 100 });
  }

  /**
   * Refunds a Stars payment through Telegram and debits what it credited, in one transaction:
   * refused when already refunded or when the user has since spent the money (never below zero).
   */
  async refundStarsPayment(
    actor: number,
    chargeId: string,
    audit?: AuditWriter,
  ): Promise<{ payment: StarsPaymentRecord; balanceCents: number | null; debitedCents: number }> {
    if (!this.bot)
      throw new UnavailableError(
        'BOT_TOKEN is not configured: Stars payments cannot be refunded from here',
      );
    const bot = this.bot;
    if (!chargeId.trim()) throw new BadRequestError('telegram_payment_charge_id is required');
    const result = await this.money.transaction(async ({ tx: db, apply }) => {
      const payment = await this.repository.findStarsPaymentForUpdate(db, chargeId.trim());
      if (!payment) throw new NotFoundError(`No Stars payment with charge id ${chargeId}`);
      if (payment.refunded_at)
        throw new ConflictError(
          `Stars payment ${chargeId} was already refunded on ${payment.refunded_at.toISOString()}`,
        );
      let balanceCents: number | null = null;
      if (payment.amount_cents > 0) {
        try {
          const wallet = await apply({
            userId: payment.user_id,
            amountCents: -payment.amount_cents,
            reason: LEDGER_REASONS.starsRefund,
            reference: payment.telegram_payment_charge_id,
            note: `refund of ${payment.stars} Stars`,
            createdBy: actor,
          });
          balanceCents = wallet.balanceCents;
        } catch (error) {
          if (!(error instanceof BalanceTooLowError)) throw error;
          throw new BadRequestError(
            `The user's balance is below the $${formatCents(payment.amount_cents)} this payment credited; it cannot be refunded`,
          );
        }
      }
      await this.repository.markRefunded(db, payment.id, actor);
      await audit?.(db, 'refund-stars', {
        chargeId: payment.telegram_payment_charge_id,
        userId: payment.user_id,
        stars: payment.stars,
        amountCents: payment.amount_cents,
      });
      // Telegram last: if it refuses, the transaction rolls back and nothing changed here.
      try {
        await bot.call('refundStarPayment', {
          user_id: payment.user_id,
          telegram_payment_charge_id: payment.telegram_payment_charge_id,
        });
      } catch (error) {
        // A refund that went through before (and whose commit here failed) must not block the record.
        if (!(error instanceof BotApiError && /CHARGE_ALREADY_REFUNDED/i.test(error.description))) {
          if (
            error instanceof BotApiError &&
            error.errorCode !== null &&
            error.errorCode >= 400 &&
            error.errorCode < 500
          ) {
            throw new BadRequestError(`Telegram refused the refund: ${error.description}`);
          }
          throw new UnavailableError('Telegram did not answer; nothing was refunded, try again');
        }
      }
      return { payment: { ...payment, refunded_at: new Date(), refunded_by: actor }, balanceCents };
    });
    return {
      payment: result.payment,
      balanceCents: result.balanceCents,
      debitedCents: result.balanceCents !== null ? result.payment.amount_cents : 0,
    };
  }
}

/** A quote memo nobody can guess: "SEER-" and 8 random letters of MEMO_LETTERS (40 bits). */
function newQuoteMemo(): string {
  let letters = '';
  for (let i = 0; i < 8; i++) letters += MEMO_LETTERS[randomInt(MEMO_LETTERS.length)];
  return `SEER-${letters}`;
}

/**
 * Why a transfer naming a quote is not credited at the quoted rate, or null when it is: the
 * quote's rate was honoured already, it had expired when the transfer was made (the chain's time),
 * or the amount is off by more than the tolerance.
 */
function quoteRefusal(quote: TonQuoteRecord, transfer: IncomingTransfer): string | null {
  if (quote.used_by_deposit !== null)
    return `quote ${quote.memo} was already paid; credited at the current rate`;
  if (transfer.time.getTime() > quote.expires_at.getTime())
    return `quote ${quote.memo} had expired; credited at the current rate`;
  const quoted = BigInt(quote.amount_nanotons);
  const off = transfer.nanotons > quoted ? transfer.nanotons - quoted : quoted - transfer.nanotons;
  if (off * TON_QUOTE_TOLERANCE_DIVISOR > quoted)
    return `the amount is more than 1% away from quote ${quote.memo}; credited at the current rate`;
  return null;
}

/** An error as text for a deposit's note (bounded). */
/** The fields of a deposit row that come from the transfer itself. */
function depositOf(wallet: string, transfer: IncomingTransfer) {
  return {
    wallet,
    txHash: transfer.hash,
    txLt: transfer.lt,
    txTime: transfer.time,
    source: transfer.source,
    nanotons: transfer.nanotons,
    comment: transfer.comment,
  };
}

function errorMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/** A checkout refusal in the payer's language. */
export function checkoutRefusalText(locale: Locale, refusal: CheckoutRefusal): string {
  return STARS_TEXTS[locale].refusals[refusal];
}
