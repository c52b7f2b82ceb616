import { describe, expect, it } from 'vitest';
import { checkAmount, formatAmount, plainAmount } from './amount';

describe('top-up amount', () => {
  it('accepts dollars with grouping and up to two decimals, from $0.01', () => {
    expect(checkAmount('1,250.00')).toEqual({ ok: true, cents: 125_000 });
    expect(checkAmount(' 0.01 ')).toEqual({ ok: true, cents: 1 });
    expect(checkAmount('12.5')).toEqual({ ok: true, cents: 1250 });
  });

  it('refuses what is not an amount, below the minimum or above the maximum', () => {
    expect(checkAmount('')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkAmount('abc')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkAmount('1.234')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkAmount('-5')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkAmount('0')).toEqual({ ok: false, error: 'amountTooSmall' });
    expect(checkAmount('0.00')).toEqual({ ok: false, error: 'amountTooSmall' });
    expect(checkAmount('100000.01')).toEqual({ ok: false, error: 'amountTooLarge' });
  });

  it('shows 1,250.00 and sends 1250.00', () => {
    expect(formatAmount(125_000)).toBe('1,250.00');
    expect(plainAmount(125_000)).toBe('1250.00');
    expect(plainAmount(1)).toBe('0.01');
  });
});
