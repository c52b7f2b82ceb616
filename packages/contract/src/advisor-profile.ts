/**
 * The advisor's own profile (docs/decisions/045-advisors-own-profile.md): photo, texts per
 * language, languages, categories, weekly hours in their time zone, away messages, and price
 * change requests an admin approves. Also the hours as a user sees them, in the user's time zone.
 */
import { z } from 'zod';
import { advisorIdField, categoryIdField, imageIdField } from './ids.js';
import { LIMITS, LOCALES } from './limits.js';
import { textField } from './text-field.js';

const ok = z.literal('success');

export const ADVISOR_PROFILE_LIMITS = {
  /** Characters of an away message in one language. */
  awayMessageMaxLength: 500,
  /** Time ranges an advisor may keep per weekday. */
  rangesPerWeekday: 4,
  /** Languages an advisor may answer in. */
  languagesMax: 10,
} as const;

/**
 * The price per message an advisor may ask for, in cents. Admins set any positive price
 * (AdminSaveAdvisor); an advisor's own request stays within these bounds.
 */
export const ADVISOR_PRICE_LIMITS = { minCents: 50, maxCents: 10_000 } as const;

const MINUTES_PER_DAY = 24 * 60;

/** Whether `zone` is an IANA time zone this runtime knows (e.g. "Europe/Moscow", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (!zone || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneField = z
  .string({ error: 'time_zone must be a string' })
  .trim()
  .refine(isTimeZone, { message: 'time_zone must be a known IANA time zone, e.g. Europe/Moscow' });

/** One range of a weekday: minutes from the advisor's local midnight, end after start. 1 = Monday … 7 = Sunday. */
export const WeeklyHoursRange = z
  .object({
    weekday: z
      .number({ error: 'weekday must be a whole number from 1 (Monday) to 7 (Sunday)' })
      .int()
      .min(1, { error: 'weekday must be from 1 (Monday) to 7 (Sunday)' })
      .max(7, { error: 'weekday must be from 1 (Monday) to 7 (Sunday)' }),
    start_minute: z
      .number({ error: 'start_minute must be a whole number' })
      .int()
      .min(0, { error: 'start_minute must be from 0 to 1439' })
      .max(MINUTES_PER_DAY - 1, { error: 'start_minute must be from 0 to 1439' }),
    end_minute: z
      .number({ error: 'end_minute must be a whole number' })
      .int()
      .min(1, { error: 'end_minute must be from 1 to 1440' })
      .max(MINUTES_PER_DAY, { error: 'end_minute must be from 1 to 1440' }),
  })
  .strict()
  .refine((range) => range.end_minute > range.start_minute, {
    message: 'end_minute must be after start_minute (a range past midnight is two ranges)',
  });
export type WeeklyHoursRange = z.infer<typeof WeeklyHoursRange>;

/** The first problem of a week of ranges (overlap, too many per day), or null. */
export function weeklyHoursProblem(ranges: readonly WeeklyHoursRange[]): string | null {
  for (let weekday = 1; weekday <= 7; weekday++) {
    const day = ranges
      .filter((range) => range.weekday === weekday)
      .sort((a, b) => a.start_minute - b.start_minute);
    if (day.length > ADVISOR_PROFILE_LIMITS.rangesPerWeekday)
      return `At most ${ADVISOR_PROFILE_LIMITS.rangesPerWeekday} ranges per weekday`;
    for (let i = 1; i < day.length; i++)
      if (day[i]!.start_minute < day[i - 1]!.end_minute)
        return `Ranges of weekday ${weekday} overlap`;
  }
  return null;
}

export const WeeklyHours = z
  .array(WeeklyHoursRange)
  .max(7 * ADVISOR_PROFILE_LIMITS.rangesPerWeekday)
  .superRefine((ranges, ctx) => {
    const problem = weeklyHoursProblem(ranges);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const advisorText = (label: string) =>
  textField(label, { max: LIMITS.advisorTextMaxLength, multiline: true }).default('');

export const AdvisorOwnTexts = z
  .object({
    description: advisorText('description'),
    additional_info: advisorText('additional_info'),
  })
  .strict();

export const PendingPriceRequest = z.object({
  id: z.number().int(),
  price_cents: z.number().int(),
  created_at: z.string(),
});

export const AdvisorOwnProfile = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string(),
  category_id: z.number().int(),
  /** The languages the advisor answers in. */
  languages: z.array(z.string()),
  /** The language of the advisor's own texts; texts in other languages are translations. */
  text_language: z.enum(LOCALES),
  texts: z.partialRecord(
    z.enum(LOCALES),
    z.object({ description: z.string(), additional_info: z.string() }),
  ),
  time_zone: z.string(),
  hours: z.array(WeeklyHoursRange),
  away_messages: z.partialRecord(z.enum(LOCALES), z.string()),
  price_cents: z.number().int(),
  pending_price: PendingPriceRequest.nullable(),
  /** On trial (decision 046): the highest price they may ask for; null when not on trial. */
  trial_price_cap_cents: z.number().int().nullable(),
});
export type AdvisorOwnProfile = z.infer<typeof AdvisorOwnProfile>;
export const AdvisorOwnProfileAnswer = z.object({ status: ok, profile: AdvisorOwnProfile });

