/**
 * The satisfaction credit: after a rating of 1 or 2 stars, what the dialog's last paid messages
 * cost, given back once on one tap (docs/decisions/028-spending-limits-and-satisfaction-credit.md).
 */
import { z } from 'zod';

export const SatisfactionOffer = z.object({
  id: z.number().int(),
  manager_id: z.number().int(),
  /** What the credit gives: the messages' cost, at most the configured cap. */
  amount_cents: z.number().int(),
  /** How many paid messages it pays back. */
  message_count: z.number().int(),
  expires_at: z.string(),
  claimed: z.boolean(),
});
export type SatisfactionOffer = z.infer<typeof SatisfactionOffer>;

export const ClaimSatisfactionCreditBody = z.object({ offer_id: z.number().int().positive() });

export const ClaimSatisfactionCreditAnswer = z.object({
  status: z.literal('success'),
  amount_cents: z.number().int(),
  new_balance_cents: z.number().int(),
  /** True when an earlier tap (or a retry) had already claimed it: nothing more was credited. */
  already_claimed: z.boolean(),
});

export const AdminSatisfactionCredit = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  user_name: z.string(),
  advisor_id: z.number().int(),
  advisor_name: z.string(),
  rating: z.number().int(),
  amount_cents: z.number().int(),
  /** What the messages cost before the cap. */
  messages_cents: z.number().int(),
  message_count: z.number().int(),
  offered_at: z.string(),
  expires_at: z.string(),
  claimed_at: z.string().nullable(),
});
export type AdminSatisfactionCredit = z.infer<typeof AdminSatisfactionCredit>;

export const AdminSatisfactionCreditsAnswer = z.object({
  status: z.literal('success'),
  credits: z.array(AdminSatisfactionCredit),
  /** Sum of the claimed credits in the list. */
  claimed_cents: z.number().int(),
});
