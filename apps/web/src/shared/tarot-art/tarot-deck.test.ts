import { beforeEach, describe, expect, it } from 'vitest';
import { TAROT_ENTRIES, drawCard, loadTodaysDraw, saveTodaysDraw } from './tarot-deck';

describe('tarot deck', () => {
  beforeEach(() => localStorage.clear());

  it('has 16 distinct entries: 8 cards, upright and reversed', () => {
    expect(TAROT_ENTRIES).toHaveLength(16);
    expect(new Set(TAROT_ENTRIES.map((entry) => `${entry.card}:${entry.reversed}`)).size).toBe(16);
  });

  it('can draw every entry, and nothing else, across the random range', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 16; i += 1) {
      const draw = drawCard(() => (i + 0.5) / 16);
      seen.add(`${draw.card}:${draw.reversed}`);
    }
    expect(seen.size).toBe(16);
    expect(drawCard(() => 0.999999999)).toEqual(TAROT_ENTRIES[15]);
    expect(drawCard(() => 0)).toEqual(TAROT_ENTRIES[0]);
  });

  it("keeps today's card so it cannot be drawn again the same day, and forgets it the next day", () => {
    const morning = new Date(2026, 10, 22, 8);
    saveTodaysDraw({ card: 'star', reversed: true }, morning);
    expect(loadTodaysDraw(new Date(2026, 10, 22, 23, 59))).toEqual({
      card: 'star',
      reversed: true,
    });
    expect(loadTodaysDraw(new Date(2026, 10, 23, 0, 1))).toBeNull();
  });

  it('ignores a damaged stored value', () => {
    localStorage.setItem('seer.tarot.daily', '{"date":"x"');
    expect(loadTodaysDraw()).toBeNull();
    localStorage.setItem(
      'seer.tarot.daily',
      JSON.stringify({ date: '2026-11-22', card: 'devil', reversed: false }),
    );
    expect(loadTodaysDraw(new Date(2026, 10, 22))).toBeNull();
  });
});
