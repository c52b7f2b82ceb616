/**
 * The one rule for the language Seer speaks to a user, in the app, the API, the bot and invoices
 * (docs/decisions/042-one-language-rule.md).
 */
import { LOCALES, localeFromLanguageCode, type Locale } from './limits.js';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The language the user chose in Seer's Settings wins; without a choice, their Telegram language
 * code decides (the browser's outside Telegram): Russian for `ru*`, English for any other code,
 * Russian (`DEFAULT_LOCALE`) when there is none. A stored choice that is not a supported locale
 * counts as no choice.
 */
export function userLocale(user: {
  chosen?: string | null | undefined;
  telegramCode?: string | null | undefined;
}): Locale {
  if (isLocale(user.chosen)) return user.chosen;
  return localeFromLanguageCode(user.telegramCode);
}
