/**
 * Search over the advisors' catalogue and the daily ritual: the first-open onboarding, the home
 * card's line of the day, the morning message from the bot and the shared tarot card
 * (docs/decisions/054-search-and-a-daily-ritual.md).
 */
import { z } from 'zod';
import { categoryIdField } from './ids.js';
import { LOCALES } from './limits.js';
import { ZODIAC_SIGNS } from './zodiac.js';
import { TAROT_CARD_IDS } from './tarot-cards.js';

const ok = z.literal('success');
const langField = z.enum(LOCALES, { error: 'lang must be one of: ru, en' }).optional();

export const SEARCH_LIMITS = {
  /** Longest search text, in characters. */
  queryMaxLength: 100,
  /** Most advisors one answer lists. */
  results: 50,
} as const;

// ---------- SearchManagers.php ----------

export const SearchManagersQuery = z.object({
  /**
   * What the user typed: words matched against names, specialities, languages and texts in both
   * languages; a price ("до $2", "under 2", "<2") and an answer time ("быстро", "fast") narrow.
   */
  q: z
    .string({ error: 'q is required' })
    .max(SEARCH_LIMITS.queryMaxLength, {
      error: `q must be at most ${SEARCH_LIMITS.queryMaxLength} characters`,
    })
    // eslint-disable-next-line no-control-regex -- finding control characters is the point
    .refine((text) => !/[\u0000-\u001f\u007f]/.test(text), {
      error: 'q must not contain control characters',
    })
    .transform((text) => text.trim())
    .refine((text) => /[\p{L}\p{N}]/u.test(text), {
      error: 'q must contain a letter or a digit',
    }),
  /** The language of the advisors' texts in the answer; absent: the caller's own. */
  lang: langField,
  /** Only advisors who answer in this language. */
  language: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z]{2,3}$/, { error: 'language must be a language code such as ru or en' })
    .optional(),
  /** Only advisors of this category. */
  category_id: categoryIdField.optional(),
});
export type SearchManagersQuery = z.infer<typeof SearchManagersQuery>;

// ---------- the daily ritual ----------

/** The hours a morning message may be asked for (local time). */
export const MORNING_HOURS = { min: 5, max: 12, default: 8 } as const;

/** An IANA zone name as the device reports it. */
export const timeZoneNameField = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return zone.length > 0;
      } catch {
        return false;
      }
    },
    { error: 'time_zone must be a time zone name such as Europe/Moscow' },
  );

export const MorningMessage = z.object({
  enabled: z.boolean(),
  /** The local hour it comes at (MORNING_HOURS). */
  hour: z.number().int(),
  /** The time zone the hour is read in; null until first chosen. */
  time_zone: z.string().nullable(),
});
export type MorningMessage = z.infer<typeof MorningMessage>;

export const GetDailyRitualAnswer = z.object({
  status: ok,
  /** Whether the first-open onboarding should be offered: never finished or skipped, no birth date. */
  onboarding: z.boolean(),
  morning: MorningMessage,
  /** Whether the bot may write to the user (the morning message needs it). */
  bot_can_write: z.boolean(),
});

export const SetMorningMessageBody = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  hour: z
    .number({ error: 'hour must be a number' })
    .int({ error: 'hour must be a whole hour' })
    .min(MORNING_HOURS.min, {
      error: `hour must be from ${MORNING_HOURS.min} to ${MORNING_HOURS.max}`,
    })
    .max(MORNING_HOURS.max, {
      error: `hour must be from ${MORNING_HOURS.min} to ${MORNING_HOURS.max}`,
    }),
  time_zone: timeZoneNameField,
});
export const SetMorningMessageAnswer = z.object({ status: ok, morning: MorningMessage });

export const CloseOnboardingBody = z.object({
  outcome: z.enum(['done', 'skipped'], { error: 'outcome must be done or skipped' }),
});
export const CloseOnboardingAnswer = z.object({ status: ok });

// ---------- GetDailyLine.php ----------

export const DailyLineQuery = z.object({
  lang: langField,
  /** The device's time zone: which calendar day "today" is. Absent: UTC. */
  tz: timeZoneNameField.optional(),
});
export const DailyLineAnswer = z.object({
  status: ok,
  /** YYYY-MM-DD in the asked time zone. */
  date: z.string(),
  /** The user's Sun sign; null without a birth date. */
  sign: z.enum(ZODIAC_SIGNS).nullable(),
  /** One line: the strongest transit to the user's chart, else the Moon's sign of the day. */
  line: z.string(),
});
export type DailyLineAnswer = z.infer<typeof DailyLineAnswer>;

// ---------- ShareTarot.php ----------

export const ShareTarotBody = z.object({
  card: z.enum(TAROT_CARD_IDS, { error: 'card must be a card of the deck' }),
  reversed: z.boolean({ error: 'reversed must be true or false' }),
  lang: langField,
});
export const ShareTarotAnswer = z.object({
  status: ok,
  /** A prepared inline message for Telegram.WebApp.shareMessage; null when Telegram would not prepare one. */
  prepared_message_id: z.string().nullable(),
  /** The user's invite link (startapp=ref_<code>) for a story's widget; null while unknown. */
  link: z.string().nullable(),
  /** A 1080×1920 JPEG of the card for Telegram.WebApp.shareToStory. */
  story_image_url: z.string(),
});
