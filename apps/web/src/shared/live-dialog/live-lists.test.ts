import { describe, expect, it } from 'vitest';
import type { AdvisorDialog, ChatSummary, Message } from '@seer/contract';
import { chatsWithMessage, inboxWithMessage, inboxWithRead } from './live-lists';

const chat = (id: number, date: string, unread = 0): ChatSummary => ({
  manager_id: id,
  name: `Advisor ${id}`,
  avatar: '',
  last_message: 'old',
  message_date: date,
  rating: 5,
  isOnline: false,
  price: 1,
  unread,
});
const dialog = (userId: number, unread = 0): AdvisorDialog => ({
  telegram_user_id: userId,
  name: `User ${userId}`,
  last_message: 'old',
  message_date: '2026-11-24T10:00:00.000Z',
  unread,
});
function frame(sender: 'user' | 'manager', advisorId: number, userId: number, text: string) {
  const full: Message = {
    id: 99,
    message_text: text,
    sender,
    manager_id: advisorId,
    telegram_user_id: userId,
    message_date: '2026-11-25T09:00:00.000Z',
    kind: text ? 'text' : 'image',
    image_url: text ? null : '/api/images/x',
    read: false,
  };
  return {
    message: text,
    sender,
    manager_id: advisorId,
    telegram_user_id: userId,
    timestamp: full.message_date,
    id: full.id,
    full,
  };
}

describe('live chat lists', () => {
  it('moves the user’s dialog to the top with the new preview and counts the advisor’s message unread', () => {
    const chats = [chat(1, '2026-11-24T12:00:00.000Z'), chat(2, '2026-11-24T08:00:00.000Z', 1)];
    const next = chatsWithMessage(chats, frame('manager', 2, 42, 'The cards say yes'))!;
    expect(next.map((c) => c.manager_id)).toEqual([2, 1]);
    expect(next[0]).toMatchObject({ last_message: 'The cards say yes', unread: 2 });
    // The user's own message changes the preview but is not unread for them.
    const own = chatsWithMessage(chats, frame('user', 1, 42, ''))!;
    expect(own[0]).toMatchObject({ manager_id: 1, last_message: '📷', unread: 0 });
  });

  it('answers null for a dialog it does not hold, so the list is loaded', () => {
    expect(
      chatsWithMessage([chat(1, '2026-11-24T12:00:00.000Z')], frame('manager', 5, 42, 'hi')),
    ).toBeNull();
    expect(inboxWithMessage([dialog(7)], frame('user', 3, 8, 'hi'))).toBeNull();
  });

  it('counts a user’s message unread in the inbox and clears it when the advisor reads', () => {
    const inbox = inboxWithMessage([dialog(7), dialog(8, 2)], frame('user', 3, 8, 'Question'))!;
    expect(inbox[1]).toMatchObject({ last_message: 'Question', unread: 3 });
    const read = inboxWithRead(inbox, {
      manager_id: 3,
      telegram_user_id: 8,
      reader: 'manager',
      up_to_id: 99,
    });
    expect(read[1]!.unread).toBe(0);
    expect(read[0]!.unread).toBe(0);
  });
});
