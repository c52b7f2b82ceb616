import { describe, expect, it } from 'vitest';
import { nanotonsFor, tonTransferLink } from './ton-amount';

describe('TON amounts', () => {
  it('asks for enough nanotons to cover the dollars at the rate (rounded up)', () => {
    expect(nanotonsFor(300, 300)).toBe(1_000_000_000n);
    expect(nanotonsFor(125_000, 300)).toBe(416_666_666_667n);
    expect(nanotonsFor(1, 312)).toBe(3_205_129n);
    // the server rounds down: what we ask for is always worth at least the amount
    for (const [cents, rate] of [
      [1, 300],
      [999, 312],
      [125_000, 287],
      [7, 1],
    ] as const) {
      expect((nanotonsFor(cents, rate) * BigInt(rate)) / 1_000_000_000n).toBe(BigInt(cents));
    }
  });

  it('links to ton://transfer with the exact amount and the memo', () => {
    expect(
      tonTransferLink('UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh', 1_500_000_001n, '42'),
    ).toBe(
      'ton://transfer/UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh?amount=1500000001&text=42',
    );
  });
});
