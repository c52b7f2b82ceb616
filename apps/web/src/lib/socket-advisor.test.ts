/** The socket's advisor mode (the workspace): manager_connect after user_connect, again after a reconnect, dropped on release. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./session', () => ({
  getSession: async () => ({ token: 'signed', telegram_user_id: 42 }),
  refreshSession: async () => ({ token: 'signed', telegram_user_id: 42 }),
  onSessionRenewed: () => () => {},
  SessionEndedError: class extends Error {},
}));
vi.mock('./telegram', () => ({ onAppActive: () => () => {} }));

class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const types = (socket: FakeSocket) => socket.sent.map((frame) => frame.type);

describe('connectAsAdvisor', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('says manager_connect on every open while the workspace holds it, and reopens as a plain user after', async () => {
    const { connectAsAdvisor, onSocketFrame, watchAdvisorDialog } = await import('./socket');
    const stopFrames = onSocketFrame('presence', () => {});
    const release = connectAsAdvisor(7);
    const stopWatching = watchAdvisorDialog(1001, 7);
    await flush();
    const first = FakeSocket.all.at(-1)!;
    first.accept();
    expect(first.sent).toEqual([
      { type: 'session', token: 'signed' },
      { type: 'user_connect', user_id: 42, data: { role: 'user' } },
      { type: 'manager_connect', user_id: 42, data: { manager_id: 7, role: 'manager' } },
      { type: 'subscribe_dialog', telegram_user_id: 1001, manager_id: 7 },
    ]);

    // A lost connection: the reconnect says it all again.
    vi.useFakeTimers();
    first.readyState = FakeSocket.CLOSED;
    first.onclose?.();
    await vi.advanceTimersByTimeAsync(5000);
    const second = FakeSocket.all.at(-1)!;
    expect(second).not.toBe(first);
    second.accept();
    expect(types(second)).toEqual([
      'session',
      'user_connect',
      'manager_connect',
      'subscribe_dialog',
    ]);

    // Leaving the workspace: after a moment the socket reopens without the advisor role.
    stopWatching();
    release();
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeSocket.all.at(-1)).toBe(second);
    await vi.advanceTimersByTimeAsync(1);
    const third = FakeSocket.all.at(-1)!;
    expect(third).not.toBe(second);
    expect(second.readyState).toBe(FakeSocket.CLOSED);
    third.accept();
    expect(types(third)).toEqual(['session', 'user_connect']);
    stopFrames();
  });
});

describe('sendTyping', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('says typing for a dialog at most once per interval, and nothing while the socket is closed', async () => {
    const { onSocketFrame, sendTyping } = await import('./socket');
    expect(sendTyping(1001, 7, 0)).toBe(false);
    const stop = onSocketFrame('typing', () => {});
    await flush();
    const socket = FakeSocket.all.at(-1)!;
    socket.accept();
    expect(sendTyping(1001, 7, 10_000)).toBe(true);
    expect(sendTyping(1001, 7, 11_000)).toBe(false);
    // Another dialog has its own interval.
    expect(sendTyping(1002, 7, 11_000)).toBe(true);
    expect(sendTyping(1001, 7, 13_000)).toBe(true);
    expect(socket.sent.filter((frame) => frame.type === 'typing')).toEqual([
      { type: 'typing', telegram_user_id: 1001, manager_id: 7 },
      { type: 'typing', telegram_user_id: 1002, manager_id: 7 },
      { type: 'typing', telegram_user_id: 1001, manager_id: 7 },
    ]);
    stop();
  });
});
