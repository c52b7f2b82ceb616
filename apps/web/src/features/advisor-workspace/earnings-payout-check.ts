/**
 * The payout request form's own checks, before anything is sent: an amount the advisor's
 * language reads as dollars, within the minimum and what is payable, and something shaped like a
 * TON address (the server checks the checksum and the network with @ton/core).
 */
import { parseMoney, type MoneyLocale } from '@seer/contract';

export type PayoutProblem =
  | { field: 'address'; kind: 'missing' | 'shape' }
  | { field: 'amount'; kind: 'invalid' | 'ambiguous' | 'belowMinimum' | 'abovePayable' };

/** User-friendly (48 characters of base64 or base64url) or raw (workchain:64 hex). */
const FRIENDLY = /^[A-Za-z0-9+/_-]{48}$/;
const RAW = /^-?\d+:[0-9a-fA-F]{64}$/;

export function checkPayoutRequest(
  input: { address: string; amount: string },
  limits: { minimumCents: number; payableCents: number },
  locale: MoneyLocale,
): { ok: true; cents: number } | { ok: false; problems: PayoutProblem[] } {
  const problems: PayoutProblem[] = [];
  const address = input.address.trim();
  if (!address) problems.push({ field: 'address', kind: 'missing' });
  else if (!FRIENDLY.test(address) && !RAW.test(address))
    problems.push({ field: 'address', kind: 'shape' });
  const money = parseMoney(input.amount, locale);
  let cents = 0;
  if (!money.ok) problems.push({ field: 'amount', kind: money.error });
  else {
    cents = money.cents;
    if (cents < limits.minimumCents) problems.push({ field: 'amount', kind: 'belowMinimum' });
    else if (cents > limits.payableCents) problems.push({ field: 'amount', kind: 'abovePayable' });
  }
  return problems.length ? { ok: false, problems } : { ok: true, cents };
}
