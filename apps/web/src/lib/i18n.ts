/**
 * Seer's own small i18n (i18next would cost too much of the home route's budget).
 * Texts live in src/locales/<locale>/<feature>.json; a key is "<feature>.<path>", e.g.
 * t('modals.warn.title'). Only the current locale's files are loaded.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, formatMoney, isLocale, userLocale, type Locale } from '@seer/contract';
import { telegramLanguageCode, isInTelegram } from './telegram';

type Messages = { [key: string]: string | Messages };
export type TranslateParams = Record<string, string | number>;

const files = import.meta.glob<Messages>('../locales/*/*.json', { import: 'default' });

/**
 * Where a language the user chose in Settings is kept. Only an explicit choice is stored: without
 * one the app follows Telegram's language (then the browser's) on every launch.
 */
const CHOICE_KEY = 'locale-choice';
/**
 * Earlier versions stored the first detected language here as if chosen, freezing it; such a
 * value cannot be told apart from a choice, so it is dropped (see decision 025).
 */
const OLD_LOCALE_KEY = 'locale';

/** A language the user chose, or 'auto': follow Telegram (then the browser). */
export type LocaleChoice = Locale | 'auto';

/** Texts every screen may show (shell, splash, modals, toasts), loaded before the first render. */
const CORE_TEXTS = ['common', 'nav', 'modals'] as const;
/** Which texts to load: some features' files, or all of them. */
export type TextSet = readonly string[] | 'all';

let locale: Locale = DEFAULT_LOCALE;
let messages: Messages = {};
/** Features whose files are loaded (or loading) for the current locale; null before the first load. */
let loaded: Set<string> | null = null;
let loadedAll = false;
const listeners = new Set<() => void>();

/** The feature name and locale of a locale file path. */
function parsePath(path: string): { locale: string; feature: string } | null {
  const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  return match ? { locale: match[1]!, feature: match[2]! } : null;
}

async function loadFiles(
  target: Locale,
  features: TextSet,
): Promise<Array<readonly [string, Messages]>> {
  const wanted = features === 'all' ? null : new Set([...CORE_TEXTS, ...features]);
  const entries = Object.entries(files).filter(([path]) => {
    const parsed = parsePath(path);
    return parsed?.locale === target && (wanted === null || wanted.has(parsed.feature));
  });
  return Promise.all(
    entries.map(async ([path, load]) => [parsePath(path)!.feature, await load()] as const),
  );
}

function emit(): void {
  for (const listener of listeners) listener();
}

/**
 * Makes `next` the current locale with the texts of `features` (plus the core ones).
 * Without `features`, the same texts as before are loaded in the new language (all at first).
 */
export async function setLocale(next: Locale, features?: TextSet): Promise<void> {
  const set: TextSet = features ?? (loaded === null || loadedAll ? 'all' : [...loaded]);
  const texts = await loadFiles(next, set);
  messages = Object.fromEntries(texts);
  loaded = new Set(texts.map(([feature]) => feature));
  loadedAll = set === 'all';
  locale = next;
  if (typeof document !== 'undefined') document.documentElement.lang = next;
  emit();
}

/**
 * Loads texts a screen needs that are not loaded yet (pages wait for this before they render,
 * so the first screen does not download every feature's texts).
 */
export async function ensureTexts(features: TextSet = 'all'): Promise<void> {
  if (loadedAll || loaded === null) return;
  const missing = features === 'all' ? 'all' : features.filter((feature) => !loaded!.has(feature));
  if (missing !== 'all' && missing.length === 0) return;
  const target = locale;
  const texts = await loadFiles(target, missing);
  if (target !== locale) return;
  messages = { ...messages, ...Object.fromEntries(texts) };
  for (const [feature] of texts) loaded.add(feature);
  if (missing === 'all') loadedAll = true;
  emit();
}

/**
 * The language to start in, by the rule the server follows too (the contract's `userLocale`):
 * one the user chose in Settings; otherwise the Telegram user's language code inside Telegram,
 * the browser's language outside; Russian when there is none, English for any other language.
 */
export function initialLocale(
  stored: string | null = readStoredChoice(),
  languageCode: string | null | undefined = detectedLanguageCode(),
): Locale {
  return userLocale({ chosen: stored, telegramCode: languageCode });
}

function detectedLanguageCode(): string | null | undefined {
  return isInTelegram() ? telegramLanguageCode() : navigatorLanguage();
}

/**
 * The language the user chose in Settings, if any. Drops the value older versions stored on
 * every launch (a detection, not a choice).
 */
function readStoredChoice(): string | null {
  try {
    localStorage.removeItem(OLD_LOCALE_KEY);
    return localStorage.getItem(CHOICE_KEY);
  } catch {
    return null;
  }
}

/** What Settings shows as chosen: a stored language, or 'auto'. */
export function localeChoice(): LocaleChoice {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(CHOICE_KEY);
  } catch {
    // Storage unavailable: nothing was kept.
  }
  return isLocale(stored) ? stored : 'auto';
}

