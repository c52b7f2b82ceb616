import { describe, expect, it } from 'vitest';
import { calendarDateField, CLIENT_DATE_RANGE, momentField } from './dates.js';
import { MarkNotificationsReadBody } from './notifications.js';
import { AdminPayoutsQuery } from './admin.js';
import { UpdateUserBody } from './api.js';

const day = calendarDateField('day');
const moment = momentField('at');

describe('calendar dates from a client', () => {
  it('accept real days from 1900-01-01 to 2199-12-31', () => {
    for (const ok of [
      CLIENT_DATE_RANGE.earliest,
      '1990-05-17',
      '2024-02-29',
      CLIENT_DATE_RANGE.latest,
    ])
      expect(day.parse(ok)).toBe(ok);
  });

  it('refuse days that do not exist or lie outside the range, naming the field', () => {
    for (const bad of ['0000-01-01', '1899-12-31', '2200-01-01', '9999-12-31', '2023-02-29'])
      expect(day.safeParse(bad).success, bad).toBe(false);
    expect(day.safeParse('0000-01-01').error?.issues[0]?.message).toBe(
      'day must be a date from 1900-01-01 to 2199-12-31',
    );
    for (const bad of ['+275760-09-13', '-000001-01-01', '2024-1-1', '20240101', 'today', ''])
      expect(day.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        'day must be a date (YYYY-MM-DD)',
      );
  });

  it('hold every date field of the contract', () => {
    expect(UpdateUserBody.safeParse({ dateOfBirth: '0000-01-01' }).success).toBe(false);
    expect(UpdateUserBody.safeParse({ dateOfBirth: '1990-05-17' }).success).toBe(true);
    expect(UpdateUserBody.safeParse({ dateOfBirth: '' }).success).toBe(true);
    expect(AdminPayoutsQuery.safeParse({ from: '0000-01-01' }).success).toBe(false);
    expect(AdminPayoutsQuery.safeParse({ to: '2200-01-01' }).success).toBe(false);
  });
});

describe('moments from a client', () => {
  it('accept ISO 8601 dates and times with a time zone within the range, as Dates', () => {
    expect(moment.parse('2025-03-01T10:00:00.123Z')).toEqual(new Date('2025-03-01T10:00:00.123Z'));
    expect(moment.parse('2025-03-01T13:00:00+03:00')).toEqual(new Date('2025-03-01T10:00:00Z'));
    expect(moment.parse('1900-01-01T00:00:00Z')).toEqual(new Date('1900-01-01T00:00:00Z'));
    expect(moment.parse('2199-12-31T23:59:59.999Z')).toEqual(new Date('2199-12-31T23:59:59.999Z'));
  });

  it('refuse the years JavaScript or PostgreSQL cannot hold, and anything else', () => {
    for (const bad of [
      '0000-01-01',
      '0000-01-01T00:00:00Z',
      '+275760-09-13T00:00:00Z',
      '275760-01-01',
      '-000001-01-01T00:00:00Z',
      '1899-12-31T23:59:59Z',
      '1900-01-01T00:30:00+01:00',
      '2200-01-01T00:00:00Z',
      '9999-12-31T23:59:59Z',
      '2024-02-30T00:00:00Z',
      '2025-03-01T10:00:00',
      'yesterday',
      '1',
      '',
      'x'.repeat(41),
    ])
      expect(moment.safeParse(bad).success, bad).toBe(false);
    expect(moment.safeParse('9999-12-31T23:59:59Z').error?.issues[0]?.message).toBe(
      'at must be a date and time from 1900-01-01 to 2199-12-31',
    );
    expect(MarkNotificationsReadBody.safeParse({ up_to: '0000-01-01' }).success).toBe(false);
    expect(MarkNotificationsReadBody.parse({})).toEqual({});
  });
});
