/**
 * The live socket's connections: authentication at the handshake, heartbeat, rate and size
 * limits, the client frames (connect, subscribe) and batched writes. Which rooms a socket may
 * join is asked of the domain services (SocketAccess); which frames go to which rooms is said by
 * each domain's delivery rule (fan-out.ts). See docs/decisions/002-live-socket.md and
 * docs/decisions/008-realtime-layer.md.
 */
import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import { ClientFrame, LIMITS, SOCKET_CLOSE_CODES, SOCKET_MAX_FRAME_BYTES } from '@seer/contract';
import type { DomainEvent, EventBus } from './event-bus.js';
import type { SocketPresence } from './socket-presence.js';
import { describeError, describeZodError } from '../errors.js';
import { KeyedRateLimiter, TokenBucket, type RateLimit } from './rate-limit.js';
import { deliveriesOf, type DeliveryRule } from './fan-out.js';
import { room, Rooms, type Members } from './rooms.js';
import { encodeFrame, send, sendEncoded, type EncodedFrame } from './socket-frames.js';

export interface SocketHubOptions {
  /** A socket that has not answered the previous ping by the next one is dropped. */
  heartbeatMs: number;
  /** How long a new socket may take to be authenticated. */
  handshakeTimeoutMs: number;
  /** Open sockets per user on one instance (phone, desktop, a few tabs). */
  maxConnectionsPerUser: number;
  /** Client frames per socket. */
  connectionFrames: RateLimit;
  /** Client frames per user, over all their sockets on this instance. */
  userFrames: RateLimit;
  /** Frames dropped in a row (over the limits) before the socket is closed as a flood. */
  floodCloseAfter: number;
  maxSubscriptionsPerConnection: number;
  /** A socket whose unsent output grows past this is not reading: drop it rather than buffer forever. */
  maxBufferedBytes: number;
}

const DEFAULT_SOCKET_OPTIONS: SocketHubOptions = {
  heartbeatMs: 30_000,
  handshakeTimeoutMs: 10_000,
  maxConnectionsPerUser: 20,
  connectionFrames: { ratePerSecond: 10, burst: 30 },
  userFrames: { ratePerSecond: 30, burst: 60 },
  floodCloseAfter: 100,
  maxSubscriptionsPerConnection: 100,
  maxBufferedBytes: 1024 * 1024,
};

const FRAME_TYPES = ClientFrame.options.map((option) => option.shape.type.value).join(', ');

export interface HubLog {
  warn(object: object, message: string): void;
}

/** Whether a socket may watch a dialog, as the chat service decides it. */
export type DialogWatch =
  { allowed: true; advisorOnline: boolean } | { allowed: false; message: string };

/** Who holds a socket, as the auth module answers it. */
export interface SocketIdentity {
  telegramId: number;
  /** The session the socket signed in with; null with init data. */
  sessionId: string | null;
  /** When the credential stops being accepted (ms since the epoch): the socket closes then unless renewed. */
  expiresAt: number;
}

/** The domain services' answers the socket needs; the socket decides none of these itself. */
export interface SocketAccess {
  /** Verifies the handshake's credential, init data or `Bearer <session token>` (throws a 401 error when it is not valid). */
  identify(credential: string | undefined): Promise<SocketIdentity>;
  /** The advisor linked to this Telegram user, if any. */
  advisorOf(identity: SocketIdentity): Promise<{ id: number } | null>;
  /** May this user (or the advisor they are linked to) watch the dialog `userId`–`advisorId`? */
  watchDialog(
    viewer: { telegramId: number; advisorId: () => Promise<number | null> },
    dialog: { userId: number; advisorId: number },
  ): Promise<DialogWatch>;
  /** Would a message from `sender` in this dialog be let through (no block either way)? */
  mayWrite(
    dialog: { userId: number; advisorId: number },
    sender: 'user' | 'manager',
  ): Promise<boolean>;
}

