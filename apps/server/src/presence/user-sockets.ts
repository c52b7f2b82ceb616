/**
 * Whether a Telegram user has an open socket on any instance. Presence (socket-presence.ts)
 * shares only advisors' sockets, all the time; users are many and this question is rare
 * (a notice about to be sent), so it is asked when needed instead: the asking instance
 * publishes a query, every instance holding a socket of that user answers, and no answer
 * within `answerWaitMs` means none is open. With no event transport this instance is the only
 * one and the answer is immediate.
 */
import { randomUUID } from 'node:crypto';
import type { EventBus } from '../events/event-bus.js';

export interface LocalSockets {
  hasSocketsOf(telegramId: number): boolean;
}

/** Enough for a NOTIFY or Redis round trip between instances, short enough for a notice. */
export const DEFAULT_ANSWER_WAIT_MS = 1_500;

export class UserSockets {
  private readonly pending = new Map<string, () => void>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly events: EventBus,
    private readonly local: LocalSockets,
    private readonly answerWaitMs = DEFAULT_ANSWER_WAIT_MS,
  ) {}

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.events.subscribe((event, origin) => {
      if (
        event.type === 'user_sockets_query' &&
        origin.remote &&
        this.local.hasSocketsOf(event.telegramId)
      ) {
        this.events.publish({
          type: 'user_sockets_answer',
          queryId: event.queryId,
          telegramId: event.telegramId,
        });
      } else if (event.type === 'user_sockets_answer' && origin.remote) {
        this.pending.get(event.queryId)?.();
      }
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const settle of this.pending.values()) settle();
    this.pending.clear();
  }

  /** True when this or any other live instance holds a socket of the user. */
  async anyOpen(telegramId: number): Promise<boolean> {
    if (this.local.hasSocketsOf(telegramId)) return true;
    if (!this.events.distributed || !this.unsubscribe) return false;
    const queryId = randomUUID();
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), this.answerWaitMs);
      const finish = (open: boolean) => {
        clearTimeout(timer);
        this.pending.delete(queryId);
        resolve(open);
      };
      this.pending.set(queryId, () => finish(true));
      this.events.publish({ type: 'user_sockets_query', queryId, telegramId });
    });
  }
}
