/** The environment is read once with errors that name the variable: the payment and link settings. */
import { describe, expect, it } from 'vitest';
import { Address } from '@ton/core';
import { ConfigError, loadConfig } from './config.js';

const RAW_WALLET = `0:${'5a'.repeat(32)}`;
const BOT_TOKEN = '123456789:CONFIG-token-for-seer-tests_abcdefgh';

function failure(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('PUBLIC_URL', () => {
  it('is required in production, with a message that says what it is', () => {
    expect(failure({ NODE_ENV: 'production' })).toMatch(/PUBLIC_URL: required in production/);
    expect(
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://seer.example/', BOT_TOKEN })
        .publicUrl,
    ).toBe('https://seer.example');
  });

  it('defaults to localhost at the port outside production, and must be a URL', () => {
    expect(loadConfig({ PORT: '9090' }).publicUrl).toBe('http://localhost:9090');
    expect(failure({ PUBLIC_URL: 'seer.example' })).toMatch(/PUBLIC_URL must be a URL/);
  });
});

describe('DEMO, BOT_TOKEN and NODE_ENV (decision 040)', () => {
  const modes = (env: Record<string, string>) => {
    const { demo, live } = loadConfig(env);
    return { demo, live };
  };

  it('runs the demo only without a bot token outside production, or when DEMO=1 asks', () => {
    expect(modes({})).toEqual({ demo: true, live: false });
    expect(modes({ NODE_ENV: 'test' })).toEqual({ demo: true, live: false });
    // A bot token means real Telegram users, whatever NODE_ENV says.
    expect(modes({ BOT_TOKEN })).toEqual({ demo: false, live: true });
    expect(modes({ BOT_TOKEN, NODE_ENV: 'development' })).toEqual({ demo: false, live: true });
    expect(modes({ BOT_TOKEN, DEMO: '0' })).toEqual({ demo: false, live: true });
    // A staging bot: demo advisors on purpose.
    expect(modes({ BOT_TOKEN, DEMO: '1' })).toEqual({ demo: true, live: false });
    const production = { NODE_ENV: 'production', BOT_TOKEN, PUBLIC_URL: 'https://seer.example' };
    expect(modes(production)).toEqual({ demo: false, live: true });
    expect(modes({ ...production, DEMO: '1' })).toEqual({ demo: true, live: true });
    expect(failure({ DEMO: 'yes' })).toMatch(/DEMO must be 1 \(demo data on\) or 0 \(off\)/);
  });

  it('stops a production start without a bot token or a public URL, naming each', () => {
    const message = failure({ NODE_ENV: 'production' });
    expect(message).toMatch(/BOT_TOKEN: required in production/);
    expect(message).toMatch(/PUBLIC_URL: required in production/);
    expect(failure({ NODE_ENV: 'production', PUBLIC_URL: 'https://seer.example' })).toMatch(
      /BOT_TOKEN: required in production/,
    );
    expect(failure({ NODE_ENV: 'production', DEMO: '1', PUBLIC_URL: 'https://x.example' })).toMatch(
      /BOT_TOKEN: required in production/,
    );
    expect(failure({ DEMO: '0' })).toMatch(/BOT_TOKEN: required with DEMO=0/);
  });
});

describe('NOWPAYMENTS_API_KEY and NOWPAYMENTS_IPN_SECRET', () => {
  it('are both set or neither', () => {
    expect(loadConfig({}).nowPayments).toBeUndefined();
    expect(failure({ NOWPAYMENTS_API_KEY: 'key' })).toMatch(
      /NOWPAYMENTS_API_KEY, NOWPAYMENTS_IPN_SECRET: set both/,
    );
    expect(failure({ NOWPAYMENTS_IPN_SECRET: 'secret' })).toMatch(/set both/);
    expect(
      loadConfig({ NOWPAYMENTS_API_KEY: 'key', NOWPAYMENTS_IPN_SECRET: 'secret' }),
    ).toMatchObject({
      nowPayments: { apiKey: 'key', ipnSecret: 'secret', apiUrl: 'https://api.nowpayments.io' },
    });
    expect(
      loadConfig({
        NOWPAYMENTS_API_KEY: 'key',
        NOWPAYMENTS_IPN_SECRET: 'secret',
        NOWPAYMENTS_API_URL: 'http://127.0.0.1:9999/',
      }).nowPayments?.apiUrl,
    ).toBe('http://127.0.0.1:9999');
  });
});

describe('TON_NETWORK and TON_WALLET_ADDRESS', () => {
  it('defaults to mainnet and accepts testnet, nothing else', () => {
    expect(loadConfig({}).tonNetwork).toBe('mainnet');
    expect(loadConfig({ TON_NETWORK: 'testnet' }).tonNetwork).toBe('testnet');
    expect(failure({ TON_NETWORK: 'devnet' })).toMatch(/TON_NETWORK/);
  });

  it('accepts a wallet in raw or user-friendly form, checked by its checksum', () => {
    const address = Address.parseRaw(RAW_WALLET);
    for (const form of [
      RAW_WALLET,
      RAW_WALLET.toUpperCase().replace(/^0X/, '0x'),
      address.toString(),
      address.toString({ bounceable: false }),
      address.toString({ urlSafe: false }),
    ])
      expect(loadConfig({ TON_WALLET_ADDRESS: form }).tonWalletAddress, form).toBe(form);
    const friendly = address.toString();
    const broken = friendly.slice(0, -2) + (friendly.endsWith('AA') ? 'BB' : 'AA');
    for (const bad of [broken, '0:abc', `5:${'5a'.repeat(32)}`, 'EQ' + 'A'.repeat(46), 'wallet'])
      expect(failure({ TON_WALLET_ADDRESS: bad }), bad).toMatch(
        /TON_WALLET_ADDRESS must be a TON address/,
      );
  });

  it('refuses a testnet-only wallet on mainnet', () => {
    const testOnly = Address.parseRaw(RAW_WALLET).toString({ testOnly: true });
    expect(failure({ TON_WALLET_ADDRESS: testOnly })).toMatch(
      /TON_WALLET_ADDRESS: a testnet-only address, but TON_NETWORK is mainnet/,
    );
    expect(
      loadConfig({ TON_WALLET_ADDRESS: testOnly, TON_NETWORK: 'testnet' }).tonWalletAddress,
    ).toBe(testOnly);
  });
});

describe('TELEGRAM_APP_URL and SUPPORT_URL', () => {
  it('takes a t.me link to the bot or its Mini App, nothing else', () => {
    expect(loadConfig({}).telegramAppUrl).toBeUndefined();
    expect(loadConfig({ TELEGRAM_APP_URL: 'https://t.me/seer_bot/app' }).telegramAppUrl).toBe(
      'https://t.me/seer_bot/app',
    );
    for (const bad of ['http://t.me/seer_bot', 'https://example.com/seer', 't.me/seer_bot'])
      expect(failure({ TELEGRAM_APP_URL: bad }), bad).toMatch(
        /TELEGRAM_APP_URL must be a https:\/\/t\.me/,
      );
  });

  it('has a support link for /paysupport, which must be a URL', () => {
    expect(loadConfig({}).supportUrl).toBe('https://t.me/seer_support');
    expect(loadConfig({ SUPPORT_URL: 'https://seer.example/help' }).supportUrl).toBe(
      'https://seer.example/help',
    );
    expect(failure({ SUPPORT_URL: 'write to us' })).toMatch(/SUPPORT_URL must be a URL/);
  });
});

describe('the dispute window (decision 049)', () => {
  it('defaults to 14 days and refuses what is not a whole number of days from 1', () => {
    expect(loadConfig({}).disputeWindowDays).toBe(14);
    expect(loadConfig({ DISPUTE_WINDOW_DAYS: '30' }).disputeWindowDays).toBe(30);
    for (const bad of ['0', '-1', '1.5', 'two', '400'])
      expect(failure({ DISPUTE_WINDOW_DAYS: bad })).toMatch(
        /DISPUTE_WINDOW_DAYS must be a whole number of days/,
      );
  });
});

describe('the caps on credits and referral rewards (decision 033)', () => {
  it('defaults to 3 credits and $20 a month and a $5 referral minimum; refuses what is not cents', () => {
    expect(loadConfig({})).toMatchObject({
      satisfactionMonthlyMaxClaims: 3,
      satisfactionMonthlyMaxCents: 2000,
      referralMinTopUpCents: 500,
    });
    expect(
      loadConfig({
        SATISFACTION_MONTHLY_CLAIMS: '0',
        SATISFACTION_MONTHLY_CENTS: '5000',
        REFERRAL_MIN_TOP_UP_CENTS: '1',
      }),
    ).toMatchObject({
      satisfactionMonthlyMaxClaims: 0,
      satisfactionMonthlyMaxCents: 5000,
      referralMinTopUpCents: 1,
    });
    expect(failure({ SATISFACTION_MONTHLY_CLAIMS: '-1' })).toMatch(/SATISFACTION_MONTHLY_CLAIMS/);
    expect(failure({ SATISFACTION_MONTHLY_CENTS: '9.99' })).toMatch(/SATISFACTION_MONTHLY_CENTS/);
    expect(failure({ REFERRAL_MIN_TOP_UP_CENTS: '0' })).toMatch(
      /REFERRAL_MIN_TOP_UP_CENTS must be a whole number of cents, 1 or more/,
    );
  });
});

describe('the TON rate (decision 037)', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://seer.example', BOT_TOKEN };

  it("is the market's in production unless TON_USD_RATE fixes it; a demo rate of $3 elsewhere", () => {
    expect(loadConfig(production).tonRate).toEqual({
      kind: 'market',
      apiUrl: 'https://api.coingecko.com',
      apiKey: undefined,
      refreshMs: 60_000,
      maxAgeMs: 600_000,
    });
    expect(loadConfig({ ...production, TON_USD_RATE: '2.345678' }).tonRate).toEqual({
      kind: 'fixed',
      microUsdPerTon: 2_345_678,
    });
    expect(loadConfig({}).tonRate).toEqual({ kind: 'fixed', microUsdPerTon: 3_000_000 });
    expect(
      loadConfig({
        TON_RATE_API_URL: 'https://pro-api.coingecko.com/',
        TON_RATE_API_KEY: 'CG-key',
        TON_RATE_REFRESH_SECONDS: '30',
        TON_RATE_MAX_AGE_SECONDS: '120',
      }).tonRate,
    ).toEqual({
      kind: 'market',
      apiUrl: 'https://pro-api.coingecko.com',
      apiKey: 'CG-key',
      refreshMs: 30_000,
      maxAgeMs: 120_000,
    });
  });

  it('refuses rates and durations that are not ones, naming the variable', () => {
    expect(failure({ TON_USD_RATE: '0' })).toMatch(/TON_USD_RATE/);
    expect(failure({ TON_USD_RATE: '0.0000001' })).toMatch(/TON_USD_RATE/);
    expect(failure({ TON_RATE_API_URL: 'coingecko' })).toMatch(/TON_RATE_API_URL must be a URL/);
    expect(failure({ TON_RATE_REFRESH_SECONDS: '0' })).toMatch(/TON_RATE_REFRESH_SECONDS/);
    expect(failure({ TON_RATE_MAX_AGE_SECONDS: '1.5' })).toMatch(/TON_RATE_MAX_AGE_SECONDS/);
  });
});