class Connection {
  /** Dialogs watched, as [userId, advisorId] by room name; null until the first subscription (most sockets of a list screen have none). */
  subscriptions: Map<string, { userId: number; advisorId: number }> | null = null;
  /** Set by manager_connect: this socket is the advisor's inbox and counts for their presence. */
  advisorId: number | null = null;
  alive = true;
  /** Frames are handled one at a time, in order; null while idle. */
  queue: Promise<void> | null = null;
  dropped = 0;
  limitNoticeAt = 0;
  /** Output held back until the end of this tick, to leave in one write (see push). */
  corked = false;
  /** Closes the socket when its credential expires, unless a renewed session moves it. */
  expiry: NodeJS.Timeout | null = null;
  readonly frames: TokenBucket;
  /** When this socket last passed on `typing` for a dialog (by room name): at most one per interval. */
  typingAt: Map<string, number> | null = null;

  constructor(
    readonly ws: WebSocket,
    public identity: SocketIdentity,
    limit: RateLimit,
  ) {
    this.frames = new TokenBucket(limit);
  }
}

/** The token of a `{type:'session', token}` frame, or null for anything else. */
function sessionTokenOf(data: RawData, isBinary: boolean): string | null {
  if (isBinary) return null;
  const bytes = Buffer.isBuffer(data)
    ? data
    : Array.isArray(data)
      ? Buffer.concat(data)
      : Buffer.from(data);
  if (bytes.length > SOCKET_MAX_FRAME_BYTES) return null;
  try {
    const parsed = ClientFrame.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success && parsed.data.type === 'session' ? parsed.data.token : null;
  } catch {
    return null;
  }
}

/** WebSocket close reasons are limited to 123 bytes. */
function closeReason(text: string): string {
  let reason = text;
  while (Buffer.byteLength(reason) > 123) reason = reason.slice(0, -1);
  return reason;
}

export class SocketHub {
  private readonly options: SocketHubOptions;
  private readonly connections = new Set<Connection>();
  private readonly rooms = new Rooms<Connection>();
  private readonly userFrames: KeyedRateLimiter<number>;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private stopping = false;
  private corked: Connection[] = [];

