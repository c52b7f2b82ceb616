/** How a median answer time is rounded for people. */
import { describe, expect, it } from 'vitest';
import { MedianResponseSeconds, responseTimeWording } from './response-times.js';

describe('the wording of a median', () => {
  it('rounds to under a minute, minutes, hours and days', () => {
    expect(responseTimeWording(0)).toEqual({ unit: 'underMinute' });
    expect(responseTimeWording(59)).toEqual({ unit: 'underMinute' });
    expect(responseTimeWording(60)).toEqual({ unit: 'minutes', count: 1 });
    expect(responseTimeWording(290)).toEqual({ unit: 'minutes', count: 5 });
    expect(responseTimeWording(37 * 60)).toEqual({ unit: 'minutes', count: 35 });
    expect(responseTimeWording(58 * 60)).toEqual({ unit: 'hours', count: 1 });
    expect(responseTimeWording(150 * 60)).toEqual({ unit: 'hours', count: 3 });
    expect(responseTimeWording(30 * 3600)).toEqual({ unit: 'days', count: 1 });
    expect(responseTimeWording(60 * 3600)).toEqual({ unit: 'days', count: 3 });
  });
});

describe('the wire field', () => {
  it('is whole non-negative seconds or null', () => {
    expect(MedianResponseSeconds.parse(null)).toBeNull();
    expect(MedianResponseSeconds.parse(42)).toBe(42);
    for (const bad of [-1, 1.5, '42', undefined])
      expect(MedianResponseSeconds.safeParse(bad).success, String(bad)).toBe(false);
  });
});
