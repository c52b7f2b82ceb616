/**
 * Money is an integer count of cents everywhere; TON is an integer count of nanotons.
 * These are the only places where cents become dollars for the wire or the screen.
 */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** "1250.00" — two decimals, no grouping. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Parses a dollar amount in the wire's plain form (a JSON number, or "12", "12.5", "12.50")
 * into cents. No grouping and no comma: what a person types goes through `parseMoney` first.
 * Returns null for anything that is not a non-negative amount with at most two decimals.
 */
export function parseDollarsToCents(input: string | number): number | null {
  const text = typeof input === 'number' ? String(input) : input.trim();
  if (!/^\d{1,9}(\.\d{0,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The languages money is written in: Seer's locales ('en', 'ru'). */
export type MoneyLocale = 'en' | 'ru';

export type ParsedMoney =
  | { ok: true; cents: number }
  /**
   * `invalid`: not an amount (letters, a minus sign, three or more decimals, broken grouping).
   * `ambiguous`: could be read two ways a factor of 1,000 or 100 apart ("1.250" in Russian,
   * "1,250" in Russian): refused, never guessed.
   */
  | { ok: false; error: 'invalid' | 'ambiguous' };

const SPACES = /[\s\u00a0\u202f\u2009']/g;
const GROUPED = /^\d{1,3}(\d{3})*$/;

/**
 * Reads a dollar amount as a person of `locale` types it, into exact cents.
 * - Spaces (also no-break and thin ones) and a leading or trailing "$" are ignored:
 *   "1 250,50", "$12.50", "12,50 $".
 * - One "." or "," followed by one or two digits is the decimal mark, in either language:
 *   "12,50" and "12.50" are both $12.50.
 * - With both marks, the last is the decimal mark and the other groups thousands:
 *   "1,250.50" and "1.250,50" are both $1,250.50.
 * - A mark followed by exactly three digits groups thousands only where that language writes
 *   it so: "1,250" is $1,250 in English; in Russian "1,250" and "1.250" are ambiguous and
 *   refused, and so is "1.250" in English (a thousand written the Russian way, or three decimals).
 */
export function parseMoney(input: string, locale: MoneyLocale): ParsedMoney {
  const invalid = { ok: false, error: 'invalid' } as const;
  const ambiguous = { ok: false, error: 'ambiguous' } as const;
  let text = input.replace(SPACES, '');
  text = text.replace(/^\$/, '').replace(/\$$/, '').replace(SPACES, '');
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return invalid;

  const lastDot = text.lastIndexOf('.');
  const lastComma = text.lastIndexOf(',');
  let whole: string;
  let fraction = '';
  if (lastDot === -1 && lastComma === -1) {
    whole = text;
  } else if (lastDot !== -1 && lastComma !== -1) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const group = decimal === '.' ? ',' : '.';
    const at = text.lastIndexOf(decimal);
    whole = text.slice(0, at);
    fraction = text.slice(at + 1);
    if (whole.includes(decimal) || !/^\d{1,2}$/.test(fraction)) return invalid;
    const groups = whole.split(group);
    if (groups.some((part) => part === '') || !GROUPED.test(groups.join(''))) return invalid;
    if (groups.slice(1).some((part) => part.length !== 3) || groups[0]!.length > 3) return invalid;
    whole = groups.join('');
  } else {
    const mark = lastDot !== -1 ? '.' : ',';
    const parts = text.split(mark);
    if (parts.length === 2 && /^\d{0,2}$/.test(parts[1]!) && parts[0] !== '') {
      // "12,5", "12,50", "12.": the decimal mark.
      whole = parts[0]!;
      fraction = parts[1]!;
    } else if (parts.every((part, i) => (i === 0 ? /^\d{1,3}$/ : /^\d{3}$/).test(part))) {
      // "1,250" or "1,250,000": thousands, but only where this language writes them so.
      const groupsThousands = locale === 'en' && mark === ',';
      if (!groupsThousands) return parts.length === 2 ? ambiguous : invalid;
      whole = parts.join('');
    } else {
      return invalid;
    }
  }
  whole = whole.replace(/^0+(?=\d)/, '');
  if (!/^\d{1,9}$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return invalid;
  return { ok: true, cents: Number(whole) * 100 + Number(fraction.padEnd(2, '0')) };
}

const INTL_LOCALE: Record<MoneyLocale, string> = { en: 'en-US', ru: 'ru-RU' };
const currencyFormats = new Map<string, Intl.NumberFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A dollar amount as the language writes it: "$1,250.50" in English, "1 250,50 $" in Russian
 * (Intl's own rule, the same on the server and in the app). Always two decimals.
 */
export function formatMoney(cents: number, locale: MoneyLocale): string {
  let format = currencyFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      style: 'currency',
      currency: 'USD',
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    currencyFormats.set(locale, format);
  }
  return format.format(Math.round(cents) / 100);
}

/** The number alone, for an amount field: "1,250.00" in English, "1 250,00" in Russian. */
export function formatMoneyNumber(cents: number, locale: MoneyLocale): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    numberFormats.set(locale, format);
  }
  return format.format(Math.round(cents) / 100);
}

/**
 * A TON amount for people: at most four decimals, trailing zeros dropped ("8.3333 TON" in
 * English, "8,3333 TON" in Russian). What is sent stays the exact nanotons.
 */
export function formatTonAmount(nanotons: bigint, locale: MoneyLocale): string {
  const tenThousandths = (nanotons + 50_000n) / 100_000n; // rounded to 4 decimals
  const whole = tenThousandths / 10_000n;
  const fraction = String(tenThousandths % 10_000n)
    .padStart(4, '0')
    .replace(/0+$/, '');
  const grouped = new Intl.NumberFormat(INTL_LOCALE[locale]).format(whole);
  const mark = locale === 'ru' ? ',' : '.';
  return `${grouped}${fraction ? mark + fraction : ''} TON`;
}

/**
 * Ledger reasons of money coming in from outside, shared by the server (which writes them) and
 * the app (which shows a receipt or the success modal when one arrives).
 */
export const TOP_UP_REASONS = ['ton_deposit', 'stars', 'crypto_deposit', 'test_payment'] as const;
export type TopUpReason = (typeof TOP_UP_REASONS)[number];

export const NANOTONS_PER_TON = 1_000_000_000n;
