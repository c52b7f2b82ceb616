/**
 * Seer's own small i18n (i18next would cost too much of the home route's budget).
 * Texts live in src/locales/<locale>/<feature>.json; a key is "<feature>.<path>", e.g.
 * t('modals.warn.title'). Only the current locale's files are loaded.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_LOCALE, LOCALES, localeFromLanguageCode, type Locale } from '@seer/contract';
import { telegramLanguageCode, isInTelegram } from './telegram';

type Messages = { [key: string]: string | Messages };
export type TranslateParams = Record<string, string | number>;

const files = import.meta.glob<Messages>('../locales/*/*.json', { import: 'default' });

const LOCALE_KEY = 'locale';

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
  try {
    localStorage.setItem(LOCALE_KEY, next);
  } catch {
    // The choice then lasts for this page only.
  }
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
 * The Telegram user's language code inside Telegram, the browser's language
 * outside; Russian when there is none, English for any other language. A choice the user
 * made in Settings wins.
 */
export function initialLocale(
  stored: string | null = readStoredLocale(),
  languageCode: string | null | undefined = isInTelegram()
    ? telegramLanguageCode()
    : navigatorLanguage(),
): Locale {
  if (stored && (LOCALES as readonly string[]).includes(stored)) return stored as Locale;
  return localeFromLanguageCode(languageCode);
}

function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_KEY);
  } catch {
    return null;
  }
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

/** The text for `key` with `{name}` placeholders filled; the key itself when missing. */
export function t(key: string, params?: TranslateParams): string {
  const text = lookup(key);
  if (text === undefined) {
    if (import.meta.env.DEV && Object.keys(messages).length)
      console.warn(`Missing text: ${key} (${locale})`);
    return key;
  }
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Whether a key has a text in the current locale (for optional texts). */
export function hasText(key: string): boolean {
  return lookup(key) !== undefined;
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

/** Dates and times in the current locale. */
export function formatDate(date: Date, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-US', options).format(date);
}