export const SaveOwnProfileBody = z
  .object({
    category_id: categoryIdField,
    /** ISO 639-1 codes (the app offers ru and en; others an admin set are kept). */
    languages: z
      .array(
        z
          .string()
          .regex(/^[a-z]{2,3}$/, { error: 'languages: each must be a language code such as en' }),
      )
      .min(1, { error: 'languages: at least one' })
      .max(ADVISOR_PROFILE_LIMITS.languagesMax)
      .transform((codes) => [...new Set(codes)]),
    text_language: z.enum(LOCALES, { error: 'text_language must be one of: ru, en' }),
    /** Texts per language; the text_language entry is the advisor's own, the others translations. */
    texts: z.partialRecord(
      z.enum(LOCALES, { error: 'texts: languages are ru and en' }),
      AdvisorOwnTexts,
    ),
    time_zone: timeZoneField,
    hours: WeeklyHours,
    away_messages: z
      .partialRecord(
        z.enum(LOCALES, { error: 'away_messages: languages are ru and en' }),
        textField('away message', {
          max: ADVISOR_PROFILE_LIMITS.awayMessageMaxLength,
          multiline: true,
        }),
      )
      .default({}),
    /** An image the advisor uploaded with UploadImage.php becomes their photo. */
    avatar_image_id: imageIdField.optional(),
  })
  .strict();

export const RequestPriceBody = z
  .object({
    price_cents: z
      .number({ error: 'price_cents must be a whole number of cents' })
      .int({ error: 'price_cents must be a whole number of cents' })
      .min(ADVISOR_PRICE_LIMITS.minCents, {
        error: `price_cents must be from ${ADVISOR_PRICE_LIMITS.minCents} to ${ADVISOR_PRICE_LIMITS.maxCents}`,
      })
      .max(ADVISOR_PRICE_LIMITS.maxCents, {
        error: `price_cents must be from ${ADVISOR_PRICE_LIMITS.minCents} to ${ADVISOR_PRICE_LIMITS.maxCents}`,
      }),
  })
  .strict();
export const RequestPriceAnswer = z.object({ status: ok, request: PendingPriceRequest });

// ---------- what users see ----------

/** One range as a user sees it: on a date of the user's calendar, in the user's time zone (HH:MM). */
export const ViewerHoursRange = z.object({
  /** YYYY-MM-DD in the viewer's time zone. */
  date: z.string(),
  /** 1 = Monday … 7 = Sunday, of `date`. */
  weekday: z.number().int(),
  start: z.string(),
  /** "24:00" when the range runs to the viewer's midnight. */
  end: z.string(),
});
export type ViewerHoursRange = z.infer<typeof ViewerHoursRange>;

export const AdvisorHoursQuery = z
  .object({
    manager_id: advisorIdField,
    /** The viewer's IANA time zone (the app sends the device's). */
    time_zone: timeZoneField,
    lang: z.enum(LOCALES).optional(),
  })
  .transform(({ manager_id, ...rest }) => ({ ...rest, advisorId: manager_id }));

export const AdvisorHoursAnswer = z.object({
  status: ok,
  /** The next seven days from today in the viewer's zone; empty when the advisor set no hours. */
  days: z.array(ViewerHoursRange),
  /** The one range every listed day shares, e.g. {start:"18:00",end:"23:00"}; null when days differ or none. */
  usually: z.object({ start: z.string(), end: z.string() }).nullable(),
  /** The advisor's away message in the reader's language (else their own); null when none. */
  away_message: z.string().nullable(),
});

// ---------- admin ----------

