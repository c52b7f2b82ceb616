/**
 * The computed horoscope: the birth place on the wire, and the GetHoroscope call's schemas. The
 * built-in birth places are in birth-places.ts. See docs/decisions/029.
 */
import { z } from 'zod';
import { parseBirthPlace } from './birth-places.js';
import { LOCALES } from './limits.js';
import { ZODIAC_SIGNS } from './zodiac.js';

/** The birth place on the wire (UpdateUser.php's birthPlace, GetUser.php's birth_place). */
export const birthPlaceField = z.union([
  z.string().refine((text) => parseBirthPlace(text) !== null, {
    error: 'birthPlace must be a city of the list or a UTC offset such as UTC+03:00',
  }),
  z.literal(''),
  z.null(),
]);

// ---------- GetHoroscope.php ----------

export const HOROSCOPE_BODIES = ['sun', 'moon', 'mercury', 'venus', 'mars'] as const;
export type HoroscopeBody = (typeof HOROSCOPE_BODIES)[number];
export const HOROSCOPE_ASPECTS = [
  'conjunction',
  'sextile',
  'square',
  'trine',
  'opposition',
] as const;
export type HoroscopeAspect = (typeof HOROSCOPE_ASPECTS)[number];

/** An IANA zone name as the browser reports it (Intl.DateTimeFormat().resolvedOptions()). */
const timeZoneField = z
  .string()
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'tz must be a time zone name such as Europe/Moscow' },
  );

export const HoroscopeQuery = z.object({
  day: z.enum(['today', 'tomorrow'], { error: 'day must be today or tomorrow' }).default('today'),
  /** Absent: the caller's stored language. */
  lang: z.enum(LOCALES, { error: 'lang must be one of: ru, en' }).optional(),
  /** The device's time zone: it decides which calendar day "today" is. Absent: UTC. */
  tz: timeZoneField.optional(),
});

const zodiacSign = z.enum(ZODIAC_SIGNS);

export const HoroscopeTransit = z.object({
  body: z.enum(HOROSCOPE_BODIES),
  aspect: z.enum(HOROSCOPE_ASPECTS),
  /** The natal point aspected. */
  point: z.enum(['sun', 'moon']),
  /** Degrees from the exact angle. */
  orb: z.number(),
  /** "Mars square your Sun", in the asked language. */
  title: z.string(),
  text: z.string(),
});
export type HoroscopeTransit = z.infer<typeof HoroscopeTransit>;

export const GetHoroscopeAnswer = z.object({
  status: z.literal('success'),
  /** The calendar day read (YYYY-MM-DD): today or tomorrow in the asked time zone. */
  date: z.string(),
  lang: z.enum(LOCALES),
  /** Null without a birth date: the app then shows the sign-of-the-day text. */
  natal: z
    .object({
      sun: z.object({ sign: zodiacSign, longitude: z.number() }),
      /** One sign when the birth moment is known; otherwise every sign the Moon passed through. */
      moon: z.object({
        signs: z.array(zodiacSign).min(1),
        /** Null when the birth moment (time and place) is not known exactly. */
        longitude: z.number().nullable(),
      }),
      /** Whether time and place were known: only then are transits to the Moon read. */
      exact: z.boolean(),
      /** "Your Sun in Leo, Moon in Virgo", in the asked language. */
      headline: z.string(),
      /** Why the Moon is a range, and what to add to the profile; null when exact. */
      note: z.string().nullable(),
    })
    .nullable(),
  /** The day's reading: an opening line, then the transits strongest first (empty without natal). */
  reading: z
    .object({
      intro: z.string(),
      transits: z.array(HoroscopeTransit),
    })
    .nullable(),
});
export type GetHoroscopeAnswer = z.infer<typeof GetHoroscopeAnswer>;
