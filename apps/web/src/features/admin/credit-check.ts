/** Checks an admin's credit or debit before it is sent: a signed dollar amount with at most two decimals, not zero, a reason, no debit below zero. */
import { LIMITS, cleanText, parseDollarsToCents, textTooLong } from '@seer/contract';

export type CreditProblem =
  | 'amountRequired'
  | 'amountInvalid'
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
): CreditCheck {
  const problems: Partial<Record<'amount' | 'reason', CreditProblem>> = {};
  const text = amountText.trim();
  let cents = 0;
  if (!text) problems.amount = 'amountRequired';
  else {
    const negative = text.startsWith('-');
    const magnitude = parseDollarsToCents(text.replace(/^[-+]\s*/, ''));
    if (magnitude === null) problems.amount = 'amountInvalid';
    else if (magnitude === 0) problems.amount = 'amountZero';
    else {
      cents = negative ? -magnitude : magnitude;
      if (cents < 0 && -cents > balanceCents) problems.amount = 'debitTooLarge';
    }
  }
  const reason = cleanText(reasonText, { multiline: true });
  if (!reason) problems.reason = 'reasonRequired';
  else if (textTooLong(reason, LIMITS.reviewTextMaxLength)) problems.reason = 'reasonTooLong';
  if (problems.amount || problems.reason) return { ok: false, problems };
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return {
    ok: true,
    cents,
    amount: `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`,
    reason,
  };
}
