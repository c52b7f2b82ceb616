/**
 * The money-in rules: TON deposits (recorded once per transaction, credited by memo at the
 * configured rate), Telegram Stars top-ups (invoice, pre-checkout, successful payment, refund),
 * and the admin's tools for unmatched deposits and refunds. Every credit writes the payment
 * row, the ledger row and (for TON) the watcher's cursor in one database transaction.
 */
import { randomUUID } from 'node:crypto';
import { Address } from '@ton/core';
import {
  centsToDollars,
  formatCents,
  localeFromLanguageCode,
  type PhonePaymentsPolicy,
} from '@seer/contract';
import type { Tx } from '../db/database.js';
import type { UsersService } from '../users/users.service.js';
import { BalanceTooLowError, LEDGER_REASONS, type MoneyService } from '../money/money.service.js';
import { BadRequestError, ConflictError, NotFoundError, UnavailableError } from '../errors.js';
import {
  BotApiError,
  type BotApi,
  type PreCheckoutQuery,
  type SuccessfulPayment,
} from '../bot/bot-api.js';
import type {
  PaymentsRepository,
  DepositRecord,
  DepositStatus,
  StarsPaymentRecord,
} from './payments.repository.js';
import { STARS_TEXTS, starsInvoiceTexts, type CheckoutRefusal } from './stars-texts.js';
import { incomingTransfer, nanotonsToCents } from './ton-transfers.js';
import type { IndexerTransaction } from './toncenter.js';
import { topUpCents } from './top-up-amount.js';

export interface PaymentsSettings {
  tonWalletAddress: string | undefined;
  tonUsdRateCents: number;
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

  get starsEnabled(): boolean {
    return this.bot !== null;
  }

  depositInfo(telegramId: number) {
    return {
      status: 'success' as const,
      wallet_address: this.friendlyWallet,
      memo: String(telegramId),
      ton_usd_rate: centsToDollars(this.settings.tonUsdRateCents),
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
   * Records one indexer transaction of the deposit wallet and moves the cursor past it, in one
   * database transaction: an incoming transfer becomes a deposit row (once per hash) and, when
   * its memo names a known user and it is worth at least a cent, a credit with its ledger row.
   */
  async recordTonTransaction(wallet: string, tx: IndexerTransaction): Promise<TonRecordResult> {
    const transfer = incomingTransfer(tx);
    const rate = this.settings.tonUsdRateCents;
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
        const cents = nanotonsToCents(transfer.nanotons, rate);
        let status: DepositStatus;
        let userId: number | null = null;
        let note: string | null = null;
        if (transfer.outcome !== 'received') {
          status = transfer.outcome;
          note =
            transfer.outcome === 'bounced'
              ? 'bounced message: our own funds returning'
              : 'transaction aborted: the transfer was not accepted';
        } else if (transfer.memoTelegramId === null) {
          status = 'unmatched';
          note = transfer.comment === null ? 'no text comment' : 'the comment is not a Telegram id';
        } else if (cents <= 0) {
          status = 'unmatched';
          note = 'worth less than one cent at the rate';
        } else if (!(await this.users.find(transfer.memoTelegramId, db))) {
          status = 'unmatched';
          note = `no user with Telegram id ${transfer.memoTelegramId}`;
        } else {
          status = 'credited';
          userId = transfer.memoTelegramId;
        }
        const depositId = await this.repository.insertDeposit(db, {
          wallet,
          txHash: transfer.hash,
          txLt: transfer.lt,
          txTime: transfer.time,
          source: transfer.source,
          nanotons: transfer.nanotons,
          comment: transfer.comment,
          rateCentsPerTon: rate,
          amountCents: cents,
          userId,
          status,
          note,
        });
        outcome = { depositId, status, inserted: depositId !== null, creditedCents: 0, userId };
        if (depositId !== null && status === 'credited' && userId !== null) {
          await apply({
            userId,
            amountCents: cents,
            reason: LEDGER_REASONS.tonDeposit,
            reference: transfer.hash,
            note: `TON deposit #${depositId}`,
          });
          outcome.creditedCents = cents;
        }
      }
      await this.repository.advanceCursor(db, wallet, tx.lt, tx.hash);
      return outcome;
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
   * Credits an unmatched deposit to a user at the rate stored with it, exactly once:
   * a second assignment of the same deposit is refused.
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
      if (deposit.amount_cents <= 0)
        throw new BadRequestError(`Deposit ${depositId} is worth less than one cent`);
      await this.users.ensureExists(db, telegramId);
      const wallet = await apply({
        userId: telegramId,
        amountCents: deposit.amount_cents,
        reason: LEDGER_REASONS.tonDeposit,
        reference: deposit.tx_hash,
        note: `TON deposit #${depositId} assigned by an admin`,
        createdBy: actor,
      });
      await this.repository.markAssigned(db, depositId, telegramId, actor);
      await audit?.(db, 'assign-deposit', {
        depositId,
        telegramId,
        amountCents: deposit.amount_cents,
        txHash: deposit.tx_hash,
      });
      const updated = (await this.repository.findDeposit(depositId, db))!;
      return {
        deposit: updated,
        balanceCents: wallet.balanceCents,
        creditedCents: deposit.amount_cents,
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
    const texts = starsInvoiceTexts(cents, localeFromLanguageCode(user?.language_code ?? 'en'));
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
   * the quoted price. A refusal is worded in the payer's language (Telegram shows it to them).
   */
  async checkPreCheckout(
    query: PreCheckoutQuery,
  ): Promise<{ ok: true } | { ok: false; error: string }> {
    const refusal = await this.checkoutRefusal(query);
    if (refusal === null) return { ok: true };
    const languageCode =
      query.from.language_code ?? (await this.users.find(query.from.id))?.language_code;
    return { ok: false, error: checkoutRefusalText(languageCode, refusal) };
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

/** A checkout refusal in the payer's language (English when it is not known). */
export function checkoutRefusalText(
  languageCode: string | null | undefined,
  refusal: CheckoutRefusal,
): string {
  return STARS_TEXTS[localeFromLanguageCode(languageCode ?? 'en')].refusals[refusal];
}