  constructor(
    private readonly deps: {
      access: SocketAccess;
      events: EventBus;
      /** Each domain's mapping of its events to frames and rooms. */
      deliveries: readonly DeliveryRule[];
      presence: SocketPresence | null;
      log: HubLog;
    },
    options: Partial<SocketHubOptions> = {},
  ) {
    this.options = { ...DEFAULT_SOCKET_OPTIONS, ...options };
    this.userFrames = new KeyedRateLimiter(this.options.userFrames);
    this.unsubscribe = deps.events.subscribe((event) => this.onEvent(event));
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  /** Open sockets on this instance (for tests and the benchmark). */
  get size(): number {
    return this.connections.size;
  }

  /** Whether this Telegram user (as a user or as an advisor) has an open socket on this instance. */
  hasSocketsOf(telegramId: number): boolean {
    return this.rooms.count(room.user(telegramId)) > 0;
  }

  /**
   * A new socket: authenticated by its credential before anything it sends is handled. Without a
   * credential in the handshake (`undefined`), its first frame must be `{type:'session', token}`.
   */
  accept(ws: WebSocket, credential: string | undefined): void {
    if (this.stopping) {
      ws.close(1001, 'Server is restarting; reconnect');
      return;
    }
    let connection: Connection | null = null;
    let awaitingFirstFrame = credential === undefined;
    // Frames that arrive while the credential is being checked wait, up to one burst's worth.
    let early: { data: RawData; isBinary: boolean }[] | null = [];
    let earlyDropped = 0;
    ws.on('message', (data, isBinary) => {
      if (connection) this.onMessage(connection, data, isBinary);
      else if (awaitingFirstFrame) {
        awaitingFirstFrame = false;
        const token = sessionTokenOf(data, isBinary);
        if (token === null)
          this.refuse(
            ws,
            SOCKET_CLOSE_CODES.unauthorized,
            'Unauthorized: the first frame must be {"type":"session","token":...}, or open /ws?initData=',
          );
        else signIn(`Bearer ${token}`, true);
      } else if (early && early.length < this.options.connectionFrames.burst)
        early.push({ data, isBinary });
      else if (++earlyDropped >= this.options.floodCloseAfter)
        this.refuse(
          ws,
          SOCKET_CLOSE_CODES.tooManyRequests,
          'Flood of frames: closed; reconnect and slow down',
        );
      else if (earlyDropped === 1)
        send(ws, {
          type: 'error',
          message: 'Too many frames before sign-in finished; frames are being dropped, slow down',
        });
    });
    ws.on('pong', () => {
      if (connection) connection.alive = true;
    });
    ws.on('close', () => {
      early = null;
      if (connection) this.forget(connection);
    });

    // Dropped once cleared: the socket's listeners share this scope for the socket's whole life.
    let timeout: NodeJS.Timeout | null = setTimeout(() => {
      if (awaitingFirstFrame)
        this.refuse(ws, SOCKET_CLOSE_CODES.unauthorized, 'Unauthorized: no sign-in frame arrived');
      else this.refuse(ws, 1013, 'Authentication took too long; reconnect');
    }, this.options.handshakeTimeoutMs);
    const stopTimeout = () => {
      if (timeout) clearTimeout(timeout);
      timeout = null;
    };
    const signIn = (value: string | undefined, fromFrame: boolean) => {
      this.deps.access
        .identify(value)
        .then((identity) => {
          stopTimeout();
          if (ws.readyState !== ws.OPEN || this.stopping) return;
          if (
            this.rooms.count(room.user(identity.telegramId)) >= this.options.maxConnectionsPerUser
          ) {
            this.refuse(
              ws,
              SOCKET_CLOSE_CODES.tooManyRequests,
              `Too many open connections for this user (at most ${this.options.maxConnectionsPerUser})`,
            );
            return;
          }
          connection = new Connection(ws, identity, this.options.connectionFrames);
          this.connections.add(connection);
          this.rooms.join(room.user(identity.telegramId), connection);
          this.watchExpiry(connection);
          // The sign-in frame is answered like a renewed one: the socket is good until then.
          if (fromFrame)
            send(ws, { type: 'session', expires_at: Math.floor(identity.expiresAt / 1000) });
          const queued = early ?? [];
          early = null;
          for (const frame of queued) this.onMessage(connection, frame.data, frame.isBinary);
        })
        .catch((error: unknown) => {
          stopTimeout();
          const { status, message } = describeError(error);
          if (status < 500) {
            this.refuse(ws, SOCKET_CLOSE_CODES.unauthorized, `Unauthorized: ${message}`);
          } else {
            this.deps.log.warn({ err: error }, 'socket handshake failed');
            this.refuse(ws, 1011, 'Server error while signing in; reconnect later');
          }
        });
    };
    if (!awaitingFirstFrame) signIn(credential, false);
    // The listeners above share this scope for the socket's whole life: the credential (init data
    // can be a kilobyte) is not kept there once handed on.
    credential = undefined;
  }

  /** Closes a socket saying why, and drops it if the client never answers the close. */
  refuse(ws: WebSocket, code: number, reason: string): void {
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING)
      ws.close(code, closeReason(reason));
    // A client that never answers the close handshake must not keep the socket.
    setTimeout(() => ws.terminate(), 2_000).unref();
  }

  /**
   * Closes the socket with 4401 when its credential expires; a `session` frame moves the time.
   * A socket far from its expiry keeps no timer of its own (a timer and its closure are about 200
   * bytes per idle socket): each heartbeat arms the timers of the sockets that expire before the
   * one after next, so none can pass its expiry unwatched even when a heartbeat runs late.
   */
  private watchExpiry(connection: Connection): void {
    if (connection.expiry) clearTimeout(connection.expiry);
    connection.expiry = null;
    const left = connection.identity.expiresAt - Date.now();
    if (left > 2 * this.options.heartbeatMs) return;
    connection.expiry = setTimeout(
      () => {
        if (connection.identity.expiresAt > Date.now()) return this.watchExpiry(connection);
        this.revoke(
          connection,
          SOCKET_CLOSE_CODES.unauthorized,
          'Sign-in expired: renew the session and reconnect',
        );
      },
      // setTimeout fires at once past 2^31 - 1 ms; a credential that long-lived is re-armed then.
      Math.max(0, Math.min(left, 2 ** 31 - 1)),
    );
    connection.expiry.unref();
  }

  /** Drops every room of the socket at once (nothing more reaches it), then closes it saying why. */
  private revoke(connection: Connection, code: number, reason: string): void {
    this.forget(connection);
    this.refuse(connection.ws, code, reason);
  }

