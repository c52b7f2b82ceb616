import { describe, expect, it } from 'vitest';
import { reversalOf, splitRefund } from './refund-split.js';

describe('sharing a partial refund among messages', () => {
  it('gives each its proportional share in whole cents, the cents left to the largest remainders', () => {
    expect(splitRefund(200, [150, 150, 150])).toEqual([67, 67, 66]);
    expect(splitRefund(100, [50, 150])).toEqual([25, 75]);
    expect(splitRefund(1, [99, 1])).toEqual([1, 0]);
    expect(splitRefund(0, [10, 20])).toEqual([0, 0]);
  });

  it('adds up to the refund and never gives a message more than it cost', () => {
    for (const parts of [[1, 1, 1], [7, 13, 29, 101], [999_999_999, 1], [3]]) {
      const total = parts.reduce((a, b) => a + b, 0);
      for (const amount of [1, Math.floor(total / 3), total - 1, total]) {
        const shares = splitRefund(amount, parts);
        expect(shares.reduce((a, b) => a + b, 0)).toBe(amount);
        shares.forEach((share, i) => expect(share).toBeLessThanOrEqual(parts[i]!));
      }
    }
  });

  it('refuses a refund above what the messages cost', () => {
    expect(() => splitRefund(31, [10, 20])).toThrow(RangeError);
    expect(() => splitRefund(-1, [10])).toThrow(RangeError);
  });
});

describe("what a refund takes back from the advisor's earning", () => {
  it('is the same fraction of the earning, rounded half up, at most the earning', () => {
    expect(reversalOf(150, 150, 150)).toBe(150);
    expect(reversalOf(150, 67, 150)).toBe(67);
    expect(reversalOf(100, 1, 3)).toBe(33);
    expect(reversalOf(100, 1, 2)).toBe(50);
    expect(reversalOf(5, 1, 2)).toBe(3);
    expect(reversalOf(0, 10, 10)).toBe(0);
    expect(reversalOf(10, 0, 10)).toBe(0);
  });
});
