/**
 * The user's payment history (docs/decisions/056-payment-history.md): every ledger row but the
 * charge of each message, newest first a page at a time, each with its receipt — what was paid
 * (TON, Stars, a coin), the payment's reference (a TON transaction with its explorer page, the
 * Telegram charge id, the NOWPayments payment id) and its status. On the first page also the
 * payments received but not credited yet, and what the user has paid for messages in all.
 */
import {
  PAYMENT_HISTORY_KINDS,
  PAYMENT_HISTORY_PAGE_DEFAULT,
  PAYMENT_HISTORY_PAGE_MAX,
  type GetPaymentHistoryAnswer,
  type PaidWith,
  type PaymentHistoryEntry,
  type PaymentHistoryKind,
  type PaymentReceipt,
  type PaymentReference,
  type PendingPayment,
} from '@seer/contract';
import type { NoticedReason } from '../money/index.js';
import { BadRequestError } from '../errors.js';
import type {
  HistoryRow,
  PaymentHistoryRepository,
  PendingCryptoRow,
  PendingTonRow,
} from './history.repository.js';

/** The contract's kinds are ledger reasons a user is told about (checked by the compiler). */
const HISTORY_REASONS: readonly NoticedReason[] = PAYMENT_HISTORY_KINDS;
/**
 * A ledger reason added later fails to compile here until the history lists it (or decides not
 * to): the page must keep explaining every change of the balance but the message charges.
 */
const EVERY_REASON_LISTED: [Exclude<NoticedReason, PaymentHistoryKind>] extends [never]
  ? true
  : never = true;
void EVERY_REASON_LISTED;

/**
 * NOWPayments statuses of a payment on its way: the coins are sent or arriving. `partially_paid`
 * stays listed (less arrived than the invoice asked; support settles it); failed, expired and
 * refunded payments put nothing on the balance and are left out.
 */
const CRYPTO_ON_ITS_WAY = ['waiting', 'confirming', 'confirmed', 'sending', 'partially_paid'];
/**
 * A payment NOWPayments never closed (a coin chosen, nothing sent) stops being listed as on its
 * way after this many days without news; staff still see it in the admin's crypto list.
 */
const PENDING_CRYPTO_DAYS = 7;

export interface PaymentHistorySettings {
  /** A TON transaction's page: this URL followed by the hash in hex (PAYOUT_EXPLORER_URL). */
  tonExplorerUrl: string;
}

export class PaymentHistoryService {
  constructor(
    private readonly repository: PaymentHistoryRepository,
    private readonly settings: PaymentHistorySettings,
  ) {}

  /** One page of the user's history: entries older than ledger id `before`, at most `limit`. */
  async page(
    userId: number,
    options: { before?: number; limit?: number } = {},
  ): Promise<GetPaymentHistoryAnswer> {
    const limit = options.limit ?? PAYMENT_HISTORY_PAGE_DEFAULT;
    if (!Number.isInteger(limit) || limit < 1 || limit > PAYMENT_HISTORY_PAGE_MAX)
      throw new BadRequestError(
        `limit must be a whole number from 1 to ${PAYMENT_HISTORY_PAGE_MAX}`,
      );
    const before = options.before ?? null;
    if (before !== null && (!Number.isSafeInteger(before) || before < 1))
      throw new BadRequestError('before must be the id of an entry');
    // One row more than the page tells whether another page follows.
    const rows = await this.repository.entries(userId, HISTORY_REASONS, before, limit + 1);
    const shown = rows.slice(0, limit);
    const firstPage = before === null;
    const [pending, spent] = firstPage
      ? await Promise.all([this.pending(userId), this.repository.spentOnMessages(userId)])
      : [[], null];
    return {
      status: 'success',
      entries: shown.map((row) => this.entry(row)),
      next_before: rows.length > limit ? shown[shown.length - 1]!.id : null,
      pending,
      spent_cents: spent,
    };
  }

  private entry(row: HistoryRow): PaymentHistoryEntry {
    return {
      id: row.id,
      kind: row.reason as PaymentHistoryKind,
      amount_cents: row.amount_cents,
      free_messages: row.free_messages_delta,
      created_at: row.created_at.toISOString(),
      receipt: this.receipt(row),
    };
  }