  private forget(connection: Connection): void {
    if (connection.expiry) clearTimeout(connection.expiry);
    connection.expiry = null;
    if (!this.connections.delete(connection)) return;
    this.rooms.leave(room.user(connection.identity.telegramId), connection);
    for (const [name, dialog] of connection.subscriptions ?? []) {
      this.rooms.leave(name, connection);
      this.rooms.leave(room.advisorWatchers(dialog.advisorId), connection);
    }
    connection.subscriptions = null;
    if (connection.advisorId !== null) {
      this.rooms.leave(room.advisor(connection.advisorId), connection);
      this.deps.presence?.closed(connection.advisorId);
    }
  }

  private error(connection: Connection, message: string): void {
    send(connection.ws, { type: 'error', message });
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    connection.alive = true;
    const now = Date.now();
    const perConnection = connection.frames.take(now);
    if (!perConnection || !this.userFrames.take(connection.identity.telegramId, now)) {
      this.limited(connection, perConnection ? 'user' : 'connection', now);
      return;
    }
    connection.dropped = 0;
    const bytes = Buffer.isBuffer(data)
      ? data
      : Array.isArray(data)
        ? Buffer.concat(data)
        : Buffer.from(data);
    if (bytes.length > SOCKET_MAX_FRAME_BYTES) {
      this.error(connection, `Frame too large: at most ${SOCKET_MAX_FRAME_BYTES} bytes`);
      return;
    }
    if (isBinary) {
      this.error(connection, 'Frames must be JSON text, not binary');
      return;
    }
    let json: unknown;
    try {
      json = JSON.parse(bytes.toString('utf8'));
    } catch {
      this.error(connection, 'Frame is not valid JSON');
      return;
    }
    const parsed = ClientFrame.safeParse(json);
    if (!parsed.success) {
      const type = json && typeof json === 'object' ? (json as { type?: unknown }).type : undefined;
      const known = typeof type === 'string' && FRAME_TYPES.split(', ').includes(type);
      this.error(
        connection,
        known
          ? `Invalid ${String(type)} frame: ${describeZodError(parsed.error)}`
          : `Unknown frame type: expected one of ${FRAME_TYPES}`,
      );
      return;
    }
    const frame = parsed.data;
    const previous = connection.queue ?? Promise.resolve();
    const current: Promise<void> = previous
      .then(() => this.handle(connection, frame))
      .catch((error: unknown) => {
        const { status, message } = describeError(error);
        if (status >= 500)
          this.deps.log.warn({ err: error, frame: frame.type }, 'socket frame failed');
        this.error(connection, message);
      })
      .finally(() => {
        if (connection.queue === current) connection.queue = null;
      });
    connection.queue = current;
  }

  private limited(connection: Connection, scope: 'connection' | 'user', now: number): void {
    connection.dropped++;
    if (connection.dropped >= this.options.floodCloseAfter) {
      this.refuse(
        connection.ws,
        SOCKET_CLOSE_CODES.tooManyRequests,
        'Flood of frames: closed; reconnect and slow down',
      );
      return;
    }
    // One notice a second is enough to explain why frames are being dropped.
    if (now - connection.limitNoticeAt < 1000) return;
    connection.limitNoticeAt = now;
    const limit = scope === 'connection' ? this.options.connectionFrames : this.options.userFrames;
    this.error(
      connection,
      `Too many frames: at most ${limit.ratePerSecond} per second ${scope === 'connection' ? 'per connection' : 'per user over all connections'}; frames are being dropped, slow down`,
    );
  }

