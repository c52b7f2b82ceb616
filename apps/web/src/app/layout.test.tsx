import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { ChatSummary, Message, ServerFrame } from '@seer/contract';
import { clearDataCache } from '../lib/use-data';
import { t } from '../lib/i18n';
import { viewChat as mountChat } from '../shared/live-dialog/live-chats';

/** The chat with this advisor is on screen: mounted, and the app's address is its own. */
function viewChat(advisorId: number): () => void {
  window.history.replaceState(null, '', `/chat/${advisorId}`);
  const unmount = mountChat(advisorId);
  return () => {
    unmount();
    window.history.replaceState(null, '', '/');
  };
}
import { BottomBar } from './layout';

type Handler = (frame: ServerFrame) => void;
const registered = new Map<string, Set<Handler>>();
function emit(frame: ServerFrame) {
  for (const handler of registered.get(frame.type) ?? []) handler(frame);
}
vi.mock('../lib/socket', () => ({
  onSocketFrame: (type: string, handler: Handler) => {
    if (!registered.has(type)) registered.set(type, new Set());
    registered.get(type)!.add(handler);
    return () => registered.get(type)?.delete(handler);
  },
  onConnectionState: () => () => {},
}));

const chat = (managerId: number, unread: number): ChatSummary =>
  ({
    manager_id: managerId,
    name: `Advisor ${managerId}`,
    avatar: null,
    isOnline: false,
    last_message: 'Hello',
    message_date: new Date(2026, 10, 20).toISOString(),
    unread,
  }) as unknown as ChatSummary;

const getAllChats = vi.fn();
const getNotifications = vi.fn();
vi.mock('../lib/api-client', async (original) => ({
  ...(await original<typeof import('../lib/api-client')>()),
  callApi: (name: string) => {
    if (name === 'GetAllChats') return getAllChats();
    if (name === 'GetNotifications') return getNotifications();
    if (name === 'SetTimeZone') return Promise.resolve({ status: 'success' });
    throw new Error(`unexpected call ${name}`);
  },
}));

function advisorMessage(managerId: number, id: number, sender: 'user' | 'manager' = 'manager') {
  const full: Message = {
    id,
    message_text: 'A new reading',
    sender,
    manager_id: managerId,
    telegram_user_id: 42,
    message_date: new Date().toISOString(),
    kind: 'text',
    image_url: null,
    read: false,
  };
  emit({
    type: 'new_message',
    data: {
      message: full.message_text,
      sender,
      manager_id: managerId,
      telegram_user_id: 42,
      timestamp: full.message_date,
      id,
      full,
    },
  });
}

beforeEach(() => {
  clearDataCache();
  getAllChats.mockResolvedValue({ status: 'success', chats: [chat(3, 0), chat(5, 0)] });
  getNotifications.mockResolvedValue({ status: 'success', notifications: [], unread: 0 });
});
afterEach(() => {
  registered.clear();
  vi.clearAllMocks();
});

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <BottomBar />
    </Router>,
  );
}

describe('bottom bar', () => {
  it('lists the five entries in their fixed order', () => {
    renderAt('/');
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['/', '/history', '/operators', '/notifications', '/settings']);
  });

  it('highlights only the entry whose path equals the current path exactly', () => {
    renderAt('/operators');
    expect(screen.getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/operators');
  });

  it('highlights nothing on an inner page such as a category', () => {
    renderAt('/operators/3');
    expect(screen.queryByRole('link', { current: 'page' })).toBeNull();
  });
});

