/** The weekly hours editor's values: "HH:MM" fields to the minutes the server keeps, and back. */
import type { WeeklyHoursRange } from '@seer/contract';

export interface HoursField {
  weekday: number;
  start: string;
  /** "24:00" is allowed for a range to midnight; an input of "00:00" as an end means the same. */
  end: string;
}

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export function minuteToField(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

/** Minutes since midnight of "HH:MM", or null for anything else. */
export function fieldToMinute(value: string): number | null {
  const match = /^(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const minute = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minute <= 24 * 60 ? minute : null;
}

export function toFields(hours: readonly WeeklyHoursRange[]): HoursField[] {
  return hours.map((range) => ({
    weekday: range.weekday,
    start: minuteToField(range.start_minute),
    end: minuteToField(range.end_minute),
  }));
}

/** The ranges to send, or the index of the first field that is not a time range (end after start). */
export function fromFields(
  fields: readonly HoursField[],
): { ok: true; hours: WeeklyHoursRange[] } | { ok: false; index: number } {
  const hours: WeeklyHoursRange[] = [];
  for (const [index, field] of fields.entries()) {
    const start = fieldToMinute(field.start);
    let end = fieldToMinute(field.end);
    // A range to midnight is typed "…–00:00".
    if (end === 0) end = 24 * 60;
    if (start === null || end === null || start >= 24 * 60 || end <= start)
      return { ok: false, index };
    hours.push({ weekday: field.weekday, start_minute: start, end_minute: end });
  }
  return { ok: true, hours };
}

/** The time zones the picker offers, with `current` always among them. */
export function timeZoneChoices(current: string): string[] {
  const zones =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(current) ? zones : [current, ...zones];
}
