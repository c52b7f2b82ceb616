/**
 * The live socket's connections (decisions.md "Live socket"): authentication at the
 * handshake, the client frames (connect, subscribe), and delivery of domain events
 * (from this instance or, through the event transport, from others) to the sockets
 * that may see them. See docs/decisions/002-live-socket.md.
 */
import type { Socket } from 'node:net';
import type { RawData, WebSocket } from 'ws';
import {
  ClientFrame,
  SOCKET_CLOSE_CODES,
  SOCKET_MAX_FRAME_BYTES,
  centsToDollars,
} from '@seer/contract';
import type { AuthService, Identity } from '../auth/auth.service.js';
import type { AdvisorsService } from '../advisors/advisors.service.js';
import type { DomainEvent, EventBus } from '../events/event-bus.js';
import type { SocketPresence } from '../presence/socket-presence.js';
import { InitDataError } from '../auth/init-data.js';
import { AppError } from '../errors.js';
import { describeZodError } from '../http/error-handler.js';
import { KeyedRateLimiter, TokenBucket, type RateLimit } from './rate-limit.js';
import { encodeFrame, send, sendEncoded, type EncodedFrame } from './frames.js';

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

export const DEFAULT_SOCKET_OPTIONS: SocketHubOptions = {
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

class Connection {
  /** Dialogs as `${telegram_user_id}:${manager_id}`; null until the first subscription (most sockets of a list screen have none). */
  subscriptions: Set<string> | null = null;
  /** Set by manager_connect: this socket is the advisor's inbox and counts for their presence. */
  advisorId: number | null = null;
  alive = true;
  /** Frames are handled one at a time, in order; null while idle. */
  queue: Promise<void> | null = null;
  dropped = 0;
  limitNoticeAt = 0;
  /** Output held back until the end of this tick, to leave in one write (see push). */
  corked = false;
  readonly frames: TokenBucket;

  constructor(
    readonly ws: WebSocket,
    readonly identity: Identity,
    limit: RateLimit,
  ) {
    this.frames = new TokenBucket(limit);
  }
}

function dialogKey(userId: number, advisorId: number): string {
  return `${userId}:${advisorId}`;
}

function addTo<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(connection);
}