  private receipt(row: HistoryRow): PaymentReceipt {
    const completed = (paid: PaidWith | null, reference: PaymentReference | null) => ({
      status: 'completed' as const,
      paid,
      reference,
    });
    switch (row.reason) {
      case 'ton_deposit':
        return completed(
          row.ton_nanotons === null ? null : { method: 'ton', amount_nanotons: row.ton_nanotons },
          row.reference === null ? null : this.tonTransaction(row.reference),
        );
      case 'stars':
      case 'stars_refund':
        return {
          // The top-up shows that its Stars went back; the refund itself is done.
          status: row.reason === 'stars' && row.stars_refunded_at ? 'refunded' : 'completed',
          paid: row.stars === null ? null : { method: 'stars', stars: row.stars },
          reference:
            row.reference === null
              ? null
              : { kind: 'telegram_charge', value: row.reference, url: null },
        };
      case 'crypto_deposit':
        return completed(
          cryptoPaid(row),
          row.reference === null
            ? null
            : { kind: 'nowpayments_payment', value: row.reference, url: null },
        );
      default:
        // Money from Seer itself (credits, refunds, rewards): nothing was paid, no outside reference.
        return completed(null, null);
    }
  }

  /** Payments received but not on the balance yet, newest first. */
  private async pending(userId: number): Promise<PendingPayment[]> {
    const [crypto, ton] = await Promise.all([
      this.repository.pendingCrypto(userId, CRYPTO_ON_ITS_WAY, PENDING_CRYPTO_DAYS),
      this.repository.pendingTon(userId),
    ]);
    return [
      ...crypto.map((row) => this.pendingCrypto(row)),
      ...ton.map((row) => this.pendingTon(row)),
    ].sort((a, b) => b.created_at.localeCompare(a.created_at));
  }

  private pendingCrypto(row: PendingCryptoRow): PendingPayment {
    return {
      id: `crypto:${row.payment_id}`,
      kind: 'crypto_deposit',
      amount_cents: row.amount_cents,
      created_at: row.created_at.toISOString(),
      receipt: {
        status: row.status === 'partially_paid' ? 'partially_paid' : 'pending',
        paid: cryptoPaid(row),
        reference: { kind: 'nowpayments_payment', value: row.payment_id, url: null },
      },
    };
  }

  private pendingTon(row: PendingTonRow): PendingPayment {
    return {
      id: `ton:${row.id}`,
      kind: 'ton_deposit',
      // Worth nothing yet: it is credited at the price of the moment one is known.
      amount_cents: null,
      created_at: row.created_at.toISOString(),
      receipt: {
        status: 'pending',
        paid: { method: 'ton', amount_nanotons: row.ton_nanotons },
        reference: this.tonTransaction(row.tx_hash),
      },
    };
  }

  /** A TON transaction as explorers show it (64 hex digits), with its page there. */
  private tonTransaction(hash: string): PaymentReference {
    const hex = transactionHex(hash);
    return { kind: 'ton_transaction', value: hex, url: `${this.settings.tonExplorerUrl}${hex}` };
  }
}

/** What a NOWPayments payment paid in its coin: what arrived, else what it was asked to send. */
function cryptoPaid(row: {
  crypto_currency: string | null;
  crypto_pay_amount: string | null;
  crypto_actually_paid: string | null;
}): PaidWith | null {
  if (row.crypto_currency === null && row.crypto_pay_amount === null) return null;
  const arrived = row.crypto_actually_paid !== null && Number(row.crypto_actually_paid) > 0;
  return {
    method: 'crypto',
    currency: row.crypto_currency,
    amount: arrived ? row.crypto_actually_paid : row.crypto_pay_amount,
  };
}

/**
 * The indexer's transaction hash (base64, or base64url) in hex, as explorers take it; a hash that
 * is not 32 bytes of base64 is given back as it is.
 */
export function transactionHex(hash: string): string {
  const bytes = Buffer.from(hash.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return bytes.length === 32 ? bytes.toString('hex') : hash;
}
