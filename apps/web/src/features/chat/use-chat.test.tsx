import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Advisor, Message, ServerFrame } from '@seer/contract';
import { clearDataCache } from '../../lib/use-data';
import { useChat } from './use-chat';

type Handler = (frame: ServerFrame) => void;
/** Every handler of a frame type, as the real socket module keeps them. */
const registered = new Map<string, Set<Handler>>();
const handlers = {
  get: (type: string) => (frame: ServerFrame) => {
    for (const handler of registered.get(type) ?? []) handler(frame);
  },
  clear: () => registered.clear(),
};
const watched: number[] = [];
vi.mock('../../lib/socket', () => ({
  onSocketFrame: (type: string, handler: (frame: ServerFrame) => void) => {
    if (!registered.has(type)) registered.set(type, new Set());
    registered.get(type)!.add(handler);
    return () => registered.get(type)?.delete(handler);
  },
  watchDialog: (id: number) => {
    watched.push(id);
    return () => {};
  },
  onConnectionState: () => () => {},
}));

const markRead = vi.fn().mockResolvedValue({ status: 'success' });
vi.mock('./api/mark-read', () => ({
  markRead: (id: number, upToId?: number) => markRead(id, upToId),
}));

const playMessageSound = vi.fn();
vi.mock('./chat-sound', () => ({ playMessageSound: () => playMessageSound() }));

const advisor = { id: 3, manager_id: 3, name: 'Luna', isOnline: false } as Advisor;
const message = (id: number, sender: 'user' | 'manager', text: string, read = false): Message => ({
  id,
  message_text: text,
  sender,
  manager_id: 3,
  telegram_user_id: 42,
  message_date: new Date(2026, 10, 22, 10, id).toISOString(),
  kind: 'text',
  image_url: null,
  read,
});

const fetchMessages = vi.fn();
vi.mock('./api/get-all-messages', async () => {
  const { useData } = await import('../../lib/use-data');
  return {
    useDialog: (id: number | null) =>
      useData(id === null ? null : `chat:messages:${id}`, () => fetchMessages(id)),
  };
});

function newMessageFrame(full: Message): ServerFrame {
  return {
    type: 'new_message',
    data: {
      message: full.message_text,
      sender: full.sender,
      manager_id: full.manager_id,
      telegram_user_id: full.telegram_user_id,
      timestamp: full.message_date,
      id: full.id,
      full,
    },
  };
}

beforeEach(() => {
  clearDataCache();
  fetchMessages.mockResolvedValue({
    status: 'success',
    messages: [message(1, 'user', 'Hello', true)],
    manager: advisor,
  });
});
afterEach(() => {
  handlers.clear();
  watched.length = 0;
  vi.clearAllMocks();
});

async function openChat() {
  const hook = renderHook(() => useChat(3));
  await waitFor(() => expect(hook.result.current.messages).toHaveLength(1));
  return hook;
}

describe('useChat', () => {
  it("subscribes to the dialog and appends the advisor's live messages with a sound, then marks them read", async () => {
    const { result } = await openChat();
    expect(watched).toEqual([3]);
    act(() =>
      handlers.get('new_message')!(newMessageFrame(message(2, 'manager', 'I see a journey'))),
    );
    expect(result.current.messages.map((m) => m.message_text)).toEqual([
      'Hello',
      'I see a journey',
    ]);
    expect(playMessageSound).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(markRead).toHaveBeenCalledWith(3, 2));
  });

  it("ignores the user's own echo and other dialogs' messages", async () => {
    const { result } = await openChat();
    act(() => {
      handlers.get('new_message')!(newMessageFrame(message(5, 'user', 'echo of what I sent')));
      handlers.get('new_message')!(
        newMessageFrame({ ...message(6, 'manager', 'for someone else'), manager_id: 9 }),
      );
    });
    expect(result.current.messages.map((m) => m.id)).toEqual([1]);
    expect(playMessageSound).not.toHaveBeenCalled();
  });

  it('shows a message only once when it arrives twice', async () => {
    const { result } = await openChat();
    act(() => {
      handlers.get('new_message')!(newMessageFrame(message(2, 'manager', 'Once')));
      handlers.get('new_message')!(newMessageFrame(message(2, 'manager', 'Once')));
    });
    expect(result.current.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('follows presence frames for this advisor and read receipts for the user’s messages', async () => {
    fetchMessages.mockResolvedValue({
      status: 'success',
      messages: [message(1, 'user', 'Hello')],
      manager: advisor,
    });
    const { result } = await openChat();
    expect(result.current.online).toBe(false);
    act(() =>
      handlers.get('presence')!({ type: 'presence', data: { manager_id: 3, isOnline: true } }),
    );
    expect(result.current.online).toBe(true);
    act(() =>
      handlers.get('presence')!({ type: 'presence', data: { manager_id: 8, isOnline: false } }),
    );
    expect(result.current.online).toBe(true);
    expect(result.current.messages[0]!.read).toBe(false);
    act(() =>
      handlers.get('read')!({
        type: 'read',
        data: { manager_id: 3, telegram_user_id: 42, reader: 'manager', up_to_id: 1 },
      }),
    );
    expect(result.current.messages[0]!.read).toBe(true);
  });
});

describe('typing', () => {
  const typingFrame = (managerId: number): ServerFrame => ({
    type: 'typing',
    data: { manager_id: managerId, telegram_user_id: 42 },
  });

  it("shows the advisor's typing and clears it when their message arrives", async () => {
    const hook = await openChat();
    expect(hook.result.current.typing).toBe(false);
    act(() => handlers.get('typing')(typingFrame(8)));
    expect(hook.result.current.typing).toBe(false);
    act(() => handlers.get('typing')(typingFrame(3)));
    expect(hook.result.current.typing).toBe(true);
    act(() => handlers.get('new_message')(newMessageFrame(message(2, 'manager', 'Here I am'))));
    expect(hook.result.current.typing).toBe(false);
    expect(hook.result.current.messages.map((m) => m.id)).toEqual([1, 2]);
  });

  it('clears typing by itself after a few seconds without another frame', async () => {
    const hook = await openChat();
    vi.useFakeTimers();
    try {
      act(() => handlers.get('typing')(typingFrame(3)));
      act(() => vi.advanceTimersByTime(3000));
      // A repeated frame keeps it shown.
      act(() => handlers.get('typing')(typingFrame(3)));
      act(() => vi.advanceTimersByTime(4000));
      expect(hook.result.current.typing).toBe(true);
      act(() => vi.advanceTimersByTime(1100));
      expect(hook.result.current.typing).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('leaving the chat', () => {
  it('sends a waiting mark-read on the way out, naming the newest message that was on screen', async () => {
    const hook = await openChat();
    markRead.mockClear();
    act(() => handlers.get('new_message')!(newMessageFrame(message(2, 'manager', 'Quick reply'))));
    hook.unmount();
    // Sent at once, and only up to message 2: a reply arriving after the user left stays unread.
    expect(markRead).toHaveBeenCalledTimes(1);
    expect(markRead).toHaveBeenCalledWith(3, 2);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(markRead).toHaveBeenCalledTimes(1);
  });
});
