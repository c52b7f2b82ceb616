/**
 * For the socket tests: the real app listening on a port of 127.0.0.1 (sockets need a real
 * server), and a small client that collects frames and waits for the ones a test expects.
 */
import WebSocket from 'ws';
import type { ServerFrame } from '@seer/contract';
import type { TelegramUser } from '../auth/init-data.js';
import { startTestApp, type TestApp, type TestAppOptions } from './harness.js';

export interface LiveApp extends TestApp {
  /** http://127.0.0.1:port */
  base: string;
  /** Init data of this user, with language_code 'en' unless `user` says otherwise. */
  initData(userId: number, user?: Partial<TelegramUser>): string;
  /** Opens /ws signed in as this user. */
  connect(userId: number, user?: Partial<TelegramUser>): Promise<TestSocket>;
  call<T = Record<string, unknown>>(
    method: 'GET' | 'POST',
    path: string,
    userId: number,
    body?: unknown,
    user?: Partial<TelegramUser>,
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

/** startTestApp listening on a port, with presence and instance timings fit for socket tests. */
export async function startLiveApp(options: Omit<TestAppOptions, 'listen'> = {}): Promise<LiveApp> {
  const t = await startTestApp({
    ...options,
    // Demo advisors answer only where a test asks them to (and then quickly).
    env: { DEMO_REPLY_DELAY_MS: '600000-600000', ...options.env },
    // Short enough for quick tests, long enough that a busy machine does not expire a live instance.
    presenceOptions: { graceMs: 100, announceMs: 250, expireMs: 3000, ...options.presenceOptions },
    // Instances started one after the other on a busy machine still treat each other as
    // listeners from the first event: the lone-instance rule has a test of its own with a short grace.
    instances: { startupGraceMs: 10_000, ...options.instances },
    listen: true,
  });
  const base = t.base!;
  const initData = (userId: number, user: Partial<TelegramUser> = {}) =>
    t.initData(userId, { language_code: 'en', ...user });
  const sockets: TestSocket[] = [];
  return {
    ...t,
    base,
    initData,
    async connect(userId, user) {
      const socket = await TestSocket.open(
        `${base.replace('http', 'ws')}/ws?initData=${encodeURIComponent(initData(userId, user))}`,
      );
      sockets.push(socket);
      return socket;
    },
    async call(method, path, userId, body, user) {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: {
          authorization: initData(userId, user),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, body: (await response.json()) as never };
    },
    async close() {
      for (const socket of sockets) socket.terminate();
      await t.close();
    },
  };
}

export class TestSocket {
  readonly frames: ServerFrame[] = [];
  private cursor = 0;
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as ServerFrame);
      for (const wake of this.waiters.splice(0)) wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    ws.on('error', () => {});
  }

  /** `protocols`: the Sec-WebSocket-Protocol offer (a session token travels there). */
  static open(url: string, protocols?: string[]): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, protocols);
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_request, response) =>
        reject(new Error(`HTTP ${response.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame (after those already taken) that matches; frames before it are skipped. */
  async next<T extends ServerFrame['type']>(
    type: T,
    match: (frame: Extract<ServerFrame, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<ServerFrame, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.cursor < this.frames.length) {
        const frame = this.frames[this.cursor++]!;
        if (frame.type === type && match(frame as Extract<ServerFrame, { type: T }>))
          return frame as Extract<ServerFrame, { type: T }>;
      }
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(
          `no ${type} frame within ${timeoutMs} ms; got ${JSON.stringify(this.frames.slice(-5))}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Every frame of this type received so far (taken or not). */
  all<T extends ServerFrame['type']>(type: T): Extract<ServerFrame, { type: T }>[] {
    return this.frames.filter((frame) => frame.type === type) as Extract<
      ServerFrame,
      { type: T }
    >[];
  }

  /** Sends a ping frame and waits for its pong: everything the server sent before is then here. */
  async roundTrip(): Promise<void> {
    const pongs = this.all('pong').length;
    this.send({ type: 'ping' });
    const deadline = Date.now() + 3000;
    while (this.all('pong').length <= pongs) {
      if (Date.now() > deadline) throw new Error('no pong');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  close(): void {
    this.ws.close();
  }

  terminate(): void {
    this.ws.terminate();
  }
}
