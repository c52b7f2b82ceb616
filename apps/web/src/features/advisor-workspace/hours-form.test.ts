import { describe, expect, it } from 'vitest';
import { fieldToMinute, fromFields, toFields } from './hours-form';

describe('weekly hours fields', () => {
  it('reads HH:MM into minutes and back, a range to midnight typed as 00:00', () => {
    expect(fieldToMinute('18:30')).toBe(18 * 60 + 30);
    expect(fieldToMinute('25:00')).toBeNull();
    expect(fieldToMinute('7:00')).toBeNull();
    const fields = [{ weekday: 5, start: '22:00', end: '00:00' }];
    expect(fromFields(fields)).toEqual({
      ok: true,
      hours: [{ weekday: 5, start_minute: 22 * 60, end_minute: 24 * 60 }],
    });
    expect(toFields([{ weekday: 5, start_minute: 22 * 60, end_minute: 24 * 60 }])).toEqual([
      { weekday: 5, start: '22:00', end: '24:00' },
    ]);
  });

  it('names the first range whose end is not after its start', () => {
    expect(
      fromFields([
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 2, start: '15:00', end: '14:00' },
      ]),
    ).toEqual({ ok: false, index: 1 });
    expect(fromFields([{ weekday: 1, start: '', end: '12:00' }])).toEqual({ ok: false, index: 0 });
  });
});
