/**
 * Presence across instances. Each instance counts its own open advisor sockets and tells the
 * others which advisors it holds (an `advisor_sockets` event on every change, a snapshot every
 * few seconds, a "bye" on shutdown). An advisor is connected while any live instance claims
 * them; claims of an instance that stopped announcing (crashed) expire. A closed last socket
 * keeps its claim for a grace period, so a reconnect does not flicker the advisor offline.
 */
import type { DomainEvent, EventBus } from './event-bus.js';
import { newInstanceId } from './transports/envelope.js';
import type { PresenceSource } from './presence.js';

export interface SocketPresenceOptions {
  /** How long a closed last socket still counts as connected. */
  graceMs: number;
  /** How often an instance repeats which advisors it holds. */
  announceMs: number;
  /** Claims not repeated for this long belong to a dead instance. */
  expireMs: number;
}

const DEFAULT_PRESENCE_OPTIONS: SocketPresenceOptions = {
  graceMs: 5_000,
  announceMs: 5_000,
  expireMs: 16_000,
};

type ConnectionsEvent = Extract<DomainEvent, { type: 'advisor_sockets' }>;

export class SocketPresence implements PresenceSource {
  readonly instanceId = newInstanceId();
  private readonly options: SocketPresenceOptions;
  /** Open advisor sockets on this instance. */
  private readonly localCounts = new Map<number, number>();
  /** Advisors whose last socket here closed recently; still claimed until the timer fires. */
  private readonly graceTimers = new Map<number, NodeJS.Timeout>();
  private readonly remote = new Map<
    string,
    { seq: number; advisorIds: Set<number>; seenAt: number }
  >();
  /** What this instance last considered connected: changes are computed against it. */
  private readonly connected = new Set<number>();
  private readonly listeners = new Set<(advisorId: number, connected: boolean) => void>();
  private seq = 0;
  private announcedNonEmpty = false;
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly events: EventBus,
    options: Partial<SocketPresenceOptions> = {},
  ) {
    this.options = { ...DEFAULT_PRESENCE_OPTIONS, ...options };
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.events.subscribe((event) => {
      if (event.type === 'advisor_sockets' && event.instanceId !== this.instanceId)
        this.onRemote(event);
    });
    this.timer = setInterval(() => this.tick(), this.options.announceMs);
    this.timer.unref();
    // Ask the running instances for their claims now rather than at their next snapshot.
    this.announce('hello');
  }

  stop(): void {
    if (!this.unsubscribe) return;
    this.unsubscribe();
    this.unsubscribe = null;
    if (this.timer) clearInterval(this.timer);
    for (const timer of this.graceTimers.values()) clearTimeout(timer);
    this.graceTimers.clear();
    this.localCounts.clear();
    this.events.publish(this.connectionsEvent('bye', []));
  }

  /** Called with every change of an advisor's connected state as this instance sees it. */
  onChange(listener: (advisorId: number, connected: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  isConnected(advisorId: number): boolean {
    if ((this.localCounts.get(advisorId) ?? 0) > 0 || this.graceTimers.has(advisorId)) return true;
    for (const claim of this.remote.values()) if (claim.advisorIds.has(advisorId)) return true;
    return false;
  }

  /** An advisor socket (manager_connect) opened on this instance. */
  opened(advisorId: number): void {
    const count = (this.localCounts.get(advisorId) ?? 0) + 1;
    this.localCounts.set(advisorId, count);
    const grace = this.graceTimers.get(advisorId);
    if (grace) {
      // A reconnect within the grace period: nothing changed for anyone.
      clearTimeout(grace);
      this.graceTimers.delete(advisorId);
      return;
    }
    if (count === 1) {
      this.announce('change');
      this.recompute([advisorId]);
    }
  }

  /** An advisor socket closed on this instance. */
  closed(advisorId: number): void {
    const count = (this.localCounts.get(advisorId) ?? 0) - 1;
    if (count > 0) {
      this.localCounts.set(advisorId, count);
      return;
    }
    this.localCounts.delete(advisorId);
    if (!this.unsubscribe) return;
    const timer = setTimeout(() => {
      this.graceTimers.delete(advisorId);
      this.announce('change');
      this.recompute([advisorId]);
    }, this.options.graceMs);
    timer.unref();
    this.graceTimers.set(advisorId, timer);
  }

  private claimed(): number[] {
    return [...new Set([...this.localCounts.keys(), ...this.graceTimers.keys()])];
  }

  private connectionsEvent(
    reason: ConnectionsEvent['reason'],
    advisorIds: number[],
  ): ConnectionsEvent {
    return {
      type: 'advisor_sockets',
      instanceId: this.instanceId,
      seq: ++this.seq,
      advisorIds,
      reason,
    };
  }

  private announce(reason: ConnectionsEvent['reason']): void {
    const advisorIds = this.claimed();
    this.announcedNonEmpty = advisorIds.length > 0;
    this.events.publish(this.connectionsEvent(reason, advisorIds));
  }

  private tick(): void {
    // An instance holding nobody stays quiet, once it has said so.
    if (this.claimed().length > 0 || this.announcedNonEmpty) this.announce('snapshot');
    const now = Date.now();
    const affected: number[] = [];
    for (const [instanceId, claim] of this.remote) {
      if (now - claim.seenAt > this.options.expireMs) {
        this.remote.delete(instanceId);
        affected.push(...claim.advisorIds);
      }
    }
    this.recompute(affected);
  }

  private onRemote(event: ConnectionsEvent): void {
    if (event.reason === 'hello') {
      // A new instance (or a restarted one, with a new id) asks what we hold.
      if (this.claimed().length > 0) this.announce('snapshot');
      return;
    }
    const previous = this.remote.get(event.instanceId);
    // Events of one instance may overtake each other on the way; the newest claim wins.
    if (previous && event.seq <= previous.seq) {
      previous.seenAt = Date.now();
      return;
    }
    if (event.reason === 'bye' || event.advisorIds.length === 0)
      this.remote.delete(event.instanceId);
    else
      this.remote.set(event.instanceId, {
        seq: event.seq,
        advisorIds: new Set(event.advisorIds),
        seenAt: Date.now(),
      });
    this.recompute([...(previous?.advisorIds ?? []), ...event.advisorIds]);
  }

  private recompute(advisorIds: Iterable<number>): void {
    for (const advisorId of new Set(advisorIds)) {
      const now = this.isConnected(advisorId);
      if (now === this.connected.has(advisorId)) continue;
      if (now) this.connected.add(advisorId);
      else this.connected.delete(advisorId);
      for (const listener of this.listeners) {
        try {
          listener(advisorId, now);
        } catch {
          // one failing listener must not hide the change from the others
        }
      }
    }
  }
}
