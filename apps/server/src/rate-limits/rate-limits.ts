/**
 * Per-user limits on the calls that cost money, store something or reach an outside service.
 * A route takes one call from the user's allowance before doing its work; over the limit it
 * answers 429 `rate_limited` with Retry-After, and nothing is done. The numbers and where each
 * limit is counted are explained in docs/decisions/015-rate-limits.md.
 */
import { RateLimitedError } from '../errors.js';
import {
  MemoryAllowances,
  PostgresAllowances,
  RedisAllowances,
  type AllowanceStore,
} from './allowance-stores.js';
import { RateLimitsRepository } from './rate-limits.repository.js';
import type { Database } from '../db/database.js';

export interface RateLimit {
  /** Calls allowed at once; the allowance comes back evenly over `perSeconds`. */
  calls: number;
  perSeconds: number;
  /**
   * `shared`: counted in Redis (with REDIS_URL) or PostgreSQL, the same on every instance.
   * `instance`: counted in this process's memory, at no round trip.
   */
  counted: 'shared' | 'instance';
  /** What is being limited, for the message: "Too many <what>". */
  what: string;
}

export const RATE_LIMITS = {
  /** CreateMessage and ManagerSendMessage: the benchmarked paid send adds no round trip. */
  send: { calls: 120, perSeconds: 12, counted: 'instance', what: 'messages' },
  /** CreateStarsInvoice: each one is a Bot API call. */
  starsInvoice: { calls: 20, perSeconds: 60, counted: 'shared', what: 'top-up invoices' },
  /** CreateCryptoInvoice: each one is a NOWPayments call (decision 018). */
  cryptoInvoice: { calls: 20, perSeconds: 60, counted: 'shared', what: 'crypto invoices' },
  /** CreateTonQuote: each one is a row and may call the rates API (decision 037). */
  tonQuote: { calls: 30, perSeconds: 60, counted: 'shared', what: 'TON quotes' },
  /** CreateTestPayment (demo mode only): each one writes a ledger row. */
  testPayment: { calls: 20, perSeconds: 60, counted: 'shared', what: 'test payments' },
  /** UploadImage: up to 5 MB stored each. */
  imageUpload: { calls: 20, perSeconds: 40, counted: 'shared', what: 'image uploads' },
  /** CreateReview: changes an advisor's public rating. */
  review: { calls: 10, perSeconds: 60, counted: 'shared', what: 'reviews' },
  /** ClaimSatisfactionCredit: credits the balance. */
  satisfactionClaim: { calls: 10, perSeconds: 60, counted: 'shared', what: 'credit claims' },
  /** ManagerRequestPayout: moves an advisor's money and reads the TON rate (decision 047). */
  payoutRequest: { calls: 10, perSeconds: 3600, counted: 'shared', what: 'payout requests' },
  /** AdminCreatePayoutBatch: reads the TON rate and fixes what a wallet will send. */
  payoutBatch: { calls: 30, perSeconds: 3600, counted: 'shared', what: 'payout batches' },
  /** ReportMessage, ReportAdvisor: a case staff must read (decision 048). */
  report: { calls: 20, perSeconds: 3600, counted: 'shared', what: 'reports' },
  /** BlockAdvisor, UnblockAdvisor, ManagerBlockUser, ManagerUnblockUser: heard on every instance. */
  block: { calls: 30, perSeconds: 60, counted: 'instance', what: 'blocks' },
  /** OpenDispute: a case staff must read, and a bot notice (decision 049). */
  dispute: { calls: 5, perSeconds: 3600, counted: 'shared', what: 'disputes' },
  /** ShareAdvisor: a card not prepared yet is a Bot API call (savePreparedInlineMessage). */
  share: { calls: 20, perSeconds: 60, counted: 'shared', what: 'shares' },
  /**
   * UpdateUser, UpdatePreferences, SetWriteAccess, SetSpendingLimits, SetTimeZone,
   * SetFavouriteAlerts.
   */
  profileChange: { calls: 30, perSeconds: 60, counted: 'instance', what: 'profile changes' },
  /**
   * DeleteChat, MarkRead, ManagerMarkRead, ManagerSetStatus, AddFavourite, RemoveFavourite,
   * MarkNotificationsRead: small writes heard live by others (or the user's other devices).
   */
  chatChange: { calls: 120, perSeconds: 60, counted: 'instance', what: 'chat changes' },
  /** ExportMyData: gathers every row of the user and sends a document through the Bot API. */
  dataExport: { calls: 3, perSeconds: 3600, counted: 'shared', what: 'data exports' },
  /** SendTranscript: sends a document through the Bot API. */
  transcript: { calls: 10, perSeconds: 3600, counted: 'shared', what: 'transcripts' },
  /** DeleteAccount (both steps) and SearchMessages. */
  privacy: { calls: 30, perSeconds: 60, counted: 'instance', what: 'privacy requests' },
  /** CreateSession and RenewSession: each writes a session row. */
  session: { calls: 30, perSeconds: 600, counted: 'instance', what: 'sign-ins' },
} as const satisfies Record<string, RateLimit>;

