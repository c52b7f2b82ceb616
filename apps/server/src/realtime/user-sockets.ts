/**
 * Whether a Telegram user has an open socket on any instance. Presence (socket-presence.ts)
 * shares only advisors' sockets, all the time; users are many and this question is rare
 * (a notice about to be sent), so it is asked when needed instead: the asking instance
 * publishes a query, every instance holding a socket of that user answers, and no answer
 * within `answerWaitMs` means none is open.
 *
 * Every instance also says "hello" every `helloIntervalMs` (and answers a newcomer's hello at
 * once). An instance that has heard no other instance for `aloneAfterMs` is alone, and answers
 * from its own sockets without waiting; so is one without an event transport. The event bus asks
 * the same question (`othersMayListen`) before it sends chat traffic to other instances.
 */
import { randomUUID } from 'node:crypto';
import type { EventBus } from './event-bus.js';
import { newInstanceId } from './transports/envelope.js';

export interface LocalSockets {
  hasSocketsOf(telegramId: number): boolean;
}

export interface UserSocketsOptions {
  /** How long to wait for other instances' answers. */
  answerWaitMs: number;
  /** How often this instance says it is alive. */
  helloIntervalMs: number;
  /** Without a hello from another instance for this long, this one is alone. */
  aloneAfterMs: number;
  /**
   * For this long after start, other instances may be running that have not answered this one's
   * hello yet: until then, `othersMayListen` says they may.
   */
  startupGraceMs: number;
}

const DEFAULT_OPTIONS: UserSocketsOptions = {
  // Enough for a NOTIFY or Redis round trip between instances, short enough for a notice.
  answerWaitMs: 1_500,
  helloIntervalMs: 10_000,
  // Two missed hellos and a margin: a busy instance is not taken for a dead one.
  aloneAfterMs: 25_000,
  // Running instances answer a newcomer's hello at once: a NOTIFY or Redis round trip, with room.
  startupGraceMs: 2_000,
};

export class UserSockets {
  private readonly instanceId = newInstanceId();
  private readonly options: UserSocketsOptions;
  private readonly pending = new Map<string, () => void>();
  /** Other instances by id, with when each last said hello. */
  private readonly others = new Map<string, number>();
  private unsubscribe: (() => void) | null = null;
  private helloTimer: NodeJS.Timeout | null = null;
  private startedAt = 0;

  constructor(
    private readonly events: EventBus,
    private readonly local: LocalSockets,
    options: Partial<UserSocketsOptions> = {},
  ) {
    this.options = {
      answerWaitMs: options.answerWaitMs ?? DEFAULT_OPTIONS.answerWaitMs,
      helloIntervalMs: options.helloIntervalMs ?? DEFAULT_OPTIONS.helloIntervalMs,
      aloneAfterMs: options.aloneAfterMs ?? DEFAULT_OPTIONS.aloneAfterMs,
      startupGraceMs: options.startupGraceMs ?? DEFAULT_OPTIONS.startupGraceMs,
    };
  }

  start(): void {
    if (this.unsubscribe) return;
    this.startedAt = Date.now();
    this.unsubscribe = this.events.subscribe((event, origin) => {
      if (!origin.remote) return;
      if (event.type === 'user_sockets_query' && this.local.hasSocketsOf(event.telegramId)) {
        this.events.publish({
          type: 'user_sockets_answer',
          queryId: event.queryId,
          telegramId: event.telegramId,
        });
      } else if (event.type === 'user_sockets_answer') {
        this.pending.get(event.queryId)?.();
      } else if (event.type === 'user_sockets_hello' && event.instanceId !== this.instanceId) {
        const known = this.others.has(event.instanceId);
        this.others.set(event.instanceId, Date.now());
        // A newcomer learns at once that it is not alone.
        if (!known && !event.reply) this.hello(true);
      }
    });
    if (this.events.distributed) {
      this.hello(false);
      this.helloTimer = setInterval(() => this.hello(false), this.options.helloIntervalMs);
      this.helloTimer.unref();
    }
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    if (this.helloTimer) clearInterval(this.helloTimer);
    this.helloTimer = null;
    for (const settle of this.pending.values()) settle();
    this.pending.clear();
  }

  /** Whether another live instance has been heard from recently. */
  get alone(): boolean {
    if (!this.events.distributed) return true;
    const since = Date.now() - this.options.aloneAfterMs;
    for (const [id, lastHello] of this.others) {
      if (lastHello >= since) return false;
      this.others.delete(id);
    }
    return true;
  }

  /**
   * Whether another instance may be reading this one's events: one has said hello within
   * `aloneAfterMs`, or this one started less than `startupGraceMs` ago (or is not listening for
   * hellos at all, so cannot tell). False without an event transport.
   */
  get othersMayListen(): boolean {
    if (!this.events.distributed) return false;
    if (!this.unsubscribe || Date.now() - this.startedAt < this.options.startupGraceMs) return true;
    return !this.alone;
  }

  /** True when this or any other live instance holds a socket of the user. */
  async anyOpen(telegramId: number): Promise<boolean> {
    if (this.local.hasSocketsOf(telegramId)) return true;
    if (this.alone || !this.unsubscribe) return false;
    const queryId = randomUUID();
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), this.options.answerWaitMs);
      const finish = (open: boolean) => {
        clearTimeout(timer);
        this.pending.delete(queryId);
        resolve(open);
      };
      this.pending.set(queryId, () => finish(true));
      this.events.publish({ type: 'user_sockets_query', queryId, telegramId });
    });
  }

  private hello(reply: boolean): void {
    this.events.publish({ type: 'user_sockets_hello', instanceId: this.instanceId, reply });
  }
}
