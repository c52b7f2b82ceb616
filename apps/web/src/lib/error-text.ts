/**
 * What the user reads when a call fails: the server's stable error `code` (or `network`) mapped
 * to this app's own text in the current language.
 *
 * Refusals that depend on the request (`bad_request`, `forbidden`, `conflict`) show the server's
 * message, which names the rule that was broken ("message must be at most 50 characters"); a
 * generic translation would hide what to fix. Those messages are English today: giving each rule
 * its own code is the way to translate them too.
 */
import { isApiError } from './api-client';
import { hasText, t } from './i18n';

const SPECIFIC_CODES = new Set(['bad_request', 'forbidden', 'conflict']);

export function errorText(error: unknown, fallback?: string): string {
  if (isApiError(error)) {
    if (SPECIFIC_CODES.has(error.code) && error.message) return error.message;
    // A server fault says nothing the caller's own "could not ..." text does not say better.
    if (error.code === 'internal') return fallback ?? t('common.errors.internal');
    if (error.code === 'rate_limited' && error.retryAfterSeconds !== null)
      return t('common.errors.rate_limited_for', { count: error.retryAfterSeconds });
    const key = `common.errors.${error.code}`;
    if (hasText(key)) return t(key);
  }
  return fallback ?? t('common.genericError');
}
