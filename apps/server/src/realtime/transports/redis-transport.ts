/**
 * Events between instances through Redis pub/sub, used when REDIS_URL is set. Redis channels
 * are server-wide, so the channel name carries the database's name: instances share events
 * exactly when they share data, even when unrelated deployments share one Redis.
 */
import { Redis } from 'ioredis';
import type { DomainEvent, EventTransport } from '../event-bus.js';
import { Batcher, EnvelopeDecoder, encodeEvents, newInstanceId } from './envelope.js';
import { EVENT_BATCH_MS, type TransportLog } from './postgres-transport.js';

export function redisChannelFor(databaseUrl: string): string {
  const name = new URL(databaseUrl).pathname.replace(/^\//, '') || 'seer';
  return `seer:events:${name}`;
}

export class RedisTransport implements EventTransport {
  readonly instanceId = newInstanceId();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly batcher: Batcher;
  private stopped = false;
  private lastWarnAt = 0;

  private lastError: string | null = null;

  constructor(
    private readonly redisUrl: string,
    private readonly channel: string,
    private readonly log: TransportLog = { warn: (message, error) => console.warn(message, error) },
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
    this.publisher = new Redis(redisUrl, { ...options, connectionName: 'seer-events-pub' });
    this.subscriber = new Redis(redisUrl, { ...options, connectionName: 'seer-events-sub' });
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (error: Error) => {
        this.lastError = error.message;
        this.warn('events: Redis connection error', error);
      });
    }
    this.batcher = new Batcher((events) => this.flush(events), EVENT_BATCH_MS);
  }

  async start(onRemote: (event: DomainEvent) => void): Promise<void> {
    const decoder = new EnvelopeDecoder(this.instanceId);
    try {
      await Promise.all([this.publisher.connect(), this.subscriber.connect()]);
    } catch (error) {
      this.publisher.disconnect();
      this.subscriber.disconnect();
      const where = new URL(this.redisUrl);
      throw new Error(
        `Redis at ${where.hostname}:${where.port || 6379} (REDIS_URL) is unreachable: ${this.lastError ?? (error instanceof Error ? error.message : String(error))}`,
      );
    }
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel !== this.channel) return;
      for (const event of decoder.decode(payload)) onRemote(event);
    });
    // ioredis re-subscribes by itself after a reconnect.
    await this.subscriber.subscribe(this.channel);
  }

  send(event: DomainEvent): void {
    if (!this.stopped) this.batcher.add(event);
  }

  private flush(events: DomainEvent[]): void {
    if (this.stopped) return;
    for (const payload of encodeEvents(this.instanceId, events, null)) {
      this.publisher
        .publish(this.channel, payload)
        .catch((error: unknown) => this.warn('events: PUBLISH to other instances failed', error));
    }
  }

  private warn(message: string, error: unknown): void {
    if (Date.now() - this.lastWarnAt < 10_000) return;
    this.lastWarnAt = Date.now();
    this.log.warn(message, error);
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.batcher.flushNow();
    this.stopped = true;
    await Promise.allSettled([this.subscriber.quit(), this.publisher.quit()]);
  }
}
