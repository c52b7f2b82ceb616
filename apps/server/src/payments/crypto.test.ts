/**
 * Crypto top-ups through NOWPayments, against the fake NOWPayments and the real database:
 * invoice creation, IPN signatures, exactly-once credit per payment_id whatever the order and
 * repetition of IPNs (also across a restart), statuses that credit nothing, and the admin list.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import {
  FakeNowPayments,
  nowPaymentsSignature,
  type FakeInvoice,
} from '../test/fakes/nowpayments.js';
import type { DomainEvent } from '../realtime/event-bus.js';
import { CryptoPaymentsService, IPN_PATH } from './crypto.service.js';
import { CryptoRepository } from './crypto.repository.js';
import { UnavailableError } from '../errors.js';
import { RATE_LIMITS } from '../rate-limits/rate-limits.js';
import { runCli } from '../admin/cli.js';

const PUBLIC_URL = 'https://seer.example';
const API_KEY = 'np-test-api-key';
const IPN_SECRET = 'np-test-ipn-secret';
const ADMIN = 777_000_001;

async function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  auth: string | null,
  payload?: object,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: auth === null ? {} : { authorization: auth },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function balanceOf(t: TestApp, id: number): Promise<number> {
  const [row] = await t.db.sql<
    { balance_cents: number }[]
  >`SELECT balance_cents FROM users WHERE telegram_id = ${id}`;
  return row?.balance_cents ?? 0;
}

async function cryptoLedgerOf(t: TestApp, id: number) {
  return t.db.sql<{ amount_cents: number; reference: string | null }[]>`
    SELECT amount_cents, reference FROM ledger WHERE user_id = ${id} AND reason = 'crypto_deposit' ORDER BY id`;
}

async function count(t: TestApp, table: 'crypto_invoices' | 'crypto_ipns' | 'crypto_payments') {
  const [row] = await t.db.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM ${t.db.sql(table)}`;
  return row!.n;
}

describe('crypto top-ups through NOWPayments', () => {
  let np: FakeNowPayments;
  let t: TestApp;
  let ipnUrl: string;
  const published: DomainEvent[] = [];
  const env = {
    PUBLIC_URL,
    NOWPAYMENTS_API_KEY: API_KEY,
    NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
    ADMIN_TELEGRAM_IDS: String(ADMIN),
  };

  beforeAll(async () => {
    np = await FakeNowPayments.start({ apiKey: API_KEY, ipnSecret: IPN_SECRET });
    t = await startTestApp({ seed: false, env: { ...env, NOWPAYMENTS_API_URL: np.url } });
    t.services.events.subscribe((event) => void published.push(event));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    ipnUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${IPN_PATH}`;
  });
  afterAll(async () => {
    await t?.close();
    await np?.close();
  });

  /** A top-up invoice of `amount` dollars for `user`, as the fake NOWPayments holds it. */
  async function invoiceFor(user: number, amount: string | number): Promise<FakeInvoice> {
    const answer = await call(t, 'POST', '/api/CreateCryptoInvoice.php', t.initData(user), {
      amount,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const url = CALLS.CreateCryptoInvoice.answer.parse(answer.body).invoice_url;
    const invoice = np.invoices.find((i) => i.invoice_url === url);
    expect(invoice).toBeDefined();
    return invoice!;
  }

  it('says crypto is enabled', async () => {
    const answer = CALLS.GetDepositInfo.answer.parse(
      (await call(t, 'GET', '/api/GetDepositInfo.php', t.initData(newUserId()))).body,
    );
    expect(answer.crypto_enabled).toBe(true);
  });

  it('creates a hosted invoice for the dollar amount and stores it', async () => {
    const user = newUserId();
    const before = np.requests.length;
    const invoice = await invoiceFor(user, '12.50');
    const request = np.requests[before]!;
    expect(request.apiKey).toBe(API_KEY);
    expect(request.body).toMatchObject({
      price_amount: 12.5,
      price_currency: 'usd',
      order_id: invoice.order_id,
      ipn_callback_url: `${PUBLIC_URL}/api/payments/nowpayments/ipn`,
      success_url: `${PUBLIC_URL}/balance`,
      cancel_url: `${PUBLIC_URL}/balance`,
    });
    expect(request.body!.order_description).toEqual(expect.stringContaining('12.50'));
    const rows = await t.db.sql<
      {
        user_id: number;
        amount_cents: number;
        nowpayments_invoice_id: string;
        invoice_url: string;
      }[]
    >`SELECT user_id, amount_cents, nowpayments_invoice_id, invoice_url FROM crypto_invoices WHERE order_id = ${invoice.order_id}`;
    expect(rows).toEqual([
      {
        user_id: user,
        amount_cents: 1250,
        nowpayments_invoice_id: invoice.id,
        invoice_url: invoice.invoice_url,
      },
    ]);
    // Each invoice has its own order_id.
    const second = await invoiceFor(user, 12.5);
    expect(second.order_id).not.toBe(invoice.order_id);
  });

  it('refuses a bad amount with 400, storing nothing and calling no one', async () => {
    const user = newUserId();
    const invoices = await count(t, 'crypto_invoices');
    const requests = np.requests.length;
    for (const amount of ['0', '0.00', '-5', 'abc', '12.345', '1e3', '', '100000000', 1e9]) {
      const answer = await call(t, 'POST', '/api/CreateCryptoInvoice.php', t.initData(user), {
        amount,
      });
      expect(answer.status, `${amount}: ${JSON.stringify(answer.body)}`).toBe(400);
      expect(answer.body.message).toEqual(expect.any(String));
    }
    expect(await count(t, 'crypto_invoices')).toBe(invoices);
    expect(np.requests.length).toBe(requests);
  });

  it('answers 503 with a message when NOWPayments fails or says something unusable', async () => {
    const user = newUserId();
    np.failNext(1, 500);
    let answer = await call(t, 'POST', '/api/CreateCryptoInvoice.php', t.initData(user), {
      amount: '5',
    });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toMatch(/crypto payment service/);
    np.garbageNext(1);
    answer = await call(t, 'POST', '/api/CreateCryptoInvoice.php', t.initData(user), {
      amount: '5',
    });
    expect(answer.status).toBe(503);

    // A wrong API key (NOWPayments answers 403) and a NOWPayments that never answers: still 503.
    const wrongKey = new CryptoPaymentsService(new CryptoRepository(t.db.sql), t.services.money, {
      nowPayments: { apiKey: 'wrong', ipnSecret: IPN_SECRET, apiUrl: np.url },
      publicUrl: PUBLIC_URL,
    });
    await expect(wrongKey.createInvoice(user, '5')).rejects.toBeInstanceOf(UnavailableError);
    expect(np.requests.at(-1)!.answered).toBe(403);
    const slow = new CryptoPaymentsService(new CryptoRepository(t.db.sql), t.services.money, {
      nowPayments: { apiKey: API_KEY, ipnSecret: IPN_SECRET, apiUrl: np.url },
      publicUrl: PUBLIC_URL,
      timeoutMs: 300,
    });
    np.hangNext(1);
    const started = Date.now();
    await expect(slow.createInvoice(user, '5')).rejects.toBeInstanceOf(UnavailableError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('credits a finished payment once, with the invoice amount, and tells the app', async () => {
    const user = newUserId();
    const invoice = await invoiceFor(user, '7.25');
    const payment = np.startPayment(invoice, { payCurrency: 'usdttrc20', payAmount: 7.31 });
    for (const status of ['waiting', 'confirming', 'confirmed', 'sending']) {
      const answer = await np.sendIpn(ipnUrl, np.ipn(payment, status));
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(await balanceOf(t, user)).toBe(0);
    }
    const eventsBefore = published.length;
    const finished = np.ipn(payment, 'finished');
    const answer = await np.sendIpn(ipnUrl, finished);
    expect(answer).toMatchObject({ status: 200, body: { credited_cents: 725, matched: true } });
    // The same IPN again, and five more at once: nothing more.
    expect((await np.sendIpn(ipnUrl, finished)).body.credited_cents).toBe(0);
    const repeats = await Promise.all(
      Array.from({ length: 5 }, () => np.sendIpn(ipnUrl, np.ipn(payment, 'finished'))),
    );
    expect(repeats.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(repeats.map((r) => r.body.credited_cents)).toEqual([0, 0, 0, 0, 0]);
    expect(await balanceOf(t, user)).toBe(725);
    expect(await cryptoLedgerOf(t, user)).toEqual([
      { amount_cents: 725, reference: String(payment.payment_id) },
    ]);
    const balanceEvents = published
      .slice(eventsBefore)
      .filter((e) => e.type === 'balance' && e.telegramId === user);
    expect(balanceEvents).toHaveLength(1);
    expect(balanceEvents[0]).toMatchObject({ balanceCents: 725 });
    // Every IPN was stored, the payment has one row.
    const [ipns] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM crypto_ipns WHERE payment_id = ${String(payment.payment_id)}`;
    expect(ipns!.n).toBe(11);
    const [row] = await t.db.sql<
      { status: string; credited_cents: number; actually_paid: string }[]
    >`
      SELECT status, credited_cents, actually_paid FROM crypto_payments WHERE payment_id = ${String(payment.payment_id)}`;
    expect(row).toEqual({ status: 'finished', credited_cents: 725, actually_paid: '7.31' });
  });

  it('credits a finished that arrives before waiting and confirming, and keeps it finished', async () => {
    const user = newUserId();
    const invoice = await invoiceFor(user, 3);
    const payment = np.startPayment(invoice);
    expect((await np.sendIpn(ipnUrl, np.ipn(payment, 'finished'))).body.credited_cents).toBe(300);
    for (const status of ['confirming', 'waiting', 'confirmed', 'partially_paid', 'failed']) {
      const answer = await np.sendIpn(ipnUrl, np.ipn(payment, status));
      expect(answer.body).toMatchObject({ payment_status: 'finished', credited_cents: 0 });
    }
    expect(await balanceOf(t, user)).toBe(300);
    expect(await cryptoLedgerOf(t, user)).toHaveLength(1);
  });

  it("credits the invoice's amount whatever the IPN claims was priced or paid", async () => {
    const user = newUserId();
    const invoice = await invoiceFor(user, '4.00');
    const payment = np.startPayment(invoice);
    const answer = await np.sendIpn(
      ipnUrl,
      np.ipn(payment, 'finished', {
        price_amount: 4000,
        actually_paid: 1,
        actually_paid_at_fiat: 60000,
      }),
    );
    expect(answer.body.credited_cents).toBe(400);
    expect(await balanceOf(t, user)).toBe(400);
  });

  it('refuses IPNs without a valid signature and changes nothing', async () => {
    const user = newUserId();
    const invoice = await invoiceFor(user, 9);
    const payment = np.startPayment(invoice);
    const finished = np.ipn(payment, 'finished');
    const ipns = await count(t, 'crypto_ipns');
    const payments = await count(t, 'crypto_payments');

    expect((await np.sendIpn(ipnUrl, finished, { signature: 'none' })).status).toBe(401);
    expect((await np.sendIpn(ipnUrl, finished, { signature: 'forged' })).status).toBe(403);
    for (const header of ['', 'abc', 'a'.repeat(128), 'zz'.repeat(64)])
      expect((await np.sendIpn(ipnUrl, finished, { signature: { header } })).status).toBe(
        header === '' ? 401 : 403,
      );
    // Signed as 'waiting', then changed to 'finished' on the way.
    const tampered = await np.sendIpn(ipnUrl, np.ipn(payment, 'waiting'), {
      sent: { ...np.ipn(payment, 'waiting'), payment_status: 'finished' },
    });
    expect(tampered.status).toBe(403);
    // Signed for a nested value that was changed afterwards.
    const nested = await np.sendIpn(ipnUrl, finished, {
      sent: { ...finished, fee: { ...(finished.fee as object), serviceFee: 1 } },
    });
    expect(nested.status).toBe(403);
    // Not JSON at all.
    const garbage = await fetch(ipnUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': 'a'.repeat(128) },
      body: '{"payment_id": ',
    });
    expect(garbage.status).toBe(400);

    expect(await count(t, 'crypto_ipns')).toBe(ipns);
    expect(await count(t, 'crypto_payments')).toBe(payments);
    expect(await balanceOf(t, user)).toBe(0);
    // The genuine one still credits.
    expect((await np.sendIpn(ipnUrl, finished)).body.credited_cents).toBe(900);
  });

  it('credits nothing for partially paid, failed, expired or refunded payments', async () => {
    const user = newUserId();
    const partial = np.startPayment(await invoiceFor(user, 10), { payCurrency: 'eth' });
    const answer = await np.sendIpn(
      ipnUrl,
      np.ipn(partial, 'partially_paid', { actually_paid: 0.0012, actually_paid_at_fiat: 4.1 }),
    );
    expect(answer.body).toMatchObject({ payment_status: 'partially_paid', credited_cents: 0 });
    for (const status of ['failed', 'expired']) {
      const payment = np.startPayment(await invoiceFor(user, 10));
      await np.sendIpn(ipnUrl, np.ipn(payment, 'waiting'));
      expect((await np.sendIpn(ipnUrl, np.ipn(payment, status))).body).toMatchObject({
        payment_status: status,
        credited_cents: 0,
      });
    }
    // Refunded before its finished was heard: the late finished credits nothing.
    const refunded = np.startPayment(await invoiceFor(user, 10));
    await np.sendIpn(ipnUrl, np.ipn(refunded, 'refunded'));
    expect((await np.sendIpn(ipnUrl, np.ipn(refunded, 'finished'))).body).toMatchObject({
      payment_status: 'refunded',
      credited_cents: 0,
    });
    expect(await balanceOf(t, user)).toBe(0);
    expect(await cryptoLedgerOf(t, user)).toEqual([]);

    // Admins see the partial payment with what was paid; users may not look.
    const list = await call(
      t,
      'GET',
      `/api/AdminCryptoPayments.php?telegram_user_id=${user}`,
      t.initData(ADMIN),
    );
    expect(list.status).toBe(200);
    const payments = CALLS.AdminCryptoPayments.answer.parse(list.body).payments;
    expect(payments.map((p) => p.status).sort()).toEqual([
      'expired',
      'failed',
      'partially_paid',
      'refunded',
    ]);
    expect(payments.find((p) => p.payment_id === String(partial.payment_id))).toMatchObject({
      status: 'partially_paid',
      telegram_user_id: user,
      invoice_cents: 1000,
      credited_cents: 0,
      credited_at: null,
      actually_paid: '0.0012',
      pay_currency: 'eth',
      price_amount: '10',
      price_currency: 'usd',
    });
    const onlyPartial = CALLS.AdminCryptoPayments.answer.parse(
      (
        await call(
          t,
          'GET',
          '/api/AdminCryptoPayments.php?status=partially_paid',
          t.initData(ADMIN),
        )
      ).body,
    ).payments;
    expect(onlyPartial.some((p) => p.payment_id === String(partial.payment_id))).toBe(true);
    expect(onlyPartial.every((p) => p.status === 'partially_paid')).toBe(true);
    expect((await call(t, 'GET', '/api/AdminCryptoPayments.php', t.initData(user))).status).toBe(
      403,
    );

    // The command line lists the same, filtered by status and user.
    const out: string[] = [];
    const status = await runCli(
      ['crypto-payments', 'partially_paid', String(user)],
      { DATABASE_URL: t.db.url, NODE_ENV: 'test' },
      (line) => out.push(line),
      () => {},
    );
    expect(status).toBe(0);
    expect(out).toHaveLength(3);
    expect(out[0]).toMatch(/^payment_id\s+status\s+user\s+invoice_usd\s+credited_usd\s+paid/);
    expect(out[2]).toContain(String(partial.payment_id));
    expect(out[2]).toMatch(/partially_paid\s+\d+\s+10\.00\s+0\.00\s+0\.0012 eth/);
  });

  it('keeps an IPN for an order we do not know as unmatched, crediting no one', async () => {
    const user = newUserId();
    const invoice = await invoiceFor(user, 6);
    const stranger = np.startPayment({ ...invoice, order_id: 'not-one-of-ours' });
    const answer = await np.sendIpn(ipnUrl, np.ipn(stranger, 'finished'));
    expect(answer).toMatchObject({ status: 200, body: { matched: false, credited_cents: 0 } });
    const [row] = await t.db.sql<
      { user_id: number | null; status: string; invoice_id: number | null }[]
    >`
      SELECT user_id, status, invoice_id FROM crypto_payments WHERE payment_id = ${String(stranger.payment_id)}`;
    expect(row).toEqual({ user_id: null, status: 'finished', invoice_id: null });
    const [ipn] = await t.db.sql<{ matched: boolean; raw_body: string }[]>`
      SELECT matched, raw_body FROM crypto_ipns WHERE payment_id = ${String(stranger.payment_id)}`;
    expect(ipn!.matched).toBe(false);
    expect(JSON.parse(ipn!.raw_body)).toMatchObject({ order_id: 'not-one-of-ours' });
    expect(await balanceOf(t, user)).toBe(0);
  });

  it('stores a signed IPN without payment_id and answers 400', async () => {
    const ipns = await count(t, 'crypto_ipns');
    const answer = await np.sendIpn(ipnUrl, { payment_status: 'finished', order_id: 'x' });
    expect(answer.status).toBe(400);
    expect(await count(t, 'crypto_ipns')).toBe(ipns + 1);
  });

  it('answers a signed IPN with NUL characters without failing', async () => {
    const user = newUserId();
    const payment = np.startPayment(await invoiceFor(user, 1));
    const answer = await np.sendIpn(
      ipnUrl,
      np.ipn(payment, 'waiting', { order_id: 'x\u0000y', pay_currency: 'b\u0000tc' }),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.matched).toBe(false);
  });

  it('answers any IPN with 2xx or 4xx; only signed ones are stored, and random ones credit no one', async () => {
    const [ledgerBefore] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ledger WHERE reason = 'crypto_deposit'`;
    let signedStored = await count(t, 'crypto_ipns');
    const ipnBody = fc.oneof(
      fc.record(
        {
          payment_id: fc.oneof(fc.integer(), fc.string({ maxLength: 12 }), fc.double()),
          payment_status: fc.oneof(
            fc.constantFrom('waiting', 'finished', 'partially_paid', 'refunded'),
            fc.string({ maxLength: 12 }),
          ),
          order_id: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 }), fc.constant(null)),
          price_amount: fc.oneof(fc.double(), fc.string({ maxLength: 8 })),
          actually_paid: fc.oneof(fc.double(), fc.constant(null)),
          pay_currency: fc.string({ maxLength: 8 }),
          fee: fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 1 })),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue({ maxDepth: 2 }),
    );
    await fc.assert(
      fc.asyncProperty(
        ipnBody,
        fc.constantFrom('signed', 'none', 'random', 'garbage'),
        fc
          .uint8Array({ minLength: 64, maxLength: 64 })
          .map((bytes) => Buffer.from(bytes).toString('hex')),
        async (body, mode, randomHex) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (mode === 'signed')
            headers['x-nowpayments-sig'] = nowPaymentsSignature(body, IPN_SECRET);
          if (mode === 'random') headers['x-nowpayments-sig'] = randomHex;
          if (mode === 'garbage') headers['x-nowpayments-sig'] = randomHex.slice(0, 17);
          const response = await t.app.inject({
            method: 'POST',
            url: IPN_PATH,
            headers,
            payload: JSON.stringify(body) ?? 'null',
          });
          expect(response.statusCode, response.body).toBeLessThan(500);
          expect(() => response.json()).not.toThrow();
          const stored = await count(t, 'crypto_ipns');
          if (mode === 'signed') {
            expect([200, 400]).toContain(response.statusCode);
            signedStored = stored;
          } else {
            expect([401, 403]).toContain(response.statusCode);
            expect(stored).toBe(signedStored);
          }
        },
      ),
      { numRuns: 300 },
    );
    const [ledgerAfter] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ledger WHERE reason = 'crypto_deposit'`;
    expect(ledgerAfter!.n).toBe(ledgerBefore!.n);
  });

  it('credits a finished replayed after a restart only once', async () => {
    const user = newUserId();
    const invoice = await invoiceFor(user, '2.50');
    const payment = np.startPayment(invoice);
    const finished = np.ipn(payment, 'finished');
    expect((await np.sendIpn(ipnUrl, finished)).body.credited_cents).toBe(250);

    const restarted = await startTestApp({
      db: t.db,
      seed: false,
      env: { ...env, NOWPAYMENTS_API_URL: np.url },
    });
    try {
      await restarted.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(restarted.app.server.address() as AddressInfo).port}${IPN_PATH}`;
      const replay = await np.sendIpn(url, finished);
      expect(replay).toMatchObject({ status: 200, body: { credited_cents: 0 } });
    } finally {
      await restarted.close();
    }
    expect(await balanceOf(t, user)).toBe(250);
    expect(await cryptoLedgerOf(t, user)).toHaveLength(1);
  });

  it('credits two payments of one invoice each (the payer paid twice)', async () => {
    const user = newUserId();
    const invoice = await invoiceFor(user, 1);
    const first = np.startPayment(invoice, { payCurrency: 'btc' });
    const second = np.startPayment(invoice, { payCurrency: 'ltc' });
    await np.sendIpn(ipnUrl, np.ipn(first, 'finished'));
    await np.sendIpn(ipnUrl, np.ipn(second, 'finished'));
    expect(await balanceOf(t, user)).toBe(200);
  });

  it('limits invoices per user: past the allowance 429, no row and no NOWPayments call', async () => {
    const user = newUserId();
    const limit = RATE_LIMITS.cryptoInvoice.calls;
    const rows = await count(t, 'crypto_invoices');
    const requests = np.requests.length;
    const answers = await Promise.all(
      Array.from({ length: limit + 5 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/CreateCryptoInvoice.php',
          headers: { authorization: t.initData(user) },
          payload: { amount: '1' },
        }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(limit);
    const refused = answers.filter((a) => a.statusCode === 429);
    expect(refused).toHaveLength(5);
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(await count(t, 'crypto_invoices')).toBe(rows + limit);
    expect(np.requests.length).toBe(requests + limit);
    // Another user is not held back.
    await invoiceFor(newUserId(), '1');
  });

  it('keeps every balance equal to its ledger', async () => {
    const mismatches = await t.db.sql`
      SELECT u.telegram_id FROM users u
      LEFT JOIN (SELECT user_id, sum(amount_cents) AS cents FROM ledger GROUP BY user_id) l
        ON l.user_id = u.telegram_id
      WHERE u.balance_cents <> COALESCE(l.cents, 0)`;
    expect(mismatches).toEqual([]);
    const [credited] = await t.db.sql<{ payments: number; ledger: number }[]>`
      SELECT (SELECT COALESCE(sum(credited_cents), 0)::int FROM crypto_payments) AS payments,
             (SELECT COALESCE(sum(amount_cents), 0)::int FROM ledger WHERE reason = 'crypto_deposit') AS ledger`;
    expect(credited!.payments).toBe(credited!.ledger);
    expect(credited!.ledger).toBeGreaterThan(0);
  });
});

describe('crypto top-ups without NOWPayments keys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, env: { PUBLIC_URL } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says crypto is off, answers 503 with a message, and stores nothing', async () => {
    const user = newUserId();
    const info = CALLS.GetDepositInfo.answer.parse(
      (await call(t, 'GET', '/api/GetDepositInfo.php', t.initData(user))).body,
    );
    expect(info.crypto_enabled).toBe(false);
    const answer = await call(t, 'POST', '/api/CreateCryptoInvoice.php', t.initData(user), {
      amount: '10',
    });
    expect(answer.status).toBe(503);
    expect(answer.body.message).toMatch(/not configured/);
    expect(await count(t, 'crypto_invoices')).toBe(0);
    const ipn = await t.app.inject({
      method: 'POST',
      url: IPN_PATH,
      headers: { 'content-type': 'application/json', 'x-nowpayments-sig': 'a'.repeat(128) },
      payload: JSON.stringify({ payment_id: 1, payment_status: 'finished' }),
    });
    expect(ipn.statusCode).toBe(503);
    expect(await count(t, 'crypto_ipns')).toBe(0);
  });
});
