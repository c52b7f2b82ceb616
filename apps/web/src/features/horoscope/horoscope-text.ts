/**
 * The day's horoscope for a sign: sentences picked from the locale's texts by a hash of the sign
 * and the date, so everyone with the same sign reads the same text on the same day, and it
 * changes from one day to the next.
 */
import { ZODIAC_SIGNS, type ZodiacSign } from '@seer/contract';

export interface SignTexts {
  name: string;
  dates: string;
  element: string;
  focus: string[];
}

export interface HoroscopeTexts {
  signs: Record<ZodiacSign, SignTexts>;
  mood: string[];
  love: string[];
  work: string[];
  advice: string[];
  colors: string[];
}

export interface DailyHoroscope {
  focus: string;
  mood: string;
  love: string;
  work: string;
  advice: string;
  luckyNumber: number;
  luckyColor: string;
}

/** The user's sign from the birth date, Aries while it is unknown. */
export function signOrDefault(value: string | null | undefined): {
  sign: ZodiacSign;
  known: boolean;
} {
  const sign = value?.toLowerCase();
  return sign && (ZODIAC_SIGNS as readonly string[]).includes(sign)
    ? { sign: sign as ZodiacSign, known: true }
    : { sign: 'aries', known: false };
}

/** The local calendar day, YYYY-MM-DD. */
export function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function pick<T>(list: readonly T[], seed: string): T {
  return list[fnv1a(seed) % list.length]!;
}

export function dailyHoroscope(
  texts: HoroscopeTexts,
  sign: ZodiacSign,
  date: Date,
): DailyHoroscope {
  const seed = `${sign}|${localDay(date)}`;
  return {
    focus: pick(texts.signs[sign].focus, `${seed}|focus`),
    mood: pick(texts.mood, `${seed}|mood`),
    love: pick(texts.love, `${seed}|love`),
    work: pick(texts.work, `${seed}|work`),
    advice: pick(texts.advice, `${seed}|advice`),
    luckyNumber: (fnv1a(`${seed}|number`) % 9) + 1,
    luckyColor: pick(texts.colors, `${seed}|color`),
  };
}
