import { describe, expect, it } from 'vitest';
import { chatTime } from './history-page';

describe('chatTime', () => {
  const now = new Date(2026, 10, 22, 15, 0);
  it('shows 2-digit hour and minute for today, weekday this week, date before', () => {
    expect(chatTime(new Date(2026, 10, 22, 9, 5).toISOString(), now)).toBe('09:05');
    expect(chatTime(new Date(2026, 10, 20, 9, 5).toISOString(), now)).toBe('Fri');
    expect(chatTime(new Date(2026, 9, 1, 9, 5).toISOString(), now)).toBe('10/01/26');
  });
  it('is empty without a date', () => {
    expect(chatTime(null, now)).toBe('');
    expect(chatTime('not a date', now)).toBe('');
  });
});
