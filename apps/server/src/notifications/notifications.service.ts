/**
 * The app's notifications (docs/product-rules.md#favourites-and-notifications): what happened to
 * the user, newest first, with unread marks and a live count.
 *
 * - Money: a ledger observer writes one row per noticed ledger row (every reason but a message's
 *   charge, whatever new reasons are added) in that row's own transaction, so a credit that rolls
 *   back leaves no notification and a committed one always has it.
 * - Replies: one row per dialog while it is unread; a further reply bumps it (count, time). Written
 *   by the instance that published the message, right after its commit; reading the dialog in the
 *   chat removes it (the chat holds the replies; the line only pointed to them).
 * - Favourites online: written by favourites/favourite-alerts.ts.
 *
 * Every change is published after commit as a `notification` event to the user's room.
 */
import { centsToDollars, type FeedNotification, type AppNotification } from '@seer/contract';
import type { Tx } from '../db/database.js';
import type { DomainEvent, EventBus } from '../realtime/event-bus.js';
import type { LedgerEntry, LedgerObserver } from '../money/index.js';
import type { NotificationRow, NotificationsRepository } from './notifications.repository.js';

/** How many notifications the app is given (the newest). */
export const NOTIFICATIONS_LIMIT = 50;

type Log = (level: 'warn', message: string, detail?: Record<string, unknown>) => void;

/** Where the app goes from a notification. */
export function linkOf(row: Pick<NotificationRow, 'kind' | 'advisor_id'>): string {
  if (row.kind === 'reply' && row.advisor_id !== null) return `/chat/${row.advisor_id}`;
  if (row.kind === 'favourite_online' && row.advisor_id !== null)
    return `/operator/${row.advisor_id}`;
  return '/balance';
}

export function toFeedNotification(row: NotificationRow): FeedNotification {
  return {
    id: row.id,
    reason: row.reason,
    amount: centsToDollars(row.amount_cents),
    amount_cents: row.amount_cents,
    created_at: row.created_at.toISOString(),
    kind: row.kind,
    unread: row.read_at === null,
    free_messages: row.free_messages_delta,
    count: row.count,
    manager_id: row.advisor_id,
    advisor_name: row.advisor_name,
    link: linkOf(row),
  };
}

/** The original (v1) line: a money row as the ledger row it reports. */
function toMoneyNotification(row: NotificationRow): AppNotification {
  return {
    id: row.ledger_id ?? row.id,
    reason: row.reason,
    amount: centsToDollars(row.amount_cents),
    amount_cents: row.amount_cents,
    created_at: row.created_at.toISOString(),
  };
}

/** Whether a ledger row is told to the user: anything but a message's charge that changed something. */
export function isNoticedEntry(
  entry: Pick<LedgerEntry, 'reason' | 'amountCents' | 'freeMessagesDelta'>,
) {
  return entry.reason !== 'message' && (entry.amountCents !== 0 || entry.freeMessagesDelta !== 0);
}

