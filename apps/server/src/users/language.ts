/** A user's language by the one rule (contract's `userLocale`, docs/decisions/042-one-language-rule.md). */
import { userLocale, type Locale } from '@seer/contract';
import type { UserRecord } from './users.repository.js';

/** What a user's language depends on, from their row. */
export type LanguageFacts = Pick<UserRecord, 'chosen_language' | 'language_code'>;

/**
 * The language to write to a user whose row is at hand (null: Seer has no row for them).
 * `telegramCode` is the code of a Telegram update from them, fresher than the stored one.
 */
export function localeOfUser(
  user: LanguageFacts | null | undefined,
  telegramCode?: string | null,
): Locale {
  return userLocale({
    chosen: user?.chosen_language,
    telegramCode: telegramCode || user?.language_code,
  });
}
