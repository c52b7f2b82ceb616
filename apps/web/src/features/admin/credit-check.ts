/**
 * Checks an admin's credit or debit before it is sent: a signed dollar amount as the admin's
 * language writes it (parseMoney: "-2,50" is a debit of $2.50 in Russian; an ambiguous amount is
 * refused, never guessed), not zero, a reason, no debit below zero. The amount is sent in the
 * wire's plain form ("-2.50").
 */
import {
  LIMITS,
  cleanText,
  formatCents,
  parseMoney,
  textTooLong,
  type MoneyLocale,
} from '@seer/contract';

export type CreditProblem =
  | 'amountRequired'
  | 'amountInvalid'
  | 'amountAmbiguous'
  | 'amountZero'
  | 'debitTooLarge'
  | 'reasonRequired'
  | 'reasonTooLong';

export type CreditCheck =
  | { ok: true; cents: number; amount: string; reason: string }
  | { ok: false; problems: Partial<Record<'amount' | 'reason', CreditProblem>> };

export function checkCredit(
  amountText: string,
  reasonText: string,
  balanceCents: number,
  locale: MoneyLocale,
): CreditCheck {
  const problems: Partial<Record<'amount' | 'reason', CreditProblem>> = {};
  const text = amountText.trim();
  let cents = 0;
  if (!text) problems.amount = 'amountRequired';
  else {
    // A hyphen or the typographic minus (U+2212) that some keyboards and Intl write.
    const negative = /^[-\u2212]/.test(text);
    const parsed = parseMoney(text.replace(/^[-+\u2212]\s*/, ''), locale);
    if (!parsed.ok)
      problems.amount = parsed.error === 'ambiguous' ? 'amountAmbiguous' : 'amountInvalid';
    else if (parsed.cents === 0) problems.amount = 'amountZero';
    else {
      cents = negative ? -parsed.cents : parsed.cents;
      if (cents < 0 && -cents > balanceCents) problems.amount = 'debitTooLarge';
    }
  }
  const reason = cleanText(reasonText, { multiline: true });
  if (!reason) problems.reason = 'reasonRequired';
  else if (textTooLong(reason, LIMITS.reviewTextMaxLength)) problems.reason = 'reasonTooLong';
  if (problems.amount || problems.reason) return { ok: false, problems };
  return { ok: true, cents, amount: formatCents(cents), reason };
}
