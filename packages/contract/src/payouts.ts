/**
 * Advisors paid in TON (docs/decisions/047-advisor-payouts-in-ton.md): the advisor's statement
 * and payout requests, and the admin's queue and batches paid with TON Connect.
 */
import { z } from 'zod';
import { depositIdField } from './ids.js';

const ok = z.literal('success');

/** Messages in one TON Connect transaction: wallet v4 sends at most 4 per external message. */
export const PAYOUT_BATCH_MAX = 4;

/** The text comment of the message that pays payout `id`. */
export function payoutComment(id: number): string {
  return `payout ${id}`;
}

/** The payout a comment names ("payout 12"), or null. */
export function payoutIdFromComment(comment: string | null | undefined): number | null {
  if (!comment) return null;
  const match = /^payout ([1-9]\d{0,15})$/.exec(comment.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) ? id : null;
}

export const PAYOUT_STATUSES = [
  'requested',
  'sent',
  'paid',
  'failed',
  'cancelled',
  'bounced',
] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A payout's id in a body (a whole number, as any other row id). */
const payoutIdField = depositIdField;

export const Payout = z.object({
  id: z.number().int(),
  amount_cents: z.number().int(),
  /** The advisor's address, user-friendly (non-bounceable) form; empty for payouts made outside Seer. */
  address: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  method: z.enum(['ton', 'outside']),
  /** Fixed when an admin puts the payout into a batch. */
  amount_nanotons: z.string().nullable(),
  tx_hash: z.string().nullable(),
  /** The transaction on the explorer, once paid. */
  explorer_url: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type Payout = z.infer<typeof Payout>;

export const StatementDay = z.object({
  /** YYYY-MM-DD (or YYYY-MM for months) in the advisor's time zone. */
  period: z.string(),
  earned_cents: z.number().int(),
  /** Refunded messages' earnings taken back (zero or negative). */
  reversed_cents: z.number().int(),
  messages: z.number().int(),
});
export type StatementDay = z.infer<typeof StatementDay>;

export const PayoutStatement = z.object({
  /** Earnings plus every ledger row: what Seer owes the advisor now, open requests taken off. */
  owed_cents: z.number().int(),
  /** Earnings younger than the hold (refunds may still take them back). */
  held_cents: z.number().int(),
  /** When the youngest held earning is released; null with nothing held. */
  held_until: z.string().nullable(),
  /** What may be requested now: owed minus held, never below zero. */
  payable_cents: z.number().int(),
  minimum_cents: z.number().int(),
  hold_days: z.number().int(),
  time_zone: z.string(),
  days: z.array(StatementDay),
  months: z.array(StatementDay),
  /** The open request (requested, or sent in a batch), if any. */
  open: Payout.nullable(),
  history: z.array(Payout),
  /** Payouts need the operator's TON wallet to be configured. */
  enabled: z.boolean(),
  network: z.enum(['mainnet', 'testnet']),
});
export type PayoutStatement = z.infer<typeof PayoutStatement>;

export const ManagerGetPayoutsAnswer = z.object({ status: ok, statement: PayoutStatement });

export const ManagerRequestPayoutBody = z.object({
  /** A TON address, user-friendly (bounceable or not) or raw; checked on the server. */
  address: z.string().trim().min(1, { error: 'address is required' }).max(100),
  /** Dollars: "20", "20.50". */
  amount: z.union([z.string().trim().max(20), z.number()]),
});
export const ManagerRequestPayoutAnswer = z.object({
  status: ok,
  payout: Payout,
  /** The request's worth in TON at today's rate; the amount sent is fixed when it is paid. */
  estimate_nanotons: z.string().nullable(),
});

export const ManagerCancelPayoutBody = z.object({ payout_id: payoutIdField });
export const ManagerCancelPayoutAnswer = z.object({ status: ok, payout: Payout });

export const AdminPayout = Payout.extend({
  manager_id: z.number().int(),
  name: z.string(),
  batch_id: z.number().int().nullable(),
  /** A message named this payout with another address or amount: look before doing anything. */
  mismatch_tx_hash: z.string().nullable(),
});
export type AdminPayout = z.infer<typeof AdminPayout>;

export const AdminPayoutQueueAnswer = z.object({
  status: ok,
  /** The operator's wallet the batch must be sent from (user-friendly); null when not configured. */
  wallet: z.string().nullable(),
  network: z.enum(['-239', '-3']),
  max_batch: z.number().int(),
  /** Open payouts (requested, sent) oldest first, then the latest closed ones. */
  payouts: z.array(AdminPayout),
});

export const AdminCreatePayoutBatchBody = z.object({
  payout_ids: z
    .array(payoutIdField)
    .min(1, { error: 'choose at least one payout' })
    .max(PAYOUT_BATCH_MAX, { error: `a batch holds at most ${PAYOUT_BATCH_MAX} payouts` })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'a payout appears twice' }),
  /** The wallet connected in TON Connect: it must be the operator's wallet the watcher reads. */
  wallet: z.string().trim().min(1).max(100),
});
export const PayoutMessage = z.object({
  /** User-friendly non-bounceable address (an advisor's undeployed wallet still receives). */
  address: z.string(),
  /** Nanotons, as TON Connect wants them: a decimal string. */
  amount: z.string(),
  /** The comment `payout <id>` as a base64 bag of cells. */
  payload: z.string(),
});
export const AdminCreatePayoutBatchAnswer = z.object({
  status: ok,
  batch_id: z.number().int(),
  /** Unix seconds: TON Connect's validUntil. */
  valid_until: z.number().int(),
  network: z.enum(['-239', '-3']),
  messages: z.array(PayoutMessage),
  ton_usd_rate: z.number(),
});