export const PriceRequestStatus = z.enum(['pending', 'approved', 'refused', 'replaced']);
export const AdminPriceRequest = z.object({
  id: z.number().int(),
  manager_id: z.number().int(),
  advisor_name: z.string(),
  current_price_cents: z.number().int(),
  price_cents: z.number().int(),
  status: PriceRequestStatus,
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export type AdminPriceRequest = z.infer<typeof AdminPriceRequest>;
export const AdminPriceRequestsQuery = z.object({
  status: z.enum(['pending', 'all']).default('pending'),
});
export const AdminPriceRequestsAnswer = z.object({
  status: ok,
  requests: z.array(AdminPriceRequest),
});
export const AdminDecidePriceRequestBody = z
  .object({ id: z.number().int().positive(), approve: z.boolean() })
  .strict();
export const AdminDecidePriceRequestAnswer = z.object({ status: ok, request: AdminPriceRequest });

// ---------- hours across time zones ----------

/** Minutes east of UTC of `zone` at the instant `utcMs`. */
function offsetMinutes(zone: string, utcMs: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(utcMs));
  const get = (type: string) => Number(parts.find((part) => part.type === type)!.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return Math.round((local - Math.floor(utcMs / 60_000) * 60_000) / 60_000);
}

/**
 * The instant of a wall-clock time in `zone`. A time skipped by a DST change (02:30 on a spring
 * night) is taken at the offset before it, so it lands just after the change.
 */
function zonedToUtc(zone: string, days: number, minute: number): number {
  const naive = days * 86_400_000 + minute * 60_000;
  const first = naive - offsetMinutes(zone, naive) * 60_000;
  return naive - offsetMinutes(zone, first) * 60_000;
}

/** Days since 1970-01-01 of the calendar date in `zone` at `utcMs`. */
function localDay(zone: string, utcMs: number): number {
  return Math.floor((utcMs + offsetMinutes(zone, utcMs) * 60_000) / 86_400_000);
}

/** Minutes since local midnight of the wall clock in `zone` at `utcMs`. */
function localMinute(zone: string, utcMs: number): number {
  const local = Math.floor(utcMs / 60_000) + offsetMinutes(zone, utcMs);
  return ((local % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
}

const isoWeekday = (days: number) => ((((days + 3) % 7) + 7) % 7) + 1; // 1970-01-01 was a Thursday
const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const isoDate = (days: number) => new Date(days * 86_400_000).toISOString().slice(0, 10);

/**
 * The advisor's weekly hours (in `advisorZone`) as the viewer sees them on the seven days from
 * the viewer's today at `now`, in `viewerZone`: each range converted on its own date, so a DST
 * change on either side moves only the days after it. A range crossing the viewer's midnight is
 * split in two; touching ranges are joined.
 */
export function hoursForViewer(
  hours: readonly WeeklyHoursRange[],
  advisorZone: string,
  viewerZone: string,
  now: Date,
): ViewerHoursRange[] {
  const firstDay = localDay(viewerZone, now.getTime());
  const lastDay = firstDay + 6;
  const byDay = new Map<number, [number, number][]>();
  // Advisor days one either side reach every viewer day (zones differ by at most ~26 hours).
  for (let day = firstDay - 2; day <= lastDay + 2; day++) {
    for (const range of hours) {
      if (range.weekday !== isoWeekday(day)) continue;
      const startMs = zonedToUtc(advisorZone, day, range.start_minute);
      const endMs = zonedToUtc(advisorZone, day, range.end_minute);
      if (endMs <= startMs) continue;
      // Walk the range across the viewer's days, cutting at each viewer midnight.
      let at = startMs;
      while (at < endMs) {
        const viewerDay = localDay(viewerZone, at);
        const nextMidnight = zonedToUtc(viewerZone, viewerDay + 1, 0);
        const until = Math.min(endMs, nextMidnight);
        if (viewerDay >= firstDay && viewerDay <= lastDay) {
          // Wall-clock minutes, not minutes elapsed since midnight (they differ on a DST day).
          const from = localMinute(viewerZone, at);
          const to = until === nextMidnight ? 24 * 60 : localMinute(viewerZone, until);
          const list = byDay.get(viewerDay) ?? [];
          list.push([from, to]);
          byDay.set(viewerDay, list);
        }
        at = until;
      }
    }
  }
  const result: ViewerHoursRange[] = [];
  for (let day = firstDay; day <= lastDay; day++) {
    const list = (byDay.get(day) ?? []).sort((a, b) => a[0] - b[0]);
    const joined: [number, number][] = [];
    for (const [from, to] of list) {
      const last = joined[joined.length - 1];
      if (last && from <= last[1]) last[1] = Math.max(last[1], to);
      else joined.push([from, to]);
    }
    for (const [from, to] of joined)
      result.push({
        date: isoDate(day),
        weekday: isoWeekday(day),
        start: hhmm(from),
        end: hhmm(to),
      });
  }
  return result;
}

/** The single range shared by every day that has hours, when there is exactly one such shape. */
export function usualHours(
  days: readonly ViewerHoursRange[],
): { start: string; end: string } | null {
  const first = days[0];
  if (!first) return null;
  const dates = new Set(days.map((day) => day.date));
  if (dates.size !== days.length) return null;
  return days.every((day) => day.start === first.start && day.end === first.end)
    ? { start: first.start, end: first.end }
    : null;
}
