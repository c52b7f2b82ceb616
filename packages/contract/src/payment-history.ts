/**
 * The user's payment history (GetPaymentHistory.php; docs/decisions/056-payment-history.md):
 * every change of the balance except the charge of each message, newest first, each with its
 * receipt — what was paid, the payment's reference and where it stands.
 */
import { z } from 'zod';
import { depositIdField } from './ids.js';

const ok = z.literal('success');

/**
 * What a history entry is: the ledger reason of its row. Money in (top-ups), money back to the
 * user (refunds, credits, invitation rewards), and money taken back (a Stars payment refunded to
 * the user's Telegram account, a correction by Seer, an invitation reward withdrawn).
 */
export const PAYMENT_HISTORY_KINDS = [
  'ton_deposit',
  'stars',
  'crypto_deposit',
  'test_payment',
  'admin_credit',
  'satisfaction_credit',
  'dispute_refund',
  'referral_bonus',
  'stars_refund',
  'admin_debit',
  'referral_reversal',
] as const;
export const PaymentHistoryKind = z.enum(PAYMENT_HISTORY_KINDS);
export type PaymentHistoryKind = z.infer<typeof PaymentHistoryKind>;

/** The most entries one page holds; the page size without `limit`. */
export const PAYMENT_HISTORY_PAGE_MAX = 50;
export const PAYMENT_HISTORY_PAGE_DEFAULT = 20;

const limitMessage = `must be a whole number from 1 to ${PAYMENT_HISTORY_PAGE_MAX}`;

export const PaymentHistoryQuery = z.object({
  /** Only entries older than this one (the `next_before` of the page before); absent: the newest. */
  before: depositIdField.optional(),
  /** How many entries, 1 to 50 (20 when absent). */
  limit: z
    .preprocess(
      (value) => (typeof value === 'string' && /^\d{1,3}$/.test(value) ? Number(value) : value),
      z
        .number({ error: limitMessage })
        .int({ error: limitMessage })
        .min(1, { error: limitMessage })
        .max(PAYMENT_HISTORY_PAGE_MAX, { error: limitMessage }),
    )
    .optional(),
});
export type PaymentHistoryQuery = z.input<typeof PaymentHistoryQuery>;

/** What the user paid, in what they paid with (null for money that came from Seer itself). */
export const PaidWith = z.discriminatedUnion('method', [
  /** Nanotons as a string of digits: they go beyond what a JSON number holds exactly. */
  z.object({ method: z.literal('ton'), amount_nanotons: z.string() }),
  z.object({ method: z.literal('stars'), stars: z.number().int() }),
  /** The coin as NOWPayments names it ("usdttrc20") and the amount as it wrote it. */
  z.object({
    method: z.literal('crypto'),
    currency: z.string().nullable(),
    amount: z.string().nullable(),
  }),
]);
export type PaidWith = z.infer<typeof PaidWith>;

/** Where the payment can be looked up: on the TON explorer, with Telegram or with NOWPayments. */
export const PaymentReference = z.object({
  kind: z.enum(['ton_transaction', 'telegram_charge', 'nowpayments_payment']),
  value: z.string(),
  /** The transaction on the TON explorer; null for references that have no public page. */
  url: z.string().nullable(),
});
export type PaymentReference = z.infer<typeof PaymentReference>;

/**
 * `completed`: on the balance. `refunded`: a Stars payment given back to the user's Telegram
 * account (its refund is an entry of its own). `pending`: paid, not yet on the balance (a crypto
 * payment being confirmed, TON waiting for its price). `partially_paid`: NOWPayments received
 * less than the invoice asked; nothing is credited until support settles it.
 */
export const PAYMENT_STATUSES = ['completed', 'refunded', 'pending', 'partially_paid'] as const;
export const PaymentStatus = z.enum(PAYMENT_STATUSES);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export const PaymentReceipt = z.object({
  status: PaymentStatus,
  paid: PaidWith.nullable(),
  reference: PaymentReference.nullable(),
});
export type PaymentReceipt = z.infer<typeof PaymentReceipt>;

export const PaymentHistoryEntry = z.object({
  /** The ledger row's id: the cursor of the next page. */
  id: z.number().int(),
  kind: PaymentHistoryKind,
  /** Signed: positive on the balance, negative taken from it. */
  amount_cents: z.number().int(),
  /** Signed change of free messages (an invitation's reward is free messages, not money). */
  free_messages: z.number().int(),
  /** ISO 8601. */
  created_at: z.string(),
  receipt: PaymentReceipt,
});
export type PaymentHistoryEntry = z.infer<typeof PaymentHistoryEntry>;

/** A payment received but not on the balance yet: no ledger row exists for it. */
export const PendingPayment = z.object({
  /** "crypto:<NOWPayments payment id>" or "ton:<deposit id>": a key, not a cursor. */
  id: z.string(),
  kind: z.enum(['ton_deposit', 'crypto_deposit']),
  /** What will be credited; null while a TON transfer waits for its price. */
  amount_cents: z.number().int().nullable(),
  created_at: z.string(),
  receipt: PaymentReceipt,
});
export type PendingPayment = z.infer<typeof PendingPayment>;

export const GetPaymentHistoryAnswer = z.object({
  status: ok,
  entries: z.array(PaymentHistoryEntry),
  /** The `before` of the next page; null when this page is the last. */
  next_before: z.number().int().nullable(),
  /** First page only (without `before`): payments still on their way, newest first. */
  pending: z.array(PendingPayment),
  /** First page only: all the user has paid for messages, in cents; null on later pages. */
  spent_cents: z.number().int().nullable(),
});
export type GetPaymentHistoryAnswer = z.infer<typeof GetPaymentHistoryAnswer>;
