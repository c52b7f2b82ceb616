/**
 * Dates and moments a client sends (a birth date, a "read up to" time, an admin's date range).
 * JavaScript's Date reaches the year 275760 and PostgreSQL's `date` starts in 4713 BC with no
 * year 0, so "0000-01-01" or "+275760-09-13" fails in one of them as a server error. Nothing in
 * Seer is about a time outside 1900–2199: every date from a client is checked against that range
 * here, and refused with a 400 before it reaches a Date or the database.
 */
import { z } from 'zod';

/** The first and the last day a client may name (ISO 8601 calendar dates, UTC). */
export const CLIENT_DATE_RANGE = { earliest: '1900-01-01', latest: '2199-12-31' } as const;

const EARLIEST_MS = Date.parse(`${CLIENT_DATE_RANGE.earliest}T00:00:00Z`);
const AFTER_LATEST_MS = Date.parse(`${CLIENT_DATE_RANGE.latest}T00:00:00Z`) + 24 * 3600 * 1000;
const RANGE_TEXT = `from ${CLIENT_DATE_RANGE.earliest} to ${CLIENT_DATE_RANGE.latest}`;

/** Whether a moment (ms since 1970) lies within CLIENT_DATE_RANGE. */
export function isWithinClientDateRange(ms: number): boolean {
  return Number.isFinite(ms) && ms >= EARLIEST_MS && ms < AFTER_LATEST_MS;
}

/**
 * A calendar day, "YYYY-MM-DD", that exists and lies within CLIENT_DATE_RANGE; the output is the
 * same text. `label` names the field in the message ("dateOfBirth must be ...").
 */
export function calendarDateField(label: string) {
  return z.iso
    .date({ error: `${label} must be a date (YYYY-MM-DD)` })
    .refine((day) => day >= CLIENT_DATE_RANGE.earliest && day <= CLIENT_DATE_RANGE.latest, {
      error: `${label} must be a date ${RANGE_TEXT}`,
    });
}

/**
 * A moment: an ISO 8601 date and time with its time zone ("2025-03-01T10:00:00.000Z",
 * "2025-03-01T13:00:00+03:00"), within CLIENT_DATE_RANGE; the output is a Date.
 */
export function momentField(label: string) {
  return z
    .string({ error: `${label} must be a date and time (ISO 8601)` })
    .max(40, { error: `${label} must be a date and time (ISO 8601)` })
    .pipe(
      z.iso.datetime({
        offset: true,
        error: `${label} must be a date and time with its time zone (ISO 8601), e.g. 2025-03-01T10:00:00Z`,
      }),
    )
    .transform((text, ctx) => {
      const ms = Date.parse(text);
      if (isWithinClientDateRange(ms)) return new Date(ms);
      ctx.addIssue({ code: 'custom', message: `${label} must be a date and time ${RANGE_TEXT}` });
      return z.NEVER;
    });
}