export class NotificationsService implements LedgerObserver {
  /** Notifications written in transactions not yet committed, by ledger id, ready to publish. */
  private readonly written = new Map<
    number,
    { userId: number; unread: number; notification: FeedNotification }
  >();
  private unsubscribe: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repository: NotificationsRepository,
    private readonly events: EventBus,
    private readonly log?: Log,
  ) {}

  // ---------- the ledger observer (money path) ----------

  async recorded(tx: Tx, entry: LedgerEntry): Promise<void> {
    if (!isNoticedEntry(entry)) return;
    const inserted = await this.repository.insertMoney(tx, {
      userId: entry.userId,
      ledgerId: entry.ledgerId,
      reason: entry.reason,
      amountCents: entry.amountCents,
      freeMessagesDelta: entry.freeMessagesDelta,
    });
    if (!inserted) return;
    // Everything the frame needs is read here, so it is published at once after the commit (the
    // command line stops right after its change).
    const unread = await this.repository.unreadCount(entry.userId, tx);
    // A rolled-back transaction never reaches committed(): keep the map bounded.
    if (this.written.size > 1000) this.written.delete(this.written.keys().next().value!);
    this.written.set(entry.ledgerId, {
      userId: entry.userId,
      unread,
      notification: toFeedNotification({
        id: inserted.id,
        kind: 'money',
        reason: entry.reason,
        ledger_id: entry.ledgerId,
        amount_cents: entry.amountCents,
        free_messages_delta: entry.freeMessagesDelta,
        advisor_id: null,
        advisor_name: null,
        count: 1,
        created_at: inserted.created_at,
        read_at: null,
      }),
    });
  }

  committed(entries: readonly LedgerEntry[]): void {
    for (const entry of entries) {
      const written = this.written.get(entry.ledgerId);
      if (!written) continue;
      this.written.delete(entry.ledgerId);
      this.events.publish({
        type: 'notification',
        userId: written.userId,
        unread: written.unread,
        notification: written.notification,
        removed: [],
      });
    }
  }

  // ---------- replies and reads (events) ----------

  /** Listens for advisors' replies and reads of dialogs published on this instance. */
  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.events.subscribe((event, origin) => {
      // Every instance sees the event; the one that published it writes for all.
      if (origin.remote) return;
      const job = this.onEvent(event);
      if (job) this.track(job);
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await Promise.all([...this.inFlight]);
  }

  private onEvent(event: DomainEvent): Promise<void> | null {
    if (event.type === 'message' && event.message.sender === 'manager') {
      return this.repository
        .bumpReply(event.userId, event.advisorId)
        .then((id) => this.publish(event.userId, id));
    }
    if (event.type === 'read' && event.reader === 'user') {
      return this.repository
        .removeReplies(event.userId, event.advisorId)
        .then((removed) =>
          removed.length > 0 ? this.publish(event.userId, null, removed) : undefined,
        );
    }
    return null;
  }

  private track(job: Promise<void>): void {
    const tracked = job
      .catch((error: unknown) =>
        this.log?.('warn', 'notification not written or published', {
          error: error instanceof Error ? error.message : String(error),
        }),
      )
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  // ---------- the app's calls ----------

  /** v1: the original money list; v2: every kind with unread marks and the unread count. */
  async list(userId: number, version: 1): Promise<{ notifications: AppNotification[] }>;
  async list(
    userId: number,
    version: 2,
  ): Promise<{ notifications: FeedNotification[]; unread: number }>;
  async list(userId: number, version: 1 | 2) {
    if (version === 1) {
      const rows = await this.repository.listMoney(userId, NOTIFICATIONS_LIMIT);
      return { notifications: rows.map(toMoneyNotification) };
    }
    const [rows, unread] = await Promise.all([
      this.repository.list(userId, NOTIFICATIONS_LIMIT),
      this.repository.unreadCount(userId),
    ]);
    return { notifications: rows.map(toFeedNotification), unread };
  }

  /**
   * Marks read what happened up to `upTo` (everything without it); the unread count left. The
   * contract has checked the moment (a date and time within CLIENT_DATE_RANGE).
   */
  async markRead(userId: number, upTo: Date | undefined): Promise<number> {
    const marked = await this.repository.markRead(userId, upTo ?? null);
    const unread = await this.repository.unreadCount(userId);
    if (marked > 0)
      this.events.publish({
        type: 'notification',
        userId,
        unread,
        notification: null,
        removed: [],
      });
    return unread;
  }

  /** A favourite advisor came online (favourites/favourite-alerts.ts decided it is to be told). */
  async favouriteOnline(userId: number, advisorId: number): Promise<void> {
    const id = await this.repository.insertFavouriteOnline(userId, advisorId);
    await this.publish(userId, id);
  }

  private async publish(userId: number, id: number | null, removed: number[] = []): Promise<void> {
    const [row, unread] = await Promise.all([
      id === null ? null : this.repository.find(id),
      this.repository.unreadCount(userId),
    ]);
    this.events.publish({
      type: 'notification',
      userId,
      unread,
      notification: row ? toFeedNotification(row) : null,
      removed,
    });
  }
}
