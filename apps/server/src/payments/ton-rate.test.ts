/** The TON/USD rate against a fake of CoinGecko's simple price: read, cached, never used when too old. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeCoinGecko } from '../test/fakes/coingecko.js';
import { CoinGeckoClient, FixedTonRate, MarketTonRate, RateApiError } from './ton-rate.js';

let api: FakeCoinGecko;

beforeAll(async () => {
  api = await FakeCoinGecko.start();
});
beforeEach(() => {
  api.tonUsd = 3;
  api.updatedAt = null;
  api.recover();
});
afterAll(async () => {
  await api?.close();
});

describe('CoinGeckoClient', () => {
  it('asks for the-open-network in usd with the update time and reads the price to the millionth', async () => {
    api.tonUsd = 3.1415926;
    api.updatedAt = new Date('2026-11-25T10:00:00Z');
    const price = await new CoinGeckoClient(api.url, undefined).tonPrice();
    expect(price).toEqual({
      microUsdPerTon: 3_141_593,
      updatedAt: new Date('2026-11-25T10:00:00Z'),
    });
    expect(api.requests.at(-1)?.query).toMatchObject({
      ids: 'the-open-network',
      vs_currencies: 'usd',
      include_last_updated_at: 'true',
    });
  });

  it('sends a Demo key in x-cg-demo-api-key, and fails clearly without it', async () => {
    const keyed = await FakeCoinGecko.start({ apiKey: 'CG-demo-key' });
    try {
      await expect(new CoinGeckoClient(keyed.url, undefined).tonPrice()).rejects.toThrow(/401/);
      await expect(new CoinGeckoClient(keyed.url, 'CG-demo-key').tonPrice()).resolves.toMatchObject(
        { microUsdPerTon: 3_000_000 },
      );
      expect(keyed.requests.at(-1)?.apiKey).toBe('CG-demo-key');
    } finally {
      await keyed.close();
    }
  });

  it('turns errors, a missing coin and nonsense into RateApiError', async () => {
    const client = new CoinGeckoClient(api.url, undefined);
    api.failNext(1, 429);
    await expect(client.tonPrice()).rejects.toThrow(/429: You've exceeded the Rate Limit/);
    api.tonUsd = null;
    await expect(client.tonPrice()).rejects.toBeInstanceOf(RateApiError);
    await expect(new CoinGeckoClient('http://127.0.0.1:1', undefined).tonPrice()).rejects.toThrow(
      RateApiError,
    );
  });
});

describe('MarketTonRate', () => {
  function market(now: { ms: number }, maxAgeMs = 60_000) {
    return new MarketTonRate({
      client: new CoinGeckoClient(api.url, undefined),
      refreshMs: 10_000,
      maxAgeMs,
      now: () => now.ms,
    });
  }

  it('reads once per refresh interval, and concurrent callers share one request', async () => {
    const now = { ms: Date.now() };
    const rate = market(now);
    const before = api.requests.length;
    const rates = await Promise.all([rate.fresh(), rate.fresh(), rate.fresh()]);
    expect(rates.map((r) => r?.microUsdPerTon)).toEqual([3_000_000, 3_000_000, 3_000_000]);
    expect(api.requests.length - before).toBe(1);
    api.tonUsd = 4;
    now.ms += 5_000;
    expect((await rate.fresh())?.microUsdPerTon).toBe(3_000_000);
    now.ms += 5_000;
    expect((await rate.fresh())?.microUsdPerTon).toBe(4_000_000);
    expect(api.requests.length - before).toBe(2);
  });

  it('keeps the last rate through failures while it is young enough, then gives none', async () => {
    const now = { ms: Date.now() };
    const rate = market(now, 30_000);
    expect((await rate.fresh())?.microUsdPerTon).toBe(3_000_000);
    api.failAlways(500);
    now.ms += 20_000;
    expect((await rate.fresh())?.microUsdPerTon).toBe(3_000_000);
    now.ms += 20_000;
    expect(await rate.fresh()).toBeNull();
    api.recover();
    api.updatedAt = new Date(now.ms);
    now.ms += 10_000;
    expect((await rate.fresh())?.microUsdPerTon).toBe(3_000_000);
  });

  it("counts a price's age from CoinGecko's last update, not from when it was read", async () => {
    const now = { ms: Date.now() };
    api.updatedAt = new Date(now.ms - 120_000);
    expect(await market(now).fresh()).toBeNull();
    // An update time in the future counts as now.
    api.updatedAt = new Date(now.ms + 3_600_000);
    const fresh = await market(now).fresh();
    expect(fresh?.asOf.getTime()).toBe(now.ms);
  });

  it('gives no rate when the API has never answered', async () => {
    api.failAlways(503);
    expect(await market({ ms: Date.now() }).fresh()).toBeNull();
  });
});

describe('FixedTonRate', () => {
  it('is always fresh', async () => {
    expect(await new FixedTonRate(2_500_000).fresh()).toMatchObject({
      microUsdPerTon: 2_500_000,
      source: 'fixed',
    });
  });
});