/**
 * The user's choice in Settings: a language, kept across launches, or 'auto' — forget the
 * choice and follow Telegram's language (then the browser's) again.
 */
export async function chooseLocale(choice: LocaleChoice): Promise<void> {
  try {
    if (choice === 'auto') localStorage.removeItem(CHOICE_KEY);
    else localStorage.setItem(CHOICE_KEY, choice);
  } catch {
    // The choice then lasts for this page only.
  }
  await setLocale(
    choice === 'auto' ? userLocale({ telegramCode: detectedLanguageCode() }) : choice,
  );
}

function navigatorLanguage(): string | null {
  return typeof navigator === 'undefined' ? null : (navigator.language ?? null);
}

function lookup(key: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', ru: 'ru-RU' };
const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

function pluralCategory(count: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(INTL_LOCALE[locale]);
    pluralRules.set(locale, rules);
  }
  return rules.select(count);
}

/** A number as the current language writes it: "1,250.5" in English, "1 250,5" in Russian. */
export function formatNumber(value: number): string {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALE[locale], { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format.format(value);
}

/**
 * A counted text: `key_one`, `key_few`, `key_many` or `key_other`, as the language's plural
 * rules (`Intl.PluralRules`) choose for `count` ("1 сообщение, 2 сообщения, 5 сообщений");
 * `key_other` when the language's file has no text for the chosen form.
 */
function lookupCounted(key: string, count: number): string | undefined {
  return lookup(`${key}_${pluralCategory(count)}`) ?? lookup(`${key}_other`);
}

/**
 * The text for `key` with `{name}` placeholders filled; the key itself when missing.
 * With a numeric `count` and plural forms of the key (`key_one`, `key_few`...), the form the
 * language needs for that count is taken, and `{count}` is written the language's way.
 */
export function t(key: string, params?: TranslateParams): string {
  const count = params?.count;
  const counted = typeof count === 'number' ? lookupCounted(key, count) : undefined;
  const text = counted ?? lookup(key);
  if (text === undefined) {
    if (import.meta.env.DEV && Object.keys(messages).length)
      console.warn(`Missing text: ${key} (${locale})`);
    return key;
  }
  if (!params) return text;
  const values =
    counted !== undefined ? { ...params, count: formatNumber(count as number) } : params;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

/** Whether a key has a text (or plural forms) in the current locale (for optional texts). */
export function hasText(key: string): boolean {
  return lookup(key) !== undefined || lookup(`${key}_other`) !== undefined;
}

function currentLocale(): Locale {
  return locale;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders the component when the locale changes; returns the current locale. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** `const t = useT()` in components, so they re-render on a locale change. */
export function useT(): typeof t {
  useLocale();
  return t;
}

/**
 * Dates and times in the current locale. A time of day is always on the 24-hour clock, in both
 * languages ("14:30", never "02:30 PM"), as the app writes every time it shows or edits
 * (decision 051).
 */
export function formatDate(date: Date, options: Intl.DateTimeFormatOptions): string {
  const clock: Intl.DateTimeFormatOptions =
    options.hour !== undefined || options.timeStyle !== undefined
      ? { ...options, hour12: undefined, hourCycle: 'h23' }
      : options;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], clock).format(date);
}

/** A time of day given as "HH:MM" or "HH:MM:SS" (birth time, hours), written "14:30"; '' if not a time. */
export function formatTimeOfDay(value: string | null | undefined): string {
  const match = /^(\d{1,2}):(\d{2})/.exec(value ?? '');
  if (!match) return '';
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

/**
 * A month and year to follow "since": "November 2026" in English, "ноября 2026 г." in Russian
 * ("с ноября 2026 г."). Intl writes a month alone with its year in the nominative ("ноябрь
 * 2026 г."), so the Russian form is taken from a full date, whose month is in the genitive,
 * with the day and the space after it left out.
 */
export function formatMonthSince(date: Date): string {
  if (locale === 'en') return formatDate(date, { month: 'long', year: 'numeric' });
  const parts = new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).formatToParts(date);
  const day = parts.findIndex((part) => part.type === 'day');
  if (day !== -1) parts.splice(day, parts[day + 1]?.type === 'literal' ? 2 : 1);
  return parts
    .map((part) => part.value)
    .join('')
    .trim();
}

/** A dollar amount in the current language: "$12.50" in English, "12,50 $" in Russian. */
export function formatAmount(cents: number): string {
  return formatMoney(cents, locale);
}

/** A signed amount for a change of balance: "+$12.50", "-$2.50"; "+12,50 $", "-2,50 $". */
export function formatAmountChange(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents, locale)}` : formatMoney(cents, locale);
}

/** "2,99 $/сообщение": an advisor's price per message, the amount written the language's way. */
export function formatPricePerMessage(cents: number): string {
  return t('common.pricePerMessage', { price: formatMoney(cents, locale) });
}
