/**
 * Domain events that other parts react to (the socket, the bot, demo advisors).
 * publish() delivers to subscribers in this process and, through a transport,
 * to every other instance on the same database (see realtime/transports).
 */
import type { FeedNotification, Message } from '@seer/contract';

export type DomainEvent =
  | { type: 'message'; message: Message; userId: number; advisorId: number }
  | {
      type: 'balance';
      telegramId: number;
      balanceCents: number;
      freeMessages: number;
      reason: string;
      amountCents: number;
    }
  /** A notification of the user was written or bumped (or, with null, only their unread count changed). */
  | {
      type: 'notification';
      userId: number;
      unread: number;
      notification: FeedNotification | null;
      /** Notifications that are gone. */
      removed: number[];
    }
  /** The dialog's advisor (a person or a demo advisor) is composing a reply. */
  | { type: 'typing'; userId: number; advisorId: number }
  | { type: 'presence'; advisorId: number; isOnline: boolean }
  | { type: 'read'; userId: number; advisorId: number; reader: 'user' | 'manager'; upToId: number }
  /**
   * Which advisors hold an advisor socket on one instance: how instances share presence
   * (realtime/socket-presence.ts). Every instance derives `presence` events from these itself.
   */
  | {
      type: 'advisor_sockets';
      instanceId: string;
      seq: number;
      advisorIds: number[];
      reason: 'change' | 'snapshot' | 'hello' | 'bye';
    }
  /**
   * "Does anyone hold a socket of this Telegram user?" and the answers of the instances that do
   * (realtime/user-sockets.ts): how the bot knows a user has the app closed everywhere.
   */
  | { type: 'user_sockets_query'; queryId: string; telegramId: number }
  | { type: 'user_sockets_answer'; queryId: string; telegramId: number }
  /** An instance that can answer those queries says it is alive, so a lone instance knows it is alone. */
  | { type: 'user_sockets_hello'; instanceId: string; reply: boolean }
  /**
   * Someone lost rights they held (an advisor unlinked, moved to another Telegram user or
   * deactivated): every instance forgets cached links and drops these people's rooms.
   */
  | {
      type: 'rights_changed';
      telegramIds: number[];
      advisorId: number | null;
      reason: 'advisor_unlinked' | 'advisor_moved' | 'advisor_deactivated';
    }
  /**
   * A block between a dialog's user and advisor was set or lifted (decision 048): every instance
   * forgets what it cached of the user's blocks, and the parties' sockets hear of it.
   */
  | {
      type: 'block_changed';
      userId: number;
      advisorId: number;
      by: 'user' | 'manager';
      blocked: boolean;
    }
  /** A session (or, with `sessionId` null, every session of the user) was revoked. */
  | { type: 'session_revoked'; telegramId: number; sessionId: string | null };

/** `remote` is true for events published by another instance. */
export type EventHandler = (event: DomainEvent, origin: { remote: boolean }) => void;

export interface EventTransport {
  /** Sends an event to the other instances. */
  send(event: DomainEvent): void;
  /** Calls back with events that other instances sent. */
  start(onRemote: (event: DomainEvent) => void): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The busy events whose only readers on other instances are people's sockets: a chat message, a
 * balance, a notification, typing, a read. An instance sends them to the others only while
 * another instance may be listening (see `sendSocketTrafficWhen`); every other event (presence,
 * the instances' hellos, rights and sessions) always goes.
 */
const SOCKET_TRAFFIC: ReadonlySet<DomainEvent['type']> = new Set([
  'message',
  'balance',
  'notification',
  'typing',
  'read',
]);

export class EventBus {
  private readonly handlers = new Set<EventHandler>();
  private othersMayListen: () => boolean = () => true;

  constructor(private transport: EventTransport | null = null) {}

  async start(): Promise<void> {
    await this.transport?.start((event) => this.deliver(event, true));
  }

  async stop(): Promise<void> {
    await this.transport?.stop();
  }

  /** Whether events travel to other instances (false: this process is the only one). */
  get distributed(): boolean {
    return this.transport !== null;
  }

  subscribe(handler: EventHandler): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  /**
   * From now on, socket traffic goes to the transport only while `check` answers true: a lone
   * instance then spends no NOTIFY (or PUBLISH) on events nobody else would read
   * (docs/decisions/032-a-lone-instance-keeps-its-events.md).
   */
  sendSocketTrafficWhen(check: () => boolean): void {
    this.othersMayListen = check;
  }

  publish(event: DomainEvent): void {
    this.deliver(event, false);
    if (this.transport && (!SOCKET_TRAFFIC.has(event.type) || this.othersMayListen()))
      this.transport.send(event);
  }

  /** Delivers to this instance's subscribers only: for events every instance derives on its own. */
  publishLocal(event: DomainEvent): void {
    this.deliver(event, false);
  }

  private deliver(event: DomainEvent, remote: boolean): void {
    for (const handler of this.handlers) {
      try {
        handler(event, { remote });
      } catch {
        // a failing subscriber must not stop the others or the publisher
      }
    }
  }
}
