/**
 * What an operator watches, in Prometheus' format (prom-client): HTTP latency by route, messages
 * sent, credits and debits by ledger reason, open sockets, the TON deposit watcher's health and
 * the bot's notices. One registry per app instance, so tests can build several apps in a process.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { EventBus } from '../realtime/event-bus.js';

export type NoticeResult = 'sent' | 'retried' | 'failed' | 'blocked';
export type PollResult = 'ok' | 'failed';

/** What the group commit of paid sends counts since the instance started (money/group-commit.ts). */
export interface PaidSendTotals {
  batches: number;
  sends: number;
  queueSeconds: number;
  databaseSeconds: number;
}

export class Metrics {
  readonly registry = new Registry();
  private readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  private readonly messages: Counter<'paid'>;
  private readonly balanceChanges: Counter<'reason' | 'direction'>;
  private readonly balanceCents: Counter<'reason' | 'direction'>;
  private readonly notices: Counter<'result'>;
  private readonly polls: Counter<'result'>;
  private readonly now: () => number;
  private lastPollSuccess: number | null = null;

  constructor(options: {
    openSockets: () => number;
    now?: () => number;
    /** Whether the database answers a ping; asked at each scrape. */
    databaseUp?: () => Promise<boolean>;
    /** The bot outbox's notices due and not sent; asked at each scrape. */
    outboxBacklog?: () => Promise<{ due: number; oldestDueSeconds: number }>;
  }) {
    const registers = [this.registry];
    const now = (this.now = options.now ?? Date.now);
    collectDefaultMetrics({ register: this.registry });
    this.httpDuration = new Histogram({
      name: 'seer_http_request_duration_seconds',
      help: 'HTTP requests by route pattern, method and status class',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.messages = new Counter({
      name: 'seer_messages_sent_total',
      help: "Users' messages to advisors sent through this instance; paid=false used a free message",
      labelNames: ['paid'],
      registers,
    });
    this.balanceChanges = new Counter({
      name: 'seer_balance_changes_total',
      help: 'Balance changes by ledger reason (ton_deposit, stars, admin_credit, stars_refund, ...)',
      labelNames: ['reason', 'direction'],
      registers,
    });
    this.balanceCents = new Counter({
      name: 'seer_balance_change_cents_total',
      help: 'Cents credited or debited by ledger reason',
      labelNames: ['reason', 'direction'],
      registers,
    });
    new Gauge({
      name: 'seer_open_sockets',
      help: 'Live sockets open on this instance',
      registers,
      collect() {
        this.set(options.openSockets());
      },
    });
    this.polls = new Counter({
      name: 'seer_deposit_watcher_polls_total',
      help: 'TON deposit watcher passes on this instance (only the leader polls)',
      labelNames: ['result'],
      registers,
    });
    const lastSuccess = () => this.lastPollSuccess;
    new Gauge({
      name: 'seer_deposit_watcher_last_success_timestamp_seconds',
      help: 'When the TON deposit watcher last read the indexer successfully (unix time)',
      registers,
      collect() {
        const at = lastSuccess();
        if (at !== null) this.set(at / 1000);
      },
    });
    new Gauge({
      name: 'seer_deposit_watcher_lag_seconds',
      help: 'Seconds since the TON deposit watcher last read the indexer successfully',
      registers,
      collect() {
        const at = lastSuccess();
        if (at !== null) this.set((now() - at) / 1000);
      },
    });
    const { databaseUp, outboxBacklog } = options;
    if (databaseUp) {
      new Gauge({
        name: 'seer_database_up',
        help: 'Whether the database answered a ping at this scrape (1) or not (0)',
        registers,
        async collect() {
          this.set((await databaseUp()) ? 1 : 0);
        },
      });
    }
    if (outboxBacklog) {
      // One query per scrape for both series (prom-client collects them concurrently); a failed
      // read (the database away, which seer_database_up says) gives NaN.
      type Backlog = { due: number; oldestDueSeconds: number };
      let reading: Promise<Backlog | null> | null = null;
      const read = () => {
        if (!reading) {
          reading = outboxBacklog().catch(() => null);
          void reading.then(() => setTimeout(() => (reading = null), 100).unref());
        }
        return reading;
      };
      const backlogGauge = (name: string, help: string, pick: (backlog: Backlog) => number) =>
        new Gauge({
          name,
          help,
          registers,
          async collect() {
            const backlog = await read();
            this.set(backlog ? pick(backlog) : NaN);
          },
        });
      backlogGauge(
        'seer_bot_outbox_due',
        "Bot notices due and not yet sent (the outbox's backlog)",
        (backlog) => backlog.due,
      );
      backlogGauge(
        'seer_bot_outbox_oldest_due_seconds',
        'How long the oldest due bot notice has waited, in seconds (0 when none waits)',
        (backlog) => backlog.oldestDueSeconds,
      );
    }
    this.notices = new Counter({
      name: 'seer_bot_notices_total',
      help: "The bot's notice attempts: sent, retried (429, 5xx, network), failed (given up), or blocked (the user blocked the bot)",
      labelNames: ['result'],
      registers,
    });
  }

  observeHttp(method: string, route: string, statusCode: number, seconds: number): void {
    this.httpDuration.observe(
      { method, route, status: `${Math.floor(statusCode / 100)}xx` },
      seconds,
    );
  }

  /**
   * Counts this instance's balance events (events relayed from other instances are theirs); those
   * of `messageReason`, the money module's reason for a message's charge, also as messages sent.
   */
  countBalanceEvents(events: EventBus, messageReason: string): () => void {
    return events.subscribe((event, origin) => {
      if (event.type !== 'balance' || origin.remote) return;
      if (event.reason === messageReason) {
        this.messages.inc({ paid: event.amountCents < 0 ? 'true' : 'false' });
      }
      if (event.amountCents === 0) return;
      const labels = {
        reason: event.reason,
        direction: event.amountCents > 0 ? 'credit' : 'debit',
      };
      this.balanceChanges.inc(labels);
      this.balanceCents.inc(labels, Math.abs(event.amountCents));
    });
  }

  depositPoll(result: PollResult): void {
    this.polls.inc({ result });
    if (result === 'ok') this.lastPollSuccess = this.now();
  }

  botNotice(result: NoticeResult): void {
    this.notices.inc({ result });
  }

  /**
   * The paid sends' batches, read from the group commit's own totals at each scrape (nothing is
   * done per send here). Divided by the sends, the two sums of seconds say how much of a paid
   * send's answer time (seer_http_request_duration_seconds) was spent waiting for its batch to
   * leave and how much in the database.
   */
  watchPaidSends(read: () => PaidSendTotals): void {
    const registers = [this.registry];
    const total = (name: string, help: string, pick: (totals: PaidSendTotals) => number) => {
      let reported = 0;
      new Counter({
        name,
        help,
        registers,
        collect() {
          const value = pick(read());
          if (value > reported) {
            this.inc(value - reported);
            reported = value;
          }
        },
      });
    };
    total(
      'seer_paid_send_batches_total',
      'Batches of paid sends this instance took to the database (group commit: one statement and one commit each)',
      (totals) => totals.batches,
    );
    total(
      'seer_paid_send_batched_sends_total',
      'Paid sends those batches carried',
      (totals) => totals.sends,
    );
    total(
      'seer_paid_send_queue_seconds_total',
      'Summed over paid sends: seconds each waited for its batch to leave for the database',
      (totals) => totals.queueSeconds,
    );
    total(
      'seer_paid_send_database_seconds_total',
      'Summed over paid sends: seconds the database took with the call that carried each, until it answered',
      (totals) => totals.databaseSeconds,
    );
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