export type RateLimitName = keyof typeof RATE_LIMITS;
export type RateLimitSettings = Record<RateLimitName, RateLimit>;

export class RateLimiter {
  private readonly limits: RateLimitSettings;
  private readonly local = new MemoryAllowances();
  private readonly warn: (message: string, error: unknown) => void;

  constructor(
    /** Where `shared` limits are counted; null: in memory like the others. */
    private readonly shared: AllowanceStore | null,
    overrides: Partial<RateLimitSettings> = {},
    warn: (message: string, error: unknown) => void = () => {},
  ) {
    this.limits = { ...RATE_LIMITS, ...overrides };
    this.warn = atMostEvery(10_000, warn);
  }

  /** Takes one call of `name` from the user's allowance, or throws RateLimitedError (429). */
  async take(name: RateLimitName, telegramId: number): Promise<void> {
    const limit = this.limits[name];
    const intervalMs = (limit.perSeconds * 1000) / limit.calls;
    const key = `${name}:${telegramId}`;
    let waitMs: number;
    if (limit.counted === 'instance' || !this.shared) {
      waitMs = this.local.takeNow(key, intervalMs, limit.calls);
    } else {
      try {
        waitMs = await this.shared.take(key, intervalMs, limit.calls);
      } catch (error) {
        // The shared store is down: still hold each instance to the limit rather than fail the call.
        this.warn('rate limits: the shared store failed; counting in memory meanwhile', error);
        waitMs = this.local.takeNow(key, intervalMs, limit.calls);
      }
    }
    if (waitMs > 0) throw new RateLimitedError(limit.what, limit.calls, limit.perSeconds, waitMs);
  }

  async stop(): Promise<void> {
    await this.shared?.stop();
    await this.local.stop();
  }
}

/**
 * The limiter of one app: shared limits in Redis with REDIS_URL, else in PostgreSQL. Keys carry
 * the database's name, so instances share counts exactly when they share data.
 */
export function createRateLimiter(deps: {
  redisUrl: string | undefined;
  db: Database;
  warn: (message: string, error: unknown) => void;
  overrides?: Partial<RateLimitSettings>;
}): RateLimiter {
  const warn = atMostEvery(10_000, deps.warn);
  const database = new URL(deps.db.url).pathname.replace(/^\//, '') || 'seer';
  const shared = deps.redisUrl
    ? new RedisAllowances(deps.redisUrl, `seer:rate:${database}:`, (error) =>
        warn('rate limits: Redis connection error', error),
      )
    : new PostgresAllowances(new RateLimitsRepository(deps.db.sql), (error) =>
        warn('rate limits: could not delete old allowances', error),
      );
  return new RateLimiter(shared, deps.overrides, warn);
}

/** A warning while a store is down would repeat on every call: say it once per period. */
function atMostEvery(
  periodMs: number,
  warn: (message: string, error: unknown) => void,
): (message: string, error: unknown) => void {
  let lastAt = 0;
  return (message, error) => {
    if (Date.now() - lastAt < periodMs) return;
    lastAt = Date.now();
    warn(message, error);
  };
}
