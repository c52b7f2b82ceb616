import { describe, expect, it } from 'vitest';
import { checkAmount, formatAmount, plainAmount } from './amount';

describe('top-up amount', () => {
  it('accepts dollars with grouping and up to two decimals, from $0.01', () => {
    expect(checkAmount('1,250.00', 'en')).toEqual({ ok: true, cents: 125_000 });
    expect(checkAmount(' 0.01 ', 'en')).toEqual({ ok: true, cents: 1 });
    expect(checkAmount('12.5', 'en')).toEqual({ ok: true, cents: 1250 });
    expect(checkAmount('12,50', 'ru')).toEqual({ ok: true, cents: 1250 });
    expect(checkAmount('1 250,00', 'ru')).toEqual({ ok: true, cents: 125_000 });
  });

  it('refuses what is not an amount, ambiguous, below the minimum or above the maximum', () => {
    expect(checkAmount('', 'en')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkAmount('abc', 'en')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkAmount('1.234', 'en')).toEqual({ ok: false, error: 'amountAmbiguous' });
    expect(checkAmount('1,250', 'ru')).toEqual({ ok: false, error: 'amountAmbiguous' });
    expect(checkAmount('-5', 'en')).toEqual({ ok: false, error: 'amountInvalid' });
    expect(checkAmount('0', 'en')).toEqual({ ok: false, error: 'amountTooSmall' });
    expect(checkAmount('0.00', 'en')).toEqual({ ok: false, error: 'amountTooSmall' });
    expect(checkAmount('100000.01', 'en')).toEqual({ ok: false, error: 'amountTooLarge' });
  });

  it('shows 1,250.00 (1 250,00 in Russian) and sends 1250.00', () => {
    expect(formatAmount(125_000, 'en')).toBe('1,250.00');
    expect(formatAmount(125_000, 'ru').replace(/\s/g, ' ')).toBe('1 250,00');
    expect(plainAmount(125_000)).toBe('1250.00');
    expect(plainAmount(1)).toBe('0.01');
  });
});
