/**
 * TON amounts for a dollar top-up, without a TON library (this module is on the balance screen
 * itself; @ton/core comes with the wallet connection): the nanotons to send and, for plain
 * browsers, the ton://transfer link.
 */
import { NANOTONS_PER_TON } from '@seer/contract';

/** Nanotons worth at least `cents` at `rateCentsPerTon` (rounded up, so the deposit covers the amount). */
export function nanotonsFor(cents: number, rateCentsPerTon: number): bigint {
  const rate = BigInt(rateCentsPerTon);
  return (BigInt(cents) * NANOTONS_PER_TON + rate - 1n) / rate;
}

/**
 * The ton:// deep link most wallet apps open with the amount and comment filled in. Only for
 * plain browsers: inside Telegram such a link does not open (TON Connect or copying instead).
 */
export function tonTransferLink(address: string, nanotons: bigint, memo: string): string {
  return `ton://transfer/${encodeURIComponent(address)}?amount=${nanotons.toString()}&text=${encodeURIComponent(memo)}`;
}