function removeFrom<K>(map: Map<K, Set<Connection>>, key: K, connection: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(connection);
  if (set.size === 0) map.delete(key);
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
  private readonly byUser = new Map<number, Set<Connection>>();
  private readonly byDialog = new Map<string, Set<Connection>>();
  /** Advisor sockets (manager_connect): each sees every dialog of its advisor. */
  private readonly byAdvisor = new Map<number, Set<Connection>>();
  /** Sockets subscribed to at least one dialog with the advisor: they want the advisor's presence. */
  private readonly watchers = new Map<number, Set<Connection>>();
  private readonly userFrames: KeyedRateLimiter<number>;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private stopping = false;
  private corked: Connection[] = [];

  constructor(
    private readonly deps: {
      auth: AuthService;
      advisors: AdvisorsService;
      events: EventBus;
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
    return (this.byUser.get(telegramId)?.size ?? 0) > 0;
  }

  /** A new socket: authenticated by its init data before anything it sends is handled. */
  accept(ws: WebSocket, initData: string | undefined): void {
    if (this.stopping) {
      ws.close(1001, 'Server is restarting; reconnect');
      return;
    }
    let connection: Connection | null = null;
    // Frames that arrive while the init data is being checked wait, up to one burst's worth.
    let early: { data: RawData; isBinary: boolean }[] | null = [];
    let earlyDropped = 0;
    ws.on('message', (data, isBinary) => {
      if (connection) this.onMessage(connection, data, isBinary);
      else if (early && early.length < this.options.connectionFrames.burst)
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

    const timeout = setTimeout(
      () => this.refuse(ws, 1013, 'Authentication took too long; reconnect'),
      this.options.handshakeTimeoutMs,
    );
    this.deps.auth
      .identify(initData)
      .then((identity) => {
        clearTimeout(timeout);
        if (ws.readyState !== ws.OPEN || this.stopping) return;
        const mine = this.byUser.get(identity.telegramId);
        if (mine && mine.size >= this.options.maxConnectionsPerUser) {
          this.refuse(
            ws,
            SOCKET_CLOSE_CODES.tooManyRequests,
            `Too many open connections for this user (at most ${this.options.maxConnectionsPerUser})`,
          );
          return;
        }
        connection = new Connection(ws, identity, this.options.connectionFrames);
        this.connections.add(connection);
        addTo(this.byUser, identity.telegramId, connection);
        const queued = early ?? [];
        early = null;
        for (const frame of queued) this.onMessage(connection, frame.data, frame.isBinary);
      })
      .catch((error: unknown) => {
        clearTimeout(timeout);
        if (error instanceof InitDataError) {
          this.refuse(ws, SOCKET_CLOSE_CODES.unauthorized, `Unauthorized: ${error.message}`);
        } else if (error instanceof AppError && error.statusCode < 500) {
          this.refuse(ws, SOCKET_CLOSE_CODES.unauthorized, `Unauthorized: ${error.message}`);
        } else {
          this.deps.log.warn({ err: error }, 'socket handshake failed');
          this.refuse(ws, 1011, 'Server error while signing in; reconnect later');
        }
      });
  }

  private refuse(ws: WebSocket, code: number, reason: string): void {
    if (ws.readyState === ws.OPEN || ws.readyState === ws.CONNECTING)
      ws.close(code, closeReason(reason));
    // A client that never answers the close handshake must not keep the socket.
    setTimeout(() => ws.terminate(), 2_000).unref();
  }

  private forget(connection: Connection): void {
    if (!this.connections.delete(connection)) return;
    removeFrom(this.byUser, connection.identity.telegramId, connection);
    for (const key of connection.subscriptions ?? []) {
      removeFrom(this.byDialog, key, connection);
      removeFrom(this.watchers, Number(key.split(':')[1]), connection);
    }
    connection.subscriptions = null;
    if (connection.advisorId !== null) {
      removeFrom(this.byAdvisor, connection.advisorId, connection);
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
        if (error instanceof AppError && error.statusCode < 500)
          this.error(connection, error.message);
        else {
          this.deps.log.warn({ err: error, frame: frame.type }, 'socket frame failed');
          this.error(connection, 'Something went wrong on our side; please try again');
        }
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
      case 'user_connect':
        if (frame.user_id !== me)
          return this.error(connection, 'user_id does not match the signed-in Telegram user');
        send(connection.ws, { type: 'connected', role: 'user', telegram_user_id: me });
        return;
      case 'manager_connect': {
        if (frame.user_id !== me)
          return this.error(connection, 'user_id does not match the signed-in Telegram user');
        const advisor = await this.deps.auth.advisorOf(connection.identity);
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
          addTo(this.byAdvisor, advisor.id, connection);
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
        let allowed = userId === me;
        if (!allowed) {
          const advisor =
            connection.advisorId ??
            (await this.deps.auth.advisorOf(connection.identity))?.id ??
            null;
          allowed = advisor === advisorId;
        }
        if (!allowed) return this.error(connection, 'You may subscribe only to your own dialogs');
        const record = await this.deps.advisors.find(advisorId);
        if (!record || !record.is_active)
          return this.error(connection, `Advisor ${advisorId} not found`);
        if (!this.connections.has(connection)) return;
        const key = dialogKey(userId, advisorId);
        connection.subscriptions ??= new Set();
        if (!connection.subscriptions.has(key)) {
          if (connection.subscriptions.size >= this.options.maxSubscriptionsPerConnection) {
            return this.error(
              connection,
              `Too many subscriptions on one connection (at most ${this.options.maxSubscriptionsPerConnection})`,
            );
          }
          connection.subscriptions.add(key);
          addTo(this.byDialog, key, connection);
          addTo(this.watchers, advisorId, connection);
        }
        send(connection.ws, {
          type: 'subscribed',
          telegram_user_id: userId,
          manager_id: advisorId,
        });
        // The chat screen's online badge starts right and then follows presence events.
        send(connection.ws, {
          type: 'presence',
          data: { manager_id: advisorId, isOnline: this.deps.advisors.isOnline(record) },
        });
        return;
      }
      case 'unsubscribe_dialog': {
        const key = dialogKey(frame.telegram_user_id, frame.manager_id);
        if (connection.subscriptions?.delete(key)) {
          removeFrom(this.byDialog, key, connection);
          const stillWatching = [...connection.subscriptions].some((k) =>
            k.endsWith(`:${frame.manager_id}`),
          );
          if (!stillWatching) removeFrom(this.watchers, frame.manager_id, connection);
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
    switch (event.type) {
      case 'message': {
        const { message } = event;
        const frame = encodeFrame({
          type: 'new_message',
          data: {
            message: message.message_text,
            sender: message.sender,
            manager_id: event.advisorId,
            telegram_user_id: event.userId,
            timestamp: message.message_date,
            id: message.id,
            full: message,
          },
        });
        // Every socket of the user hears of their dialogs (the chat list updates live), besides
        // the dialog's subscribers and the advisor's inbox sockets.
        this.deliver(
          frame,
          this.byDialog.get(dialogKey(event.userId, event.advisorId)),
          this.byAdvisor.get(event.advisorId),
          this.byUser.get(event.userId),
        );
        return;
      }
      case 'read': {
        const frame = encodeFrame({
          type: 'read',
          data: {
            manager_id: event.advisorId,
            telegram_user_id: event.userId,
            reader: event.reader,
            up_to_id: event.upToId,
          },
        });
        this.deliver(
          frame,
          this.byDialog.get(dialogKey(event.userId, event.advisorId)),
          this.byAdvisor.get(event.advisorId),
        );
        return;
      }
      case 'balance': {
        const frame = encodeFrame({
          type: 'balance',
          data: {
            balance: centsToDollars(event.balanceCents),
            balance_cents: event.balanceCents,
            free_messages: event.freeMessages,
            reason: event.reason,
            amount_cents: event.amountCents,
          },
        });
        this.deliver(frame, this.byUser.get(event.telegramId));
        return;
      }
      case 'presence': {
        const frame = encodeFrame({
          type: 'presence',
          data: { manager_id: event.advisorId, isOnline: event.isOnline },
        });
        this.deliver(
          frame,
          this.watchers.get(event.advisorId),
          this.byAdvisor.get(event.advisorId),
        );
        return;
      }
      default:
        return;
    }
  }

  /** Sends one frame to the union of the given sets, once per socket. */
  private deliver(frame: EncodedFrame, ...sets: Array<Set<Connection> | undefined>): void {
    const present = sets.filter((set): set is Set<Connection> => set !== undefined && set.size > 0);
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
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.ws.terminate();
        continue;
      }
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
