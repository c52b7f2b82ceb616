/**
 * The socket and the session: signed in by its first frame (never a token in the URL), handed
 * renewed sessions, and its close codes.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_CLOSE_CODES } from '@seer/contract';

const session = vi.hoisted(() => {
  const renewed = new Set<(s: { token: string; telegram_user_id: number }) => void>();
  class SessionEndedError extends Error {}
  return {
    token: 'first',
    ended: false,
    renewed,
    SessionEndedError,
    refreshes: 0,
    rejected: [] as Array<string | undefined>,
  };
});

vi.mock('./session', () => ({
  getSession: async () => {
    if (session.ended) throw new session.SessionEndedError();
    return { token: session.token, telegram_user_id: 42 };
  },
  refreshSession: async (rejected?: string) => {
    session.refreshes += 1;
    session.rejected.push(rejected);
    if (session.ended) throw new session.SessionEndedError();
    session.token = `renewed-${session.refreshes}`;
    return { token: session.token, telegram_user_id: 42 };
  },
  onSessionRenewed: (listener: (s: { token: string; telegram_user_id: number }) => void) => {
    session.renewed.add(listener);
    return () => session.renewed.delete(listener);
  },
  SessionEndedError: session.SessionEndedError,
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
  onclose: ((event: { code: number }) => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.serverClose(1000);
  }
  accept() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  serverClose(code: number) {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the socket and the session', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    session.token = 'first';
    session.ended = false;
    session.refreshes = 0;
    session.rejected = [];
    vi.stubGlobal('WebSocket', FakeSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("signs in with the session's token as its first frame, hands it renewed sessions, and after a 4401 reconnects at once with a renewed one", async () => {
    const { onSocketFrame } = await import('./socket');
    const stop = onSocketFrame('new_message', () => {});
    await flush();
    const first = FakeSocket.all.at(-1)!;
    // Proxies log URLs: the token is never in it.
    expect(first.url).toMatch(/\/ws$/);
    expect(first.url).not.toContain('first');
    first.accept();
    expect(first.sent[0]).toEqual({ type: 'session', token: 'first' });
    expect(first.sent[1]).toMatchObject({ type: 'user_connect', user_id: 42 });

    for (const listener of session.renewed) listener({ token: 'second', telegram_user_id: 42 });
    expect(first.sent.at(-1)).toEqual({ type: 'session', token: 'second' });

    first.serverClose(SOCKET_CLOSE_CODES.unauthorized);
    await flush();
    await flush();
    const second = FakeSocket.all.at(-1)!;
    expect(second).not.toBe(first);
    expect(session.refreshes).toBe(1);
    // The renewal says which token was refused: the newest one the socket had.
    expect(session.rejected).toEqual(['second']);
    expect(second.url).toMatch(/\/ws$/);
    second.accept();
    expect(second.sent[0]).toEqual({ type: 'session', token: 'renewed-1' });

    // Rights changed: reconnect at once, with the same session.
    second.serverClose(SOCKET_CLOSE_CODES.rightsChanged);
    await flush();
    await flush();
    expect(FakeSocket.all.length).toBe(3);
    expect(session.refreshes).toBe(1);
    stop();
  });

  it('signs in with a token renewed while the socket was still connecting', async () => {
    const { onSocketFrame } = await import('./socket');
    const stop = onSocketFrame('new_message', () => {});
    await flush();
    const socket = FakeSocket.all.at(-1)!;
    for (const listener of session.renewed) listener({ token: 'newer', telegram_user_id: 42 });
    socket.accept();
    expect(socket.sent[0]).toEqual({ type: 'session', token: 'newer' });
    stop();
  });

  it('does not reconnect once the session has ended (the app shows "please reopen")', async () => {
    vi.useFakeTimers();
    try {
      const { onSocketFrame } = await import('./socket');
      const stop = onSocketFrame('new_message', () => {});
      await vi.advanceTimersByTimeAsync(0);
      const first = FakeSocket.all.at(-1)!;
      first.accept();
      session.ended = true;
      first.serverClose(SOCKET_CLOSE_CODES.unauthorized);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(FakeSocket.all.length).toBe(1);
      stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
