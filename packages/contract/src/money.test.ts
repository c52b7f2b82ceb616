import { describe, expect, it } from 'vitest';
import { centsToDollars, formatCents, parseDollarsToCents } from './money.js';
import { zodiacSignFor } from './zodiac.js';
import { localeFromLanguageCode } from './limits.js';

describe('money', () => {
  it('parses typed dollar amounts into exact cents', () => {
    expect(parseDollarsToCents('1250.00')).toBe(125000);
    expect(parseDollarsToCents('1,250.00')).toBeNull(); // the wire's form has no grouping
    expect(parseDollarsToCents('12,50')).toBeNull(); // and no comma: never read as 1250
    expect(parseDollarsToCents('0.01')).toBe(1);
    expect(parseDollarsToCents('12.5')).toBe(1250);
    expect(parseDollarsToCents(0.1)).toBe(10);
    expect(parseDollarsToCents('-1')).toBeNull();
    expect(parseDollarsToCents('1.001')).toBeNull();
    expect(parseDollarsToCents('abc')).toBeNull();
    expect(parseDollarsToCents('')).toBeNull();
  });
  it('formats cents with two decimals', () => {
    expect(formatCents(125000)).toBe('1250.00');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(-250)).toBe('-2.50');
    expect(centsToDollars(299)).toBe(2.99);
  });
});

describe('zodiac', () => {
  it('derives the sign from a birth date, on the boundaries', () => {
    expect(zodiacSignFor('1990-03-21')).toBe('aries');
    expect(zodiacSignFor('1990-03-20')).toBe('pisces');
    expect(zodiacSignFor('1990-01-05')).toBe('capricorn');
    expect(zodiacSignFor('1990-12-25')).toBe('capricorn');
    expect(zodiacSignFor('1990-07-23')).toBe('leo');
    expect(zodiacSignFor(null)).toBeNull();
    expect(zodiacSignFor('nonsense')).toBeNull();
  });
});

describe('locale', () => {
  it('defaults to Russian, falls back to English for unknown codes', () => {
    expect(localeFromLanguageCode(undefined)).toBe('ru');
    expect(localeFromLanguageCode('ru-RU')).toBe('ru');
    expect(localeFromLanguageCode('en')).toBe('en');
    expect(localeFromLanguageCode('de')).toBe('en');
  });
});
