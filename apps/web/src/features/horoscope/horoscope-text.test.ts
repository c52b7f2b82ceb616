import { describe, expect, it } from 'vitest';
import { ZODIAC_SIGNS } from '@seer/contract';
import en from '../../locales/en/content/horoscope.json';
import ru from '../../locales/ru/content/horoscope.json';
import { dailyHoroscope, signOrDefault, type HoroscopeTexts } from './horoscope-text';

const english = en as HoroscopeTexts;
const russian = ru as HoroscopeTexts;

describe('daily horoscope', () => {
  it('has texts for all 12 signs in both languages, with the same number of choices', () => {
    for (const texts of [english, russian]) {
      for (const sign of ZODIAC_SIGNS) {
        expect(texts.signs[sign].name).toBeTruthy();
        expect(texts.signs[sign].focus.length).toBe(english.signs[sign].focus.length);
      }
      for (const pool of ['mood', 'love', 'work', 'advice', 'colors'] as const)
        expect(texts[pool].length).toBe(english[pool].length);
    }
  });

  it('gives the same text for the same sign and day, whatever the hour', () => {
    const morning = dailyHoroscope(english, 'leo', new Date(2026, 10, 22, 7));
    const night = dailyHoroscope(english, 'leo', new Date(2026, 10, 22, 23, 30));
    expect(night).toEqual(morning);
  });

  it('changes from day to day: a week of days gives several different texts', () => {
    const texts = Array.from({ length: 7 }, (_, day) =>
      JSON.stringify(dailyHoroscope(english, 'aries', new Date(2026, 10, 22 + day))),
    );
    expect(new Set(texts).size).toBeGreaterThanOrEqual(6);
  });

  it('falls back to Aries when the sign is unknown, and accepts any letter case', () => {
    expect(signOrDefault(null)).toEqual({ sign: 'aries', known: false });
    expect(signOrDefault('')).toEqual({ sign: 'aries', known: false });
    expect(signOrDefault('dragon')).toEqual({ sign: 'aries', known: false });
    expect(signOrDefault('Pisces')).toEqual({ sign: 'pisces', known: true });
  });
});
