/** Day labels ("Today", "Yesterday", a date) and 2-digit times for the chat, in the user's time zone. */
import type { Message } from '@seer/contract';

function startOfDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

export type DayLabel =
  { kind: 'today' } | { kind: 'yesterday' } | { kind: 'date'; date: Date; sameYear: boolean };

/** Which label a message sent at `date` gets when looked at `now`. */
export function dayLabel(date: Date, now: Date = new Date()): DayLabel {
  const today = startOfDay(now);
  const day = startOfDay(date);
  if (day === today) return { kind: 'today' };
  // Built from calendar fields, so a 23- or 25-hour day (clock change) still counts as one day.
  const yesterday = startOfDay(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  if (day === yesterday) return { kind: 'yesterday' };
  return { kind: 'date', date, sameYear: date.getFullYear() === now.getFullYear() };
}

export interface DayGroup {
  /** Local calendar day, YYYY-MM-DD. */
  day: string;
  label: DayLabel;
  messages: Message[];
}

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Messages in time order, cut into one group per local day. */
export function groupByDay(messages: readonly Message[], now: Date = new Date()): DayGroup[] {
  const sorted = [...messages].sort(
    (a, b) => Date.parse(a.message_date) - Date.parse(b.message_date) || a.id - b.id,
  );
  const groups: DayGroup[] = [];
  for (const message of sorted) {
    const date = new Date(message.message_date);
    const day = localDay(date);
    const last = groups[groups.length - 1];
    if (last && last.day === day) last.messages.push(message);
    else groups.push({ day, label: dayLabel(date, now), messages: [message] });
  }
  return groups;
}

/** The time of a message as 2-digit hour and minute. */
export const TIME_FORMAT: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit' };
