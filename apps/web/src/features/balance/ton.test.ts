import { describe, expect, it } from 'vitest';
import { commentPayload, formatTon, friendlyAddress, nanotonsFor, tonTransferLink } from './ton';

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

  it('formats nanotons as TON without trailing zeros', () => {
    expect(formatTon(1_000_000_000n)).toBe('1');
    expect(formatTon(416_666_666_667n)).toBe('416.666666667');
    expect(formatTon(1_500_000_000n)).toBe('1.5');
    expect(formatTon(1n)).toBe('0.000000001');
  });
});

describe('TON wire forms', () => {
  it('builds the text-comment payload exactly as @ton/core serializes it', () => {
    // beginCell().storeUint(0, 32).storeStringTail('123456789').endCell().toBoc({ idx: false, crc32: true })
    expect(commentPayload('123456789')).toBe('te6cckEBAQEADwAAGgAAAAAxMjM0NTY3ODnPIZpL');
    expect(() => commentPayload('x'.repeat(124))).toThrow(RangeError);
  });

  it('turns a raw address into its non-bounceable user-friendly form and leaves friendly ones alone', () => {
    expect(friendlyAddress(`0:${'ab'.repeat(32)}`)).toBe(
      'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh',
    );
    expect(friendlyAddress(' EQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq8Uk ')).toBe(
      'EQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq8Uk',
    );
  });

  it('links to ton://transfer with the amount and the memo', () => {
    expect(tonTransferLink(`0:${'ab'.repeat(32)}`, 1_500_000_000n, '42')).toBe(
      'ton://transfer/UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh?amount=1500000000&text=42',
    );
  });
});
