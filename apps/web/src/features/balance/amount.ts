/** The top-up amount field: what a person may type in their language, and the dollars it means. */
import { formatMoneyNumber, LIMITS, parseMoney, type MoneyLocale } from '@seer/contract';

export type AmountCheck =
  | { ok: true; cents: number }
  | { ok: false; error: 'amountInvalid' | 'amountAmbiguous' | 'amountTooSmall' | 'amountTooLarge' };

/** "12,50" and "12.50" are $12.50 in either language; "1,250" is refused in Russian as ambiguous. */
export function checkAmount(text: string, locale: MoneyLocale): AmountCheck {
  const parsed = parseMoney(text, locale);
  if (!parsed.ok)
    return { ok: false, error: parsed.error === 'ambiguous' ? 'amountAmbiguous' : 'amountInvalid' };
  if (parsed.cents < LIMITS.topUpMinCents) return { ok: false, error: 'amountTooSmall' };
  if (parsed.cents > LIMITS.topUpMaxCents) return { ok: false, error: 'amountTooLarge' };
  return { ok: true, cents: parsed.cents };
}

/** The field's display form: "1,250.00" in English, "1 250,00" in Russian. */
export function formatAmount(cents: number, locale: MoneyLocale): string {
  return formatMoneyNumber(cents, locale);
}

export { plainAmount } from '../../shared/top-up/plain-amount';
