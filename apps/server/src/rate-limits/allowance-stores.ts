/**
 * Where allowances are counted. Each store answers `take(key, intervalMs, burst)` the same way:
 * 0 when one call was taken from the allowance, else the milliseconds until one is allowed.
 *
 * All three keep one number per key, the time at which the key's allowance is whole again
 * (`fullAt`): a call moves it `intervalMs` later, and is allowed while it stays within
 * `burst * intervalMs` of now. That is a token bucket of `burst` tokens refilled one per
 * `intervalMs`, without a timer or a second number.
 */
import { Redis } from 'ioredis';
import type { RateLimitsRepository } from './rate-limits.repository.js';

export interface AllowanceStore {
  take(key: string, intervalMs: number, burst: number): Promise<number>;
  stop(): Promise<void>;
}

/** This process's memory: no round trip, not shared between instances. */
export class MemoryAllowances implements AllowanceStore {
  private readonly fullAt = new Map<string, number>();
  private sweptAt: number;

  constructor(private readonly now: () => number = Date.now) {
    this.sweptAt = now();
  }

  takeNow(key: string, intervalMs: number, burst: number): number {
    const now = this.now();
    if (now - this.sweptAt > 60_000) this.sweep(now);
    const next = Math.max(this.fullAt.get(key) ?? now, now) + intervalMs;
    const waitMs = next - burst * intervalMs - now;
    if (waitMs > 0) return Math.ceil(waitMs);
    this.fullAt.set(key, next);
    return 0;
  }

  take(key: string, intervalMs: number, burst: number): Promise<number> {
    return Promise.resolve(this.takeNow(key, intervalMs, burst));
  }

  /** How many keys are remembered (those whose allowance is not yet whole again). */
  get size(): number {
    return this.fullAt.size;
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [key, fullAt] of this.fullAt) if (fullAt <= now) this.fullAt.delete(key);
  }

  stop(): Promise<void> {
    this.fullAt.clear();
    return Promise.resolve();
  }
}

/** PostgreSQL: shared by every instance on the database; old rows are deleted once a minute. */
export class PostgresAllowances implements AllowanceStore {
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly repository: RateLimitsRepository,
    onSweepError: (error: unknown) => void,
  ) {
    this.sweeper = setInterval(() => {
      repository.forgetFull().catch(onSweepError);
    }, 60_000);
    this.sweeper.unref();
  }

  take(key: string, intervalMs: number, burst: number): Promise<number> {
    return this.repository.take(key, intervalMs, burst);
  }

  stop(): Promise<void> {
    clearInterval(this.sweeper);
    return Promise.resolve();
  }
}

// Redis's own clock, so instances whose clocks differ still agree. Keys expire when whole again.
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local interval = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local stored = redis.call('GET', KEYS[1])
local full_at = now
if stored then full_at = math.max(tonumber(stored), now) end
local next = full_at + interval
local wait = next - burst * interval - now
if wait > 0 then return wait end
redis.call('SET', KEYS[1], next, 'PX', next - now)
return 0
`;

type RedisWithTake = Redis & {
  seerTakeAllowance(key: string, intervalMs: number, burst: number): Promise<number>;
};

/** Redis (with REDIS_URL): one atomic script per call, shared by every instance. */
export class RedisAllowances implements AllowanceStore {
  private readonly client: RedisWithTake;

  constructor(
    redisUrl: string,
    /** Prefix of every key: instances share counts exactly when they share it. */
    private readonly prefix: string,
    onError: (error: Error) => void,
  ) {
    this.client = new Redis(redisUrl, {
      connectionName: 'seer-rate-limits',
      // A call waits at most this long for Redis; the limiter then counts in memory instead.
      commandTimeout: 1000,
      maxRetriesPerRequest: 1,
    }) as RedisWithTake;
    this.client.on('error', onError);
    this.client.defineCommand('seerTakeAllowance', { numberOfKeys: 1, lua: TAKE_SCRIPT });
  }

  async take(key: string, intervalMs: number, burst: number): Promise<number> {
    // While Redis is away, fail at once (the limiter counts in memory) rather than queue the call.
    if (this.client.status !== 'ready')
      throw new Error(`Redis is not connected (${this.client.status})`);
    return Number(
      await this.client.seerTakeAllowance(`${this.prefix}${key}`, Math.ceil(intervalMs), burst),
    );
  }

  async stop(): Promise<void> {
    // QUIT would wait for a connection that may never come back.
    if (this.client.status !== 'ready') this.client.disconnect();
    else await this.client.quit().catch(() => this.client.disconnect());
  }
}