describe('unread badge on the Chats tab', () => {
  const badge = () => screen.queryByTestId('chats-unread');

  it('starts from the unread counts the server gives', async () => {
    getAllChats.mockResolvedValue({ status: 'success', chats: [chat(3, 2), chat(5, 1)] });
    renderAt('/');
    await waitFor(() => expect(badge()?.textContent).toContain('3'));
    expect(badge()!.textContent).toContain(t('nav.chatsUnread', { count: 3 }));
    // Inside the Chats link, so it is read with it.
    expect(badge()!.closest('a')!.getAttribute('href')).toBe('/history');
  });

  it("counts an advisor's new message live, not the user's own, and clears when the chat is opened", async () => {
    renderAt('/');
    await waitFor(() => expect(getAllChats).toHaveBeenCalled());
    await waitFor(() => expect(registered.get('new_message')?.size).toBe(1));
    expect(badge()).toBeNull();
    act(() => advisorMessage(3, 10));
    expect(badge()!.textContent).toContain('1');
    act(() => advisorMessage(5, 11));
    act(() => advisorMessage(3, 12, 'user'));
    expect(badge()!.textContent).toContain('2');
    // Opening the chat with advisor 3 reads its message; its further messages are read there.
    let leave = () => {};
    act(() => {
      leave = viewChat(3);
    });
    expect(badge()!.textContent).toContain('1');
    act(() => advisorMessage(3, 13));
    expect(badge()!.textContent).toContain('1');
    act(() => leave());
    act(() => advisorMessage(3, 14));
    expect(badge()!.textContent).toContain('2');
  });

  it('a reload that still counts the open chat (read a moment later) does not show it', async () => {
    renderAt('/');
    await waitFor(() => expect(registered.get('new_message')?.size).toBe(1));
    let leave = () => {};
    act(() => {
      leave = viewChat(3);
    });
    // A message from an advisor the list lacks reloads it; the server has not seen chat 3 read yet.
    getAllChats.mockResolvedValue({
      status: 'success',
      chats: [chat(3, 2), chat(5, 0), chat(9, 1)],
    });
    act(() => advisorMessage(9, 20));
    await waitFor(() => expect(getAllChats).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(badge()?.textContent).toContain(t('nav.chatsUnread', { count: 1 })));
    act(() => leave());
  });
});

describe('unread badge on the Notifications tab', () => {
  const badge = () => screen.queryByTestId('notifications-unread');
  const reply = (id: number, count: number) => ({
    id,
    reason: 'reply',
    amount: 0,
    amount_cents: 0,
    created_at: new Date().toISOString(),
    kind: 'reply' as const,
    unread: true,
    free_messages: 0,
    count,
    manager_id: 3,
    advisor_name: 'Advisor 3',
    link: '/chat/3',
  });

  it('starts from the server count and follows the notification frames live', async () => {
    getNotifications.mockResolvedValue({
      status: 'success',
      notifications: [reply(1, 1)],
      unread: 1,
    });
    renderAt('/');
    await waitFor(() => expect(badge()?.textContent).toContain('1'));
    expect(badge()!.textContent).toContain(t('nav.notificationsUnread', { count: 1 }));
    expect(badge()!.closest('a')!.getAttribute('href')).toBe('/notifications');
    act(() =>
      emit({ type: 'notification', data: { unread: 2, notification: reply(2, 1), removed: [] } }),
    );
    expect(badge()!.textContent).toContain('2');
    act(() => emit({ type: 'notification', data: { unread: 0, notification: null, removed: [] } }));
    expect(badge()).toBeNull();
  });

  it('does not count a reply in the chat on screen, and drops lines that are gone', async () => {
    renderAt('/');
    await waitFor(() => expect(registered.get('notification')?.size).toBe(1));
    await waitFor(() => expect(getNotifications).toHaveBeenCalled());
    let leave = () => {};
    act(() => {
      leave = viewChat(3);
    });
    act(() =>
      emit({ type: 'notification', data: { unread: 1, notification: reply(5, 1), removed: [] } }),
    );
    expect(badge()).toBeNull();
    act(() => leave());
    act(() =>
      emit({ type: 'notification', data: { unread: 1, notification: reply(6, 1), removed: [] } }),
    );
    expect(badge()!.textContent).toContain('1');
    act(() =>
      emit({ type: 'notification', data: { unread: 0, notification: null, removed: [6] } }),
    );
    expect(badge()).toBeNull();
  });
});
