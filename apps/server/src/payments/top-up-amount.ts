/** The amount of every top-up call (Stars, crypto, test payment): dollars in the wire's plain form. */
import { formatCents, LIMITS, parseDollarsToCents } from '@seer/contract';
import { BadRequestError } from '../errors.js';

/** Cents of a top-up of `amount` dollars, or a 400 that says what is wrong with it. */
export function topUpCents(amount: string | number): number {
  const cents = parseDollarsToCents(amount);
  if (cents === null)
    throw new BadRequestError(
      'amount must be a dollar amount with at most two decimals, e.g. 12.50',
    );
  if (cents < LIMITS.topUpMinCents)
    throw new BadRequestError(`amount must be at least $${formatCents(LIMITS.topUpMinCents)}`);
  if (cents > LIMITS.topUpMaxCents)
    throw new BadRequestError(`amount must be at most $${formatCents(LIMITS.topUpMaxCents)}`);
  return cents;
}
