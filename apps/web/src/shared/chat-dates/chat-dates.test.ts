import { describe, expect, it } from 'vitest';
import type { Message } from '@seer/contract';
import { dayLabel, groupByDay } from './chat-dates';

const message = (id: number, date: Date): Message => ({
  id,
  message_text: `m${id}`,
  sender: 'user',
  manager_id: 1,
  telegram_user_id: 5,
  message_date: date.toISOString(),
  kind: 'text',
  image_url: null,
  read: false,
});

describe('chat day labels', () => {
  const now = new Date(2026, 10, 22, 9, 30);

  it('calls the same calendar day Today, even just after midnight', () => {
    expect(dayLabel(new Date(2026, 10, 22, 0, 1), now)).toEqual({ kind: 'today' });
  });

  it('calls the previous calendar day Yesterday, even late in the evening', () => {
    expect(dayLabel(new Date(2026, 10, 21, 23, 59), now)).toEqual({ kind: 'yesterday' });
  });

  it('gives older days their date, noting whether the year is the current one', () => {
    expect(dayLabel(new Date(2026, 10, 20, 12), now)).toMatchObject({
      kind: 'date',
      sameYear: true,
    });
    expect(dayLabel(new Date(2025, 11, 31, 12), now)).toMatchObject({
      kind: 'date',
      sameYear: false,
    });
  });

  it('handles the first of the month: the last day of the previous month is Yesterday', () => {
    expect(dayLabel(new Date(2026, 2, 31, 18), new Date(2026, 3, 1, 8))).toEqual({
      kind: 'yesterday',
    });
  });

  it('groups messages per local day in time order, whatever order they came in', () => {
    const groups = groupByDay(
      [
        message(3, new Date(2026, 10, 22, 8)),
        message(1, new Date(2026, 10, 20, 8)),
        message(2, new Date(2026, 10, 21, 8)),
      ],
      now,
    );
    expect(groups.map((group) => [group.label.kind, group.messages.map((m) => m.id)])).toEqual([
      ['date', [1]],
      ['yesterday', [2]],
      ['today', [3]],
    ]);
  });
});
