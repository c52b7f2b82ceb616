/** The top-up amount field: what a person may type, and the dollars it means. */
import { LIMITS, parseDollarsToCents } from '@seer/contract';

export type AmountCheck =
  | { ok: true; cents: number }
  | { ok: false; error: 'amountInvalid' | 'amountTooSmall' | 'amountTooLarge' };

export function checkAmount(text: string): AmountCheck {
  const cents = parseDollarsToCents(text);
  if (cents === null) return { ok: false, error: 'amountInvalid' };
  if (cents < LIMITS.topUpMinCents) return { ok: false, error: 'amountTooSmall' };
  if (cents > LIMITS.topUpMaxCents) return { ok: false, error: 'amountTooLarge' };
  return { ok: true, cents };
}

/** "1,250.00": the field's display form (the default amount is written this way). */
export function formatAmount(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(cents / 100);
}

/** The plain "1250.00" form sent to the server. */
export function plainAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
