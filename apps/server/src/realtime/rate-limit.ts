/** Token buckets: `ratePerSecond` sustained, bursts up to `burst`. Small enough to keep one per socket. */
export interface RateLimit {
  ratePerSecond: number;
  burst: number;
}

export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly limit: RateLimit,
    now = Date.now(),
  ) {
    this.tokens = limit.burst;
    this.updatedAt = now;
  }

  /** Takes one token if there is one. */
  take(now = Date.now()): boolean {
    const elapsed = now - this.updatedAt;
    if (elapsed > 0) {
      this.tokens = Math.min(
        this.limit.burst,
        this.tokens + (elapsed * this.limit.ratePerSecond) / 1000,
      );
      this.updatedAt = now;
    }
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Whether the bucket is full again (nothing to remember about its owner). */
  isFull(now = Date.now()): boolean {
    return (
      this.tokens + ((now - this.updatedAt) * this.limit.ratePerSecond) / 1000 >= this.limit.burst
    );
  }
}

/** One bucket per key (e.g. per user), forgotten once full again so the map does not grow. */
export class KeyedRateLimiter<K> {
  private readonly buckets = new Map<K, TokenBucket>();
  private sweptAt = Date.now();

  constructor(readonly limit: RateLimit) {}

  take(key: K, now = Date.now()): boolean {
    if (now - this.sweptAt > 60_000) this.sweep(now);
    let bucket = this.buckets.get(key);
    if (!bucket) {
      bucket = new TokenBucket(this.limit, now);
      this.buckets.set(key, bucket);
    }
    return bucket.take(now);
  }

  private sweep(now: number): void {
    this.sweptAt = now;
    for (const [key, bucket] of this.buckets) if (bucket.isFull(now)) this.buckets.delete(key);
  }
}