  private async handle(connection: Connection, frame: ClientFrame): Promise<void> {
    const me = connection.identity.telegramId;
    switch (frame.type) {
      case 'ping':
        send(connection.ws, { type: 'pong' });
        return;
      case 'session': {
        const renewed = await this.deps.access.identify(`Bearer ${frame.token}`);
        if (renewed.telegramId !== me)
          return this.error(connection, 'The session belongs to another Telegram user');
        if (!this.connections.has(connection)) return;
        connection.identity = renewed;
        this.watchExpiry(connection);
        send(connection.ws, {
          type: 'session',
          expires_at: Math.floor(renewed.expiresAt / 1000),
        });
        return;
      }
      case 'user_connect':
        if (frame.user_id !== me)
          return this.error(connection, 'user_id does not match the signed-in Telegram user');
        send(connection.ws, { type: 'connected', role: 'user', telegram_user_id: me });
        return;
      case 'manager_connect': {
        if (frame.user_id !== me)
          return this.error(connection, 'user_id does not match the signed-in Telegram user');
        const advisor = await this.deps.access.advisorOf(connection.identity);
        if (!advisor)
          return this.error(
            connection,
            'Only a Telegram user linked to an advisor may connect as manager',
          );
        const claimed = frame.data?.manager_id;
        if (claimed !== undefined && claimed !== advisor.id) {
          return this.error(
            connection,
            `manager_id ${claimed} is not the advisor linked to you (${advisor.id})`,
          );
        }
        if (connection.advisorId === null && this.connections.has(connection)) {
          connection.advisorId = advisor.id;
          this.rooms.join(room.advisor(advisor.id), connection);
          this.deps.presence?.opened(advisor.id);
        }
        send(connection.ws, {
          type: 'connected',
          role: 'manager',
          telegram_user_id: me,
          manager_id: advisor.id,
        });
        return;
      }
      case 'subscribe_dialog': {
        const { telegram_user_id: userId, manager_id: advisorId } = frame;
        const watch = await this.deps.access.watchDialog(
          {
            telegramId: me,
            advisorId: async () =>
              connection.advisorId ??
              (await this.deps.access.advisorOf(connection.identity))?.id ??
              null,
          },
          { userId, advisorId },
        );
        if (!watch.allowed) return this.error(connection, watch.message);
        if (!this.connections.has(connection)) return;
        const name = room.dialog(userId, advisorId);
        connection.subscriptions ??= new Map();
        if (!connection.subscriptions.has(name)) {
          if (connection.subscriptions.size >= this.options.maxSubscriptionsPerConnection) {
            return this.error(
              connection,
              `Too many subscriptions on one connection (at most ${this.options.maxSubscriptionsPerConnection})`,
            );
          }
          connection.subscriptions.set(name, { userId, advisorId });
          this.rooms.join(name, connection);
          this.rooms.join(room.advisorWatchers(advisorId), connection);
        }
        send(connection.ws, {
          type: 'subscribed',
          telegram_user_id: userId,
          manager_id: advisorId,
        });
        // The chat screen's online badge starts right and then follows presence events.
        send(connection.ws, {
          type: 'presence',
          data: { manager_id: advisorId, isOnline: watch.advisorOnline },
        });
        return;
      }
      case 'typing': {
        // Only the advisor of the dialog may say they are composing in it.
        const { telegram_user_id: userId, manager_id: advisorId } = frame;
        const own =
          connection.advisorId ??
          (await this.deps.access.advisorOf(connection.identity))?.id ??
          null;
        if (own !== advisorId)
          return this.error(connection, 'Only the advisor of this dialog may send typing');
        const watch = await this.deps.access.watchDialog(
          { telegramId: me, advisorId: async () => own },
          { userId, advisorId },
        );
        if (!watch.allowed) return this.error(connection, watch.message);
        const name = room.dialog(userId, advisorId);
        const now = Date.now();
        const last = connection.typingAt?.get(name);
        // A client repeating faster than the interval is not refused, only not passed on.
        if (last !== undefined && now - last < LIMITS.typingFrameIntervalMs - 500) return;
        // Where a block stands either way, the advisor could not send, and their typing is not
        // passed on either: it would tell a client who blocked them that they are still there.
        if (!(await this.deps.access.mayWrite({ userId, advisorId }, 'manager'))) return;
        connection.typingAt ??= new Map();
        if (connection.typingAt.size >= this.options.maxSubscriptionsPerConnection)
          connection.typingAt.clear();
        connection.typingAt.set(name, now);
        this.deps.events.publish({ type: 'typing', userId, advisorId });
        return;
      }
      case 'unsubscribe_dialog': {
        const name = room.dialog(frame.telegram_user_id, frame.manager_id);
        if (connection.subscriptions?.delete(name)) {
          this.rooms.leave(name, connection);
          const stillWatching = [...connection.subscriptions.values()].some(
            (dialog) => dialog.advisorId === frame.manager_id,
          );
          if (!stillWatching) this.rooms.leave(room.advisorWatchers(frame.manager_id), connection);
        }
        send(connection.ws, {
          type: 'unsubscribed',
          telegram_user_id: frame.telegram_user_id,
          manager_id: frame.manager_id,
        });
        return;
      }
    }
  }

