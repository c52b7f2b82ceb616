/** Money typed and shown per language: exact cents, never a factor of 100 or 1,000 off. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatMoneyNumber,
  formatTonAmount,
  parseMoney,
  type MoneyLocale,
} from './money.js';

const locales: MoneyLocale[] = ['en', 'ru'];
const cents = fc.integer({ min: 0, max: 999_999_999_99 });

describe('parseMoney', () => {
  it.each([
    ['12,50', 'ru', 1250],
    ['12.50', 'ru', 1250],
    ['1 250,50', 'ru', 125050],
    ['1\u00a0250,50', 'ru', 125050],
    ['12,50 $', 'ru', 1250],
    ['1.250,50', 'ru', 125050],
    ['12,5', 'ru', 1250],
    ['12,50', 'en', 1250],
    ['$12.50', 'en', 1250],
    ['1,250.00', 'en', 125000],
    ['1,250', 'en', 125000],
    ['1,250,000', 'en', 125000000],
    ['0.01', 'en', 1],
    ['7', 'ru', 700],
  ] as const)('reads %j in %s as %i cents', (text, locale, expected) => {
    expect(parseMoney(text, locale)).toEqual({ ok: true, cents: expected });
  });

  it.each([
    ['1,250', 'ru'],
    ['1.250', 'ru'],
    ['1.250', 'en'],
    ['1.001', 'en'],
  ] as const)('refuses %j in %s as ambiguous', (text, locale) => {
    expect(parseMoney(text, locale)).toEqual({ ok: false, error: 'ambiguous' });
  });

  it.each(['', ' ', 'abc', '-1', '1.2.3', '12,50,1', '1,25.00', '12.505', '$', '1e3', '1 2,3,4'])(
    'refuses %j as invalid',
    (text) => {
      for (const locale of locales) expect(parseMoney(text, locale).ok).toBe(false);
    },
  );

  it('reads back what formatMoney and formatMoneyNumber write, in both languages', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...locales), (amount, locale) => {
        expect(parseMoney(formatMoney(amount, locale), locale)).toEqual({
          ok: true,
          cents: amount,
        });
        expect(parseMoney(formatMoneyNumber(amount, locale), locale)).toEqual({
          ok: true,
          cents: amount,
        });
      }),
    );
  });

  it('never misreads dollars and cents typed with either decimal mark by a factor of 100', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.constantFrom('.', ','),
        fc.constantFrom(...locales),
        (dollars, rest, mark, locale) => {
          const text = `${dollars}${mark}${String(rest).padStart(2, '0')}`;
          expect(parseMoney(text, locale)).toEqual({ ok: true, cents: dollars * 100 + rest });
        },
      ),
    );
  });

  it('answers any string with cents or a refusal, never a negative or fractional amount', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789.,$ -\u00a0a') }), (text) => {
        for (const locale of locales) {
          const parsed = parseMoney(text, locale);
          if (parsed.ok) {
            expect(Number.isSafeInteger(parsed.cents)).toBe(true);
            expect(parsed.cents).toBeGreaterThanOrEqual(0);
          }
        }
      }),
    );
  });
});

describe('formatMoney', () => {
  it('writes dollars the way each language does', () => {
    expect(formatMoney(125050, 'en')).toBe('$1,250.50');
    expect(formatMoney(125050, 'ru').replace(/\s/g, ' ')).toBe('1 250,50 $');
    expect(formatMoney(1250, 'ru').replace(/\s/g, ' ')).toBe('12,50 $');
    expect(formatMoneyNumber(125000, 'en')).toBe('1,250.00');
  });
});

describe('formatTonAmount', () => {
  it('shows at most four decimals, rounded, without trailing zeros', () => {
    expect(formatTonAmount(8_333_333_334n, 'en')).toBe('8.3333 TON');
    expect(formatTonAmount(8_333_333_334n, 'ru')).toBe('8,3333 TON');
    expect(formatTonAmount(5_000_000_000n, 'en')).toBe('5 TON');
    expect(formatTonAmount(99_999n, 'en')).toBe('0.0001 TON');
    expect(formatTonAmount(1_500_000_000n, 'ru')).toBe('1,5 TON');
  });
});
