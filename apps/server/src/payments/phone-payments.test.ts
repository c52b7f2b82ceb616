/**
 * PHONE_PAYMENTS (decision 038): the setting is read with a clear error, GetDepositInfo tells the
 * app, and under stars-only a crypto invoice or a TON quote the app starts from Telegram's iOS or
 * Android app is refused before anything is stored or sent to NOWPayments; Telegram's other apps,
 * a plain browser, and every platform under `all` get theirs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, TELEGRAM_PLATFORM_HEADER } from '@seer/contract';
import { ConfigError, loadConfig } from '../config.js';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { FakeNowPayments } from '../test/fakes/nowpayments.js';

const API_KEY = 'np-phone-api-key';
const IPN_SECRET = 'np-phone-ipn-secret';

describe('PHONE_PAYMENTS', () => {
  it('defaults to stars-only, takes all, and refuses anything else by name', () => {
    expect(loadConfig({}).phonePayments).toBe('stars-only');
    expect(loadConfig({ PHONE_PAYMENTS: 'stars-only' }).phonePayments).toBe('stars-only');
    expect(loadConfig({ PHONE_PAYMENTS: 'all' }).phonePayments).toBe('all');
    for (const bad of ['ALL', 'stars', 'none', 'true']) {
      expect(() => loadConfig({ PHONE_PAYMENTS: bad }), bad).toThrow(ConfigError);
      expect(() => loadConfig({ PHONE_PAYMENTS: bad }), bad).toThrow(
        /PHONE_PAYMENTS must be stars-only or all/,
      );
    }
  });
});

describe.each(['stars-only', 'all'] as const)('with PHONE_PAYMENTS=%s', (policy) => {
  let np: FakeNowPayments;
  let t: TestApp;

  beforeAll(async () => {
    np = await FakeNowPayments.start({ apiKey: API_KEY, ipnSecret: IPN_SECRET });
    t = await startTestApp({
      seed: false,
      env: {
        PUBLIC_URL: 'https://seer.example',
        NOWPAYMENTS_API_KEY: API_KEY,
        NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
        NOWPAYMENTS_API_URL: np.url,
        PHONE_PAYMENTS: policy,
        TON_WALLET_ADDRESS: `0:${'5a'.repeat(32)}`,
        TON_USD_RATE: '3',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await np?.close();
  });

  async function invoiceRows(user: number): Promise<number> {
    const [row] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM crypto_invoices WHERE user_id = ${user}`;
    return row!.n;
  }

  async function quoteRows(user: number): Promise<number> {
    const [row] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ton_quotes WHERE user_id = ${user}`;
    return row!.n;
  }

  async function createInvoice(
    user: number,
    platform: string | null,
    call = 'CreateCryptoInvoice',
  ) {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/${call}.php`,
      headers: {
        authorization: t.initData(user),
        ...(platform === null ? {} : { [TELEGRAM_PLATFORM_HEADER]: platform }),
      },
      payload: { amount: '5.00' },
    });
    return { status: response.statusCode, body: response.json() as Record<string, unknown> };
  }

  it('is told to the app by GetDepositInfo', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/GetDepositInfo.php',
      headers: { authorization: t.initData(newUserId()) },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ phone_payments: policy, crypto_enabled: true });
  });

  it.each(['ios', 'android', 'android_x', 'unknown', 'IOS'])(
    'a crypto invoice started from platform %s',
    async (platform) => {
      const user = newUserId();
      const sentBefore = np.requests.length;
      const answer = await createInvoice(user, platform);
      if (policy === 'stars-only') {
        expect(answer.status).toBe(403);
        expect(answer.body).toMatchObject({ status: 'error', code: 'forbidden' });
        expect(String(answer.body.message)).toMatch(/Telegram Stars/);
        expect(await invoiceRows(user)).toBe(0);
        expect(np.requests.length).toBe(sentBefore);
      } else {
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        expect(await invoiceRows(user)).toBe(1);
      }
    },
  );

  it.each(['tdesktop', 'macos', 'weba', 'webk', 'unigram', null])(
    'a crypto invoice started from %s (Telegram elsewhere, or no platform: a browser) is created',
    async (platform) => {
      const user = newUserId();
      const answer = await createInvoice(user, platform);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(CALLS.CreateCryptoInvoice.answer.parse(answer.body).invoice_url).toMatch(/^http/);
      expect(await invoiceRows(user)).toBe(1);
    },
  );

  it.each(['ios', 'android', 'tdesktop', null])('a TON quote started from %s', async (platform) => {
    const user = newUserId();
    const answer = await createInvoice(user, platform, 'CreateTonQuote');
    if (policy === 'stars-only' && (platform === 'ios' || platform === 'android')) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({ status: 'error', code: 'forbidden' });
      expect(await quoteRows(user)).toBe(0);
    } else {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(await quoteRows(user)).toBe(1);
    }
  });
});
