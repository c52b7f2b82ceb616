/**
 * The TON/USD rate deposits are credited at (decision 037): either a fixed rate (TON_USD_RATE,
 * never stale), or CoinGecko's simple price for `the-open-network` in USD, cached for
 * TON_RATE_REFRESH_SECONDS and usable only while younger than TON_RATE_MAX_AGE_SECONDS.
 * A rate is an integer of millionths of a dollar per TON, so conversions stay exact in BigInt.
 *
 * CoinGecko (docs.coingecko.com, "Coin Price by IDs"): GET /api/v3/simple/price
 * ?ids=the-open-network&vs_currencies=usd&include_last_updated_at=true answers
 * {"the-open-network":{"usd":3.12,"last_updated_at":1711356300}}; a Demo key goes in the
 * `x-cg-demo-api-key` header, a paid plan's key (pro-api.coingecko.com) in `x-cg-pro-api-key`.
 */
import { z } from 'zod';
import type { TonRateSetting } from '../config.js';

export const MICRO_USD_PER_DOLLAR = 1_000_000;

export interface TonRate {
  /** Millionths of a dollar per TON. */
  microUsdPerTon: number;
  /** When the price was current (the API's last update, or when it was read). */
  asOf: Date;
  source: 'market' | 'fixed';
}

export interface TonRateSource {
  /** A rate no older than the allowed age, or null when none is known (never throws). */
  fresh(): Promise<TonRate | null>;
}

/** TON_USD_RATE: the same rate always, for tests, demos and operators who want it. */
export class FixedTonRate implements TonRateSource {
  constructor(private readonly microUsdPerTon: number) {
    if (!Number.isSafeInteger(microUsdPerTon) || microUsdPerTon <= 0)
      throw new RangeError('a fixed TON rate must be a positive number of millionths of a dollar');
  }

  fresh(): Promise<TonRate> {
    return Promise.resolve({
      microUsdPerTon: this.microUsdPerTon,
      asOf: new Date(),
      source: 'fixed',
    });
  }
}

export class RateApiError extends Error {}

/** The coin and currency asked for: CoinGecko's id of Toncoin, in US dollars. */
export const COINGECKO_TON_ID = 'the-open-network';

const SimplePriceAnswer = z.object({
  [COINGECKO_TON_ID]: z.object({
    usd: z.number().positive().finite(),
    last_updated_at: z.number().int().positive().optional(),
  }),
});

/** One call of CoinGecko's API: the current TON price in dollars and when it was last updated. */
export class CoinGeckoClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs = 5_000,
  ) {}

  async tonPrice(): Promise<{ microUsdPerTon: number; updatedAt: Date | null }> {
    const params = new URLSearchParams({
      ids: COINGECKO_TON_ID,
      vs_currencies: 'usd',
      include_last_updated_at: 'true',
      precision: 'full',
    });
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.apiKey) {
      const pro = new URL(this.baseUrl).hostname.startsWith('pro-api.');
      headers[pro ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'] = this.apiKey;
    }
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}/api/v3/simple/price?${params.toString()}`, {
        headers,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `timed out after ${this.timeoutMs} ms`
          : String(error);
      throw new RateApiError(`rates API request failed: ${reason}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new RateApiError(`rates API answered ${response.status} with a body that is not JSON`);
    }
    if (!response.ok) {
      const message = (body as { status?: { error_message?: unknown } } | null)?.status
        ?.error_message;
      throw new RateApiError(
        `rates API answered ${response.status}${typeof message === 'string' ? `: ${message}` : ''}`,
      );
    }
    const parsed = SimplePriceAnswer.safeParse(body);
    if (!parsed.success) throw new RateApiError('rates API answer has no TON price in USD');
    const { usd, last_updated_at: updated } = parsed.data[COINGECKO_TON_ID];
    const microUsdPerTon = Math.round(usd * MICRO_USD_PER_DOLLAR);
    if (!Number.isSafeInteger(microUsdPerTon) || microUsdPerTon <= 0)
      throw new RateApiError(`rates API gave an unusable TON price: ${usd}`);
    return { microUsdPerTon, updatedAt: updated === undefined ? null : new Date(updated * 1000) };
  }
}

export interface MarketTonRateOptions {
  client: Pick<CoinGeckoClient, 'tonPrice'>;
  /** A cached rate is asked again after this long. */
  refreshMs: number;
  /** A rate older than this is never used (decision 037). */
  maxAgeMs: number;
  log?: (level: 'warn' | 'info', message: string, detail?: Record<string, unknown>) => void;
  now?: () => number;
}

/**
 * The market rate, read at most once per refresh interval per instance (concurrent callers share
 * one request). A failed read keeps the last rate, which is still used while it is young enough.
 */
export class MarketTonRate implements TonRateSource {
  private cached: TonRate | null = null;
  private lastAttempt = 0;
  private inFlight: Promise<void> | null = null;
  private readonly now: () => number;

  constructor(private readonly options: MarketTonRateOptions) {
    this.now = options.now ?? Date.now;
  }

  async fresh(): Promise<TonRate | null> {
    // A caller during a read waits for it rather than answering from the cache it is replacing.
    if (this.inFlight) await this.inFlight;
    else if (this.now() - this.lastAttempt >= this.options.refreshMs) await this.refresh();
    const rate = this.cached;
    return rate && this.now() - rate.asOf.getTime() <= this.options.maxAgeMs ? rate : null;
  }

  private refresh(): Promise<void> {
    this.inFlight ??= this.read().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async read(): Promise<void> {
    this.lastAttempt = this.now();
    try {
      const price = await this.options.client.tonPrice();
      const read = this.now();
      // An update time in the future (a skewed clock) counts as now, never as younger.
      const asOf = Math.min(price.updatedAt?.getTime() ?? read, read);
      this.cached = {
        microUsdPerTon: price.microUsdPerTon,
        asOf: new Date(asOf),
        source: 'market',
      };
      if (read - asOf > this.options.maxAgeMs)
        this.options.log?.('warn', 'the TON rate from the rates API is too old to credit at', {
          updatedAt: new Date(asOf).toISOString(),
        });
    } catch (error) {
      this.options.log?.('warn', 'TON rate not refreshed', {
        error: error instanceof Error ? error.message : String(error),
        lastRateAt: this.cached?.asOf.toISOString() ?? null,
      });
    }
  }
}

/** The rate source the configuration asks for (config.ts's `tonRate`). */
export function tonRateSource(
  setting: TonRateSetting,
  log?: MarketTonRateOptions['log'],
): TonRateSource {
  if (setting.kind === 'fixed') return new FixedTonRate(setting.microUsdPerTon);
  return new MarketTonRate({
    client: new CoinGeckoClient(setting.apiUrl, setting.apiKey),
    refreshMs: setting.refreshMs,
    maxAgeMs: setting.maxAgeMs,
    log,
  });
}