  private onEvent(event: DomainEvent): void {
    if (event.type === 'rights_changed') return this.onRightsChanged(event);
    if (event.type === 'session_revoked') return this.onSessionRevoked(event);
    for (const delivery of deliveriesOf(event, this.deps.deliveries)) {
      const present = delivery.rooms
        .map((name) => this.rooms.of(name))
        .filter((set): set is Members<Connection> => set !== undefined && set.size > 0);
      // Most events have nobody to reach on this instance: the frame is encoded only for someone.
      if (present.length > 0) this.deliver(encodeFrame(delivery.frame), present);
    }
  }

  /**
   * Someone lost rights: their sockets (and any socket in the advisor's inbox) leave every room
   * at once and are closed with 4403, so the app reconnects with what it may still see.
   */
  private onRightsChanged(event: Extract<DomainEvent, { type: 'rights_changed' }>): void {
    const affected = new Set<Connection>();
    for (const telegramId of event.telegramIds)
      for (const connection of this.rooms.of(room.user(telegramId)) ?? []) affected.add(connection);
    if (event.advisorId !== null)
      for (const connection of this.rooms.of(room.advisor(event.advisorId)) ?? [])
        affected.add(connection);
    for (const connection of affected)
      this.revoke(
        connection,
        SOCKET_CLOSE_CODES.rightsChanged,
        `Your rights changed (${event.reason}); reconnect`,
      );
  }

  private onSessionRevoked(event: Extract<DomainEvent, { type: 'session_revoked' }>): void {
    for (const connection of [...(this.rooms.of(room.user(event.telegramId)) ?? [])]) {
      if (event.sessionId !== null && connection.identity.sessionId !== event.sessionId) continue;
      this.revoke(connection, SOCKET_CLOSE_CODES.unauthorized, 'Session ended; sign in again');
    }
  }

  /** Sends one frame to the union of the given (non-empty) rooms, once per socket. */
  private deliver(frame: EncodedFrame, present: ReadonlyArray<Members<Connection>>): void {
    if (present.length === 1) {
      for (const connection of present[0]!) this.push(connection, frame);
      return;
    }
    const sent = new Set<Connection>();
    for (const set of present) {
      for (const connection of set) {
        if (sent.has(connection)) continue;
        sent.add(connection);
        this.push(connection, frame);
      }
    }
  }

  private push(connection: Connection, frame: EncodedFrame): void {
    if (connection.ws.bufferedAmount > this.options.maxBufferedBytes) {
      // Not reading its socket: it would otherwise hold this instance's memory hostage.
      connection.ws.terminate();
      return;
    }
    // A paid message yields new_message and balance for the same socket in one tick: corked
    // until the tick ends, they leave in one write (system calls are much of a send's cost).
    if (!connection.corked) {
      const socket = (connection.ws as unknown as { _socket?: Socket })._socket;
      if (socket) {
        socket.cork();
        connection.corked = true;
        if (this.corked.push(connection) === 1) process.nextTick(this.uncorkAll);
      }
    }
    sendEncoded(connection.ws, frame);
  }

  private readonly uncorkAll = (): void => {
    const corked = this.corked;
    this.corked = [];
    for (const connection of corked) {
      connection.corked = false;
      (connection.ws as unknown as { _socket?: Socket })._socket?.uncork();
    }
  };

  private beat(): void {
    const armBefore = Date.now() + 2 * this.options.heartbeatMs;
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
      if (!connection.expiry && connection.identity.expiresAt <= armBefore)
        this.watchExpiry(connection);
      connection.alive = false;
      try {
        connection.ws.ping();
      } catch {
        connection.ws.terminate();
      }
    }
  }

  /** Closes every socket (clients reconnect, to this instance once restarted or to another). */
  async stop(): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    clearInterval(this.heartbeat);
    this.unsubscribe();
    const open = [...this.connections];
    await Promise.all(
      open.map(
        (connection) =>
          new Promise<void>((resolve) => {
            if (connection.ws.readyState === connection.ws.CLOSED) return resolve();
            const timer = setTimeout(() => {
              connection.ws.terminate();
              resolve();
            }, 1_000);
            connection.ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            connection.ws.close(1001, 'Server is restarting; reconnect');
          }),
      ),
    );
    for (const connection of open) this.forget(connection);
  }
}
