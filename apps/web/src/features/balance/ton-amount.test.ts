import { describe, expect, it } from 'vitest';
import { tonTransferLink } from './ton-amount';

describe('TON amounts', () => {
  it('links to ton://transfer with the exact amount and the memo', () => {
    expect(
      tonTransferLink(
        'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh',
        1_500_000_001n,
        'SEER-7K3M9QX2',
      ),
    ).toBe(
      'ton://transfer/UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh?amount=1500000001&text=SEER-7K3M9QX2',
    );
  });
});
