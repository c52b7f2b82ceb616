/** The languages an advisor answers in, as words of the app's language. */
import { hasText, t } from '../../lib/i18n';

/** "English, Russian" / "английский, русский"; an unknown code is shown as written, upper case. */
export function languageNames(codes: readonly string[]): string {
  return codes
    .map((code) =>
      hasText(`advisors.language.${code}`) ? t(`advisors.language.${code}`) : code.toUpperCase(),
    )
    .join(', ');
}

/** The languages the list screen filters by; null is "all". */
export const FILTER_LANGUAGES = ['ru', 'en'] as const;
export type FilterLanguage = (typeof FILTER_LANGUAGES)[number];

export function isFilterLanguage(value: string | null): value is FilterLanguage {
  return (FILTER_LANGUAGES as readonly string[]).includes(value ?? '');
}
