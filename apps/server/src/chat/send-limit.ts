/**
 * Sends per Telegram user on one instance (CreateMessage and advisors' replies). A person
 * typing never reaches it, and a hundred parallel requests of one app still pass; a script
 * flooding an advisor (or an advisor's free replies flooding a user) is held to a steady rate.
 */
import { TooManyRequestsError } from '../errors.js';
import { KeyedRateLimiter, type RateLimit } from '../socket/rate-limit.js';

export const SEND_LIMIT: RateLimit = { ratePerSecond: 10, burst: 120 };

export class SendLimiter {
  private readonly limiter: KeyedRateLimiter<number>;

  constructor(private readonly limit: RateLimit = SEND_LIMIT) {
    this.limiter = new KeyedRateLimiter(limit);
  }

  /** Throws 429 with a clear message when this user sends too fast. */
  check(telegramId: number): void {
    if (!this.limiter.take(telegramId)) {
      throw new TooManyRequestsError(
        `Too many messages: at most ${this.limit.ratePerSecond} a second; wait a moment and send again`,
      );
    }
  }
}
