/**
 * Events between instances through PostgreSQL LISTEN/NOTIFY: the default, so several
 * instances on one database work without anything else. NOTIFY payloads are limited to
 * 8000 bytes, so envelopes stay under NOTIFY_MAX_BYTES (large events travel in chunks).
 * NOTIFY is scoped to one database, so instances share events exactly when they share data.
 */
import postgres from 'postgres';
import type { DomainEvent, EventTransport } from '../event-bus.js';
import { Batcher, EnvelopeDecoder, encodeEvents, newInstanceId } from './envelope.js';

const PG_CHANNEL = 'seer_events';
/** Below PostgreSQL's 8000-byte limit, with room to spare. */
export const NOTIFY_MAX_BYTES = 7900;
/** Events are handed to other instances at most this often (envelope.ts, Batcher). */
export const EVENT_BATCH_MS = 2;
/** Envelopes kept while NOTIFY cannot be sent. */
const MAX_WAITING = 10_000;

export interface TransportLog {
  warn(message: string, error?: unknown): void;
}

export class PostgresTransport implements EventTransport {
  readonly instanceId = newInstanceId();
  private readonly sql: postgres.Sql;
  private readonly batcher: Batcher;
  private listener: { unlisten(): Promise<void> } | null = null;
  private stopped = false;
  private lastWarnAt = 0;
  private waiting: string[] = [];
  private sending = false;

  constructor(
    databaseUrl: string,
    private readonly log: TransportLog = { warn: (message, error) => console.warn(message, error) },
    private readonly channel = PG_CHANNEL,
  ) {
    // One connection for NOTIFY keeps events in the order they were published;
    // postgres.js opens one more, dedicated connection for LISTEN and re-listens after a drop.
    this.sql = postgres(databaseUrl, {
      max: 1,
      onnotice: () => {},
      idle_timeout: 0,
      // After an outage, listen and notify again within 2 s of the database's return (as db/database.ts).
      connect_timeout: 5,
      backoff: (attempt: number) => Math.min(0.1 * 2 ** attempt, 2),
      connection: {
        application_name: 'seer-events',
        // A NOTIFY commits a transaction; waiting for its WAL flush (milliseconds on a real
        // disk) would cap the events per second. A lost notification is what a crash means anyway.
        synchronous_commit: 'off',
      },
    });
    this.batcher = new Batcher((events) => this.flush(events), EVENT_BATCH_MS);
  }

  async start(onRemote: (event: DomainEvent) => void): Promise<void> {
    const decoder = new EnvelopeDecoder(this.instanceId);
    this.listener = await this.sql.listen(this.channel, (payload) => {
      for (const event of decoder.decode(payload)) onRemote(event);
    });
  }

  send(event: DomainEvent): void {
    if (!this.stopped) this.batcher.add(event);
  }

  private flush(events: DomainEvent[]): void {
    if (this.stopped) return;
    this.waiting.push(...encodeEvents(this.instanceId, events, NOTIFY_MAX_BYTES));
    if (this.waiting.length > MAX_WAITING) {
      // The database is unreachable for a while: keep the newest, say what was lost.
      this.waiting.splice(0, this.waiting.length - MAX_WAITING);
      this.warn(new Error('events to other instances dropped while PostgreSQL was unreachable'));
    }
    void this.drain();
  }

  /**
   * One NOTIFY statement at a time; whatever was published meanwhile goes out together in the
   * next one, in order. Under load this turns thousands of events into a few statements.
   */
  private async drain(): Promise<void> {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.waiting.length && !this.stopped) {
        const payloads = this.waiting.splice(0, 500);
        await this
          .sql`SELECT pg_notify(${this.channel}, payload) FROM unnest(${payloads}::text[]) WITH ORDINALITY AS t(payload, n) ORDER BY n`.catch(
          (error: unknown) => this.warn(error),
        );
      }
    } finally {
      this.sending = false;
    }
  }

  private warn(error: unknown): void {
    // Other instances miss these events (clients reload on reconnect); say so, but not thousands of times.
    if (Date.now() - this.lastWarnAt < 10_000) return;
    this.lastWarnAt = Date.now();
    this.log.warn('events: NOTIFY to other instances failed', error);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    // Let the last batch (e.g. a "bye" from presence) go out before closing.
    await new Promise((resolve) => setImmediate(resolve));
    this.batcher.flushNow();
    const deadline = Date.now() + 2_000;
    while ((this.sending || this.waiting.length) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 5));
    this.stopped = true;
    await this.listener?.unlisten().catch(() => {});
    await this.sql.end({ timeout: 2 });
  }
}
