import { describe, expect, it } from 'vitest';
import type { Message } from '@seer/contract';
import { applyReadUpTo, mergeMessages } from './merge';

const message = (
  id: number,
  sender: 'user' | 'manager',
  minute: number,
  read = false,
): Message => ({
  id,
  message_text: `m${id}`,
  sender,
  manager_id: 3,
  telegram_user_id: 42,
  message_date: new Date(Date.UTC(2026, 10, 25, 10, minute)).toISOString(),
  kind: 'text',
  image_url: null,
  read,
});

describe('a live dialog’s messages', () => {
  it('merges history and live arrivals by id, oldest first, the later copy winning', () => {
    const merged = mergeMessages(
      [message(2, 'manager', 2), message(1, 'user', 1)],
      [message(2, 'manager', 2, true), message(3, 'user', 3)],
    );
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[1]!.read).toBe(true);
  });

  it('marks one side’s messages read up to the receipt’s id', () => {
    const list = [message(1, 'user', 1), message(2, 'manager', 2), message(3, 'user', 3)];
    const read = applyReadUpTo(list, 'user', 2);
    expect(read.map((m) => m.read)).toEqual([true, false, false]);
    expect(applyReadUpTo(list, 'manager', 0)).toEqual(list);
  });
});
