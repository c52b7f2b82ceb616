/** How a partial refund is shared among a case's messages, and what it takes back from the advisor (decision 049). */

/**
 * Shares `amount` among parts in proportion to their sizes, in whole cents: each gets the floor of
 * its share, and the cents left go one each to the largest remainders (the earlier part on a tie).
 * No part gets more than its size; the shares add up to `amount` (at most the parts' sum).
 */
export function splitRefund(amount: number, parts: readonly number[]): number[] {
  const total = parts.reduce((sum, part) => sum + part, 0);
  if (!Number.isSafeInteger(amount) || amount < 0 || amount > total)
    throw new RangeError(`a refund of ${amount} cannot be shared among parts of ${total}`);
  if (amount === 0) return parts.map(() => 0);
  const big = BigInt(amount);
  const sum = BigInt(total);
  const shares = parts.map((part) => {
    const exact = big * BigInt(part);
    return { floor: Number(exact / sum), remainder: exact % sum };
  });
  let left = amount - shares.reduce((s, share) => s + share.floor, 0);
  const order = shares
    .map((share, index) => ({ index, remainder: share.remainder }))
    .sort((a, b) =>
      a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
    );
  const result = shares.map((share) => share.floor);
  for (const { index } of order) {
    if (left === 0) break;
    result[index]! += 1;
    left -= 1;
  }
  return result;
}

/**
 * What a message's refund takes back from the advisor's earning: the same fraction of the earning
 * as the refund is of what the message cost in money paid in, rounded half up, at most the earning.
 */
export function reversalOf(earning: number, refunded: number, refundable: number): number {
  if (earning <= 0 || refunded <= 0 || refundable <= 0) return 0;
  const scaled =
    (BigInt(earning) * BigInt(refunded) * 2n + BigInt(refundable)) / (2n * BigInt(refundable));
  return Math.min(earning, Number(scaled));
}
