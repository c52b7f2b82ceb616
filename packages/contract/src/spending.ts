/**
 * Spending limits: a user's own daily and monthly cap on what paid messages may cost
 * (docs/decisions/028-spending-limits-and-satisfaction-credit.md). Days and months are UTC.
 */
import { z } from 'zod';
import { parseDollarsToCents } from './money.js';

/** A limit in dollars as the wire writes it (12.5 or "12.50"), read into cents; null removes it. */
const limitField = (name: string) =>
  z
    .union([z.number(), z.string()])
    .nullable()
    .transform((value, ctx) => {
      if (value === null) return null;
      const cents = parseDollarsToCents(value);
      if (cents === null) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `${name} must be a dollar amount with at most two decimals, or null`,
        });
        return z.NEVER;
      }
      return cents;
    });

/** Only the limits given change; null removes one (after 24 hours, like a raise). */
export const SetSpendingLimitsBody = z.object({
  daily: limitField('daily').optional(),
  monthly: limitField('monthly').optional(),
});

export const SpendingLimit = z.object({
  /** The limit in force; null: none. */
  limit_cents: z.number().int().nullable(),
  /** Spent on paid messages in this period (UTC day or month). */
  spent_cents: z.number().int(),
  /** A raise or removal waiting its 24 hours: the coming limit (null: none) and when it applies. */
  pending: z
    .object({ limit_cents: z.number().int().nullable(), applies_at: z.string() })
    .nullable(),
  /** When this period ends and spending counts from 0 again (00:00 UTC). */
  resets_at: z.string(),
});
export type SpendingLimit = z.infer<typeof SpendingLimit>;

export const SpendingLimitsAnswer = z.object({
  status: z.literal('success'),
  daily: SpendingLimit,
  monthly: SpendingLimit,
});
export type SpendingLimitsAnswer = z.infer<typeof SpendingLimitsAnswer>;
