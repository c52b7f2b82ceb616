import { describe, expect, it } from 'vitest';
import {
  hoursForViewer,
  isTimeZone,
  SaveOwnProfileBody,
  usualHours,
  weeklyHoursProblem,
} from './advisor-profile.js';

const everyDay = (start: number, end: number) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: start, end_minute: end }));

describe('hours across time zones', () => {
  it('shows a Moscow evening in Berlin two hours earlier in winter', () => {
    const days = hoursForViewer(
      everyDay(20 * 60, 23 * 60),
      'Europe/Moscow',
      'Europe/Berlin',
      new Date('2026-01-12T10:00:00Z'),
    );
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ date: '2026-01-12', weekday: 1, start: '18:00', end: '21:00' });
    expect(usualHours(days)).toEqual({ start: '18:00', end: '21:00' });
  });

  it('moves the hours by one hour from the day Berlin changes to summer time', () => {
    // Berlin moves to UTC+2 on Sunday 2026-03-29; Moscow stays at UTC+3.
    const days = hoursForViewer(
      everyDay(20 * 60, 23 * 60),
      'Europe/Moscow',
      'Europe/Berlin',
      new Date('2026-03-27T10:00:00Z'),
    );
    expect(days.map((d) => `${d.date} ${d.start}-${d.end}`)).toEqual([
      '2026-03-27 18:00-21:00',
      '2026-03-28 18:00-21:00',
      '2026-03-29 19:00-22:00',
      '2026-03-30 19:00-22:00',
      '2026-03-31 19:00-22:00',
      '2026-04-01 19:00-22:00',
      '2026-04-02 19:00-22:00',
    ]);
    expect(usualHours(days)).toBeNull();
  });

  it("splits a range at the viewer's midnight and gives it the viewer's weekday", () => {
    // Monday 08:00–10:00 in Tokyo (UTC+9) is Sunday 23:00 – Monday 01:00 in London (winter).
    const days = hoursForViewer(
      [{ weekday: 1, start_minute: 8 * 60, end_minute: 10 * 60 }],
      'Asia/Tokyo',
      'Europe/London',
      new Date('2026-01-11T12:00:00Z'), // a Sunday
    );
    expect(days).toEqual([
      { date: '2026-01-11', weekday: 7, start: '23:00', end: '24:00' },
      { date: '2026-01-12', weekday: 1, start: '00:00', end: '01:00' },
    ]);
  });
});

describe('validation of the own profile', () => {
  const base = {
    category_id: 1,
    languages: ['en'],
    text_language: 'en',
    texts: {},
    time_zone: 'Europe/Moscow',
    hours: [],
  };

  it('knows time zones', () => {
    expect(isTimeZone('Europe/Moscow')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(SaveOwnProfileBody.safeParse({ ...base, time_zone: 'Mars/Olympus' }).success).toBe(
      false,
    );
  });

  it('refuses overlapping, reversed and out-of-range hours', () => {
    expect(
      weeklyHoursProblem([
        { weekday: 1, start_minute: 60, end_minute: 180 },
        { weekday: 1, start_minute: 120, end_minute: 240 },
      ]),
    ).toMatch(/overlap/);
    for (const range of [
      { weekday: 1, start_minute: 300, end_minute: 200 },
      { weekday: 8, start_minute: 0, end_minute: 60 },
      { weekday: 1, start_minute: 0, end_minute: 1441 },
    ])
      expect(SaveOwnProfileBody.safeParse({ ...base, hours: [range] }).success).toBe(false);
    expect(
      SaveOwnProfileBody.safeParse({
        ...base,
        hours: [
          { weekday: 1, start_minute: 0, end_minute: 60 },
          { weekday: 1, start_minute: 60, end_minute: 120 },
        ],
      }).success,
    ).toBe(true);
  });
});
