import { afterEach, describe, expect, it } from 'vitest';
import type { ChatSummary } from '@seer/contract';
import { clearDataCache, getCachedData, setCachedData } from '../../lib/use-data';
import { CHATS_KEY, unreadTotal, viewChat } from './live-chats';

const chat = (id: number, unread: number): ChatSummary => ({
  manager_id: id,
  name: `Advisor ${id}`,
  avatar: '',
  last_message: 'hello',
  message_date: '2026-11-25T10:00:00.000Z',
  rating: 5,
  isOnline: false,
  price: 1,
  unread,
});
const cached = () => getCachedData<{ chats: ChatSummary[] }>(CHATS_KEY)?.chats;

describe('the Chats tab count', () => {
  it('counts a chat that is still mounted but no longer on screen (the next page is loading)', () => {
    setCachedData(CHATS_KEY, { status: 'success', chats: [chat(7, 2), chat(8, 1)] });
    window.history.replaceState(null, '', '/chat/8');
    const leave = viewChat(8);
    window.history.replaceState(null, '', '/');
    setCachedData(CHATS_KEY, { status: 'success', chats: [chat(7, 2), chat(8, 1)] });
    expect(unreadTotal(cached())).toBe(3);
    leave();
  });

  afterEach(() => clearDataCache());

  it('sums every dialog while no chat is open', () => {
    setCachedData(CHATS_KEY, { status: 'success', chats: [chat(7, 2), chat(8, 1)] });
    expect(unreadTotal(cached())).toBe(3);
  });

  it('never counts the chat on screen, even when a reload answers with its old count', () => {
    setCachedData(CHATS_KEY, { status: 'success', chats: [chat(7, 2), chat(8, 1)] });
    window.history.replaceState(null, '', '/chat/8');
    const leave = viewChat(8);
    expect(unreadTotal(cached())).toBe(2);
    // A GetAllChats answer read on the server before the chat's mark-read arrived there.
    setCachedData(CHATS_KEY, { status: 'success', chats: [chat(7, 2), chat(8, 1)] });
    expect(unreadTotal(cached())).toBe(2);
    leave();
    window.history.replaceState(null, '', '/');
    setCachedData(CHATS_KEY, { status: 'success', chats: [chat(7, 2), chat(8, 4)] });
    expect(unreadTotal(cached())).toBe(6);
  });
});
