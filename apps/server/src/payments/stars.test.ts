/**
 * Telegram Stars top-ups and the bot, against a fake Bot API: invoice creation, pre-checkout,
 * exactly-once crediting per telegram_payment_charge_id, refunds, /start, and the webhook's secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { CALLS, formatMoney } from '@seer/contract';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { aSpend } from '../test/builders.js';
import { BadRequestError, ConflictError } from '../errors.js';

const PUBLIC_URL = 'https://seer.example';

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

async function ledgerOf(t: TestApp, id: number) {
  return t.db.sql<{ amount_cents: number; reason: string; reference: string | null }[]>`
    SELECT amount_cents, reason, reference FROM ledger WHERE user_id = ${id} ORDER BY id`;
}

async function until(probe: () => Promise<boolean> | boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** An invoice for a user whose Telegram speaks English (the invoice and refusals are in it). */
async function invoiceFor(t: TestApp, user: number, amount: string | number): Promise<string> {
  const auth = t.initData(user, { language_code: 'en' });
  const answer = await call(t, 'POST', '/api/CreateStarsInvoice.php', auth, { amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return CALLS.CreateStarsInvoice.answer.parse(answer.body).invoice_link;
}

describe('Stars top-up with long polling', () => {
  let bot: FakeBotApi;
  let t: TestApp;
  beforeAll(async () => {
    bot = await FakeBotApi.start(TEST_BOT_TOKEN);
    t = await startTestApp({
      seed: false,
      env: { BOT_API_URL: bot.url, PUBLIC_URL, STARS_PER_USD: '50' },
    });
    t.services.bot!.start();
  });
  afterAll(async () => {
    await t?.close();
    await bot?.close();
  });

  it('tells the app how to deposit, with the bot chat as the way back from a wallet', async () => {
    const user = newUserId();
    // The bot learns its name (getMe) when it starts.
    await until(() => t.services.bot!.username !== null);
    const answer = CALLS.GetDepositInfo.answer.parse(
      (await call(t, 'GET', '/GetDepositInfo.php', t.initData(user))).body,
    );
    expect(answer).toMatchObject({
      status: 'success',
      wallet_address: '',
      memo: String(user),
      // TON is off here: no rate to show.
      ton_usd_rate: null,
      ton_enabled: false,
      stars_enabled: true,
      stars_per_usd: 50,
      ton_network: '-239',
      telegram_return_url: 'https://t.me/seer_test_bot',
    });
  });

  it('speaks Russian to a Russian user: invoice, checkout refusals and the receipt', async () => {
    const user = newUserId();
    const auth = t.initData(user, { language_code: 'ru', allows_write_to_pm: true });
    const answer = await call(t, 'POST', '/api/CreateStarsInvoice.php', auth, { amount: '12.50' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const link = CALLS.CreateStarsInvoice.answer.parse(answer.body).invoice_link;
    const amount = formatMoney(1250, 'ru');
    expect(amount.replace(/\s/g, ' ')).toBe('12,50 $');
    expect(bot.invoices.get(link)).toMatchObject({
      title: 'Пополнение баланса Seer',
      description: `${amount} на ваш баланс в Seer, оплата в Telegram Stars.`,
      amount: 625,
    });
    expect(bot.callsOf('createInvoiceLink').at(-1)!.params.prices).toEqual([
      { label: `Пополнение на ${amount}`, amount: 625 },
    ]);

    // Refusals in the language Telegram gives with the query, else the one stored for the payer.
    expect(await bot.payInvoice(link, user, { amount: 1, languageCode: 'ru' })).toMatchObject({
      ok: false,
      error: 'Сумма не совпадает со счётом.',
    });
    expect(await bot.payInvoice(link, user, { amount: 2 })).toMatchObject({
      ok: false,
      error: 'Сумма не совпадает со счётом.',
    });
    expect(await bot.payInvoice(link, newUserId(), { languageCode: 'en' })).toMatchObject({
      ok: false,
      error: 'This invoice belongs to another account.',
    });

    const paid = await bot.payInvoice(link, user, { languageCode: 'ru' });
    expect(paid.ok).toBe(true);
    const receipt = await bot.waitFor(
      () =>
        bot
          .acceptedCallsOf('sendMessage')
          .find((c) => c.params.chat_id === user && String(c.params.text).includes('Stars')),
      10_000,
    );
    expect(receipt?.params.text).toBe(
      `Получена оплата в Telegram Stars: на баланс зачислено ${amount}.\nБаланс: ${amount}`,
    );
    expect(await balanceOf(t, user)).toBe(1250);
  });

  it('creates an XTR invoice link priced in Stars, and refuses bad amounts with a clear 400', async () => {
    const user = newUserId();
    const link = await invoiceFor(t, user, '12.34');
    const created = bot.callsOf('createInvoiceLink').at(-1)!.params;
    expect(created).toMatchObject({ currency: 'XTR', prices: [{ amount: 617 }] }); // ceil(1234 * 50 / 100)
    expect(bot.invoices.get(link)?.amount).toBe(617);
    expect(
      (await invoiceFor(t, user, 0.01)) && bot.callsOf('createInvoiceLink').at(-1)!.params.prices,
    ).toEqual([{ label: '$0.01 top-up', amount: 1 }]);

    const calls = bot.callsOf('createInvoiceLink').length;
    for (const amount of ['0', '0.001', '-5', 'abc', '', '100000.01', 1e12, '1250.00']) {
      const answer = await call(t, 'POST', '/api/CreateStarsInvoice.php', t.initData(user), {
        amount,
      });
      expect(answer.status, String(amount)).toBe(400);
      expect(answer.body).toMatchObject({ status: 'error' });
      expect(String(answer.body.message)).toMatch(/amount|Stars/);
    }
    expect(
      (await call(t, 'POST', '/api/CreateStarsInvoice.php', t.initData(user), {})).status,
    ).toBe(400);
    expect((await call(t, 'POST', '/api/CreateStarsInvoice.php', null, { amount: 5 })).status).toBe(
      401,
    );
    expect(bot.callsOf('createInvoiceLink')).toHaveLength(calls);
  });

  it('credits a paid invoice once, however often Telegram repeats successful_payment', async () => {
    const user = newUserId();
    const link = await invoiceFor(t, user, '5.00');
    const paid = await bot.payInvoice(link, user);
    expect(paid).toMatchObject({ ok: true });
    await until(async () => (await balanceOf(t, user)) === 500);

    const payload = bot.invoices.get(link)!.payload;
    for (let i = 0; i < 3; i++)
      await bot.pushSuccessfulPayment(user, { chargeId: paid.chargeId!, payload, amount: 250 });
    await until(() => bot.pendingUpdates.length === 0 && bot.callsOf('getUpdates').length > 0);
    await until(
      async () => (await t.services.payments.listStarsPayments({ userId: user })).length === 1,
    );
    // let the poller confirm the repeats (the next getUpdates carries their offset)
    await until(() => bot.pendingUpdates.length === 0);
    expect(await balanceOf(t, user)).toBe(500);
    expect(await ledgerOf(t, user)).toEqual([
      { amount_cents: 500, reason: 'stars', reference: paid.chargeId },
    ]);

    // the same invoice cannot be paid twice
    const again = await bot.payInvoice(link, user);
    expect(again).toMatchObject({ ok: false, error: 'This invoice has already been paid.' });
    expect(await balanceOf(t, user)).toBe(500);
  });

  it('refuses at pre-checkout a wrong amount, another payer or a forged payload, and credits nothing', async () => {
    const user = newUserId();
    const stranger = newUserId();
    const link = await invoiceFor(t, user, '2.00');
    expect(await bot.payInvoice(link, user, { amount: 1 })).toMatchObject({
      ok: false,
      error: 'The amount does not match the invoice.',
    });
    expect(await bot.payInvoice(link, stranger, { languageCode: 'en' })).toMatchObject({
      ok: false,
      error: 'This invoice belongs to another account.',
    });
    bot.invoices.get(link)!.payload = '00000000-0000-4000-8000-000000000000';
    expect(await bot.payInvoice(link, user)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not valid/),
    });
    bot.invoices.get(link)!.payload = 'user=1;cents=100000';
    expect(await bot.payInvoice(link, user)).toMatchObject({ ok: false });
    expect(await balanceOf(t, user)).toBe(0);
    expect(await balanceOf(t, stranger)).toBe(0);
    expect(await t.services.payments.listStarsPayments({ userId: user })).toHaveLength(0);
  });

  it('answers /start with a button that opens the Mini App', async () => {
    const user = newUserId();
    await bot.sendText({ id: user, language_code: 'en' }, '/start');
    const sent = await bot.waitFor(
      () => bot.callsOf('sendMessage').find((c) => c.params.chat_id === user),
      5_000,
    );
    expect(sent?.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Open Seer', web_app: { url: PUBLIC_URL } }]],
    });
  });

  it('refunds a Stars payment once, with a negative ledger row, and never below zero', async () => {
    const payments = t.services.payments;
    const user = newUserId();
    const paid = await bot.payInvoice(await invoiceFor(t, user, '3.00'), user);
    await until(async () => (await balanceOf(t, user)) === 300);

    const refund = await payments.refundStarsPayment(0, paid.chargeId!);
    expect(refund).toMatchObject({ balanceCents: 0, debitedCents: 300 });
    expect(bot.charges.get(paid.chargeId!)?.refunded).toBe(true);
    expect(await ledgerOf(t, user)).toEqual([
      { amount_cents: 300, reason: 'stars', reference: paid.chargeId },
      { amount_cents: -300, reason: 'stars_refund', reference: paid.chargeId },
    ]);
    await expect(payments.refundStarsPayment(0, paid.chargeId!)).rejects.toBeInstanceOf(
      ConflictError,
    );

    // money already spent cannot be refunded: nothing changes, Telegram is not asked
    const spender = newUserId();
    const spent = await bot.payInvoice(await invoiceFor(t, spender, '4.00'), spender);
    await until(async () => (await balanceOf(t, spender)) === 400);
    await aSpend(t, spender, 300);
    const refundsBefore = bot.callsOf('refundStarPayment').length;
    await expect(payments.refundStarsPayment(0, spent.chargeId!)).rejects.toBeInstanceOf(
      BadRequestError,
    );
    expect(bot.callsOf('refundStarPayment')).toHaveLength(refundsBefore);
    expect(await balanceOf(t, spender)).toBe(100);

    // Telegram refusing the refund rolls everything back
    const other = newUserId();
    const third = await bot.payInvoice(await invoiceFor(t, other, '1.00'), other);
    await until(async () => (await balanceOf(t, other)) === 100);
    bot.failNext('refundStarPayment', 400, 'Bad Request: CHARGE_NOT_FOUND');
    await expect(payments.refundStarsPayment(0, third.chargeId!)).rejects.toThrow(
      /Telegram refused the refund/,
    );
    expect(await balanceOf(t, other)).toBe(100);
    expect((await payments.listStarsPayments({ userId: other }))[0]?.refunded_at).toBeNull();
  });
});

describe('a refund Telegram reports (refunded_payment)', () => {
  let bot: FakeBotApi;
  let t: TestApp;
  beforeAll(async () => {
    bot = await FakeBotApi.start(TEST_BOT_TOKEN);
    t = await startTestApp({ seed: false, env: { BOT_API_URL: bot.url, PUBLIC_URL } });
    t.services.bot!.start();
  });
  afterAll(async () => {
    await t?.close();
    await bot?.close();
  });

  it('debits what is left of the payment once, never below zero, and blocks a second refund', async () => {
    const user = newUserId();
    const link = await invoiceFor(t, user, '2.00');
    const paid = await bot.payInvoice(link, user);
    await until(async () => (await balanceOf(t, user)) === 200);
    // the user spent 50 cents meanwhile
    await aSpend(t, user, 50);
    const refund = {
      chargeId: paid.chargeId!,
      payload: bot.invoices.get(link)!.payload,
      amount: 100,
    };
    await bot.pushRefundedPayment(user, refund);
    await until(async () => (await payments(t, user))[0]?.refunded_at !== null);
    await bot.pushRefundedPayment(user, refund);
    await until(() => bot.pendingUpdates.length === 0);
    expect(await balanceOf(t, user)).toBe(0);
    expect((await ledgerOf(t, user)).map((row) => [row.reason, row.amount_cents])).toEqual([
      ['stars', 200],
      ['message', -50],
      ['stars_refund', -150],
    ]);
    await expect(t.services.payments.refundStarsPayment(0, paid.chargeId!)).rejects.toBeInstanceOf(
      ConflictError,
    );
  });
});

function payments(t: TestApp, user: number) {
  return t.services.payments.listStarsPayments({ userId: user });
}

describe('Stars and the bot by webhook', () => {
  let bot: FakeBotApi;
  let t: TestApp;
  const secret = 'webhook_secret-123';
  beforeAll(async () => {
    bot = await FakeBotApi.start(TEST_BOT_TOKEN);
    t = await startTestApp({
      seed: false,
      env: { BOT_API_URL: bot.url, PUBLIC_URL, BOT_WEBHOOK_SECRET: secret },
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.services.bot!.start();
    await until(() => bot.webhook !== null);
    // Telegram would call PUBLIC_URL; point the fake at this test server instead.
    expect(bot.webhook).toEqual({ url: `${PUBLIC_URL}/api/bot/webhook`, secret });
    bot.webhook!.url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/bot/webhook`;
  });
  afterAll(async () => {
    await t?.close();
    await bot?.close();
  });

  it('registers the webhook with its secret and credits a payment delivered to it once', async () => {
    expect(bot.callsOf('setWebhook')[0]?.params).toMatchObject({
      secret_token: secret,
      allowed_updates: expect.arrayContaining(['message', 'pre_checkout_query']),
    });
    expect(bot.callsOf('getUpdates')).toHaveLength(0);
    const user = newUserId();
    const link = await invoiceFor(t, user, '7.50');
    const paid = await bot.payInvoice(link, user);
    expect(paid.ok).toBe(true);
    expect(await balanceOf(t, user)).toBe(750);
    const payload = bot.invoices.get(link)!.payload;
    const repeat = await bot.pushSuccessfulPayment(user, {
      chargeId: paid.chargeId!,
      payload,
      amount: 375,
    });
    expect(repeat.webhookStatus).toBe(200);
    expect(await balanceOf(t, user)).toBe(750);
  });

  it('refuses deliveries without the right secret and does nothing with them', async () => {
    const user = newUserId();
    const link = await invoiceFor(t, user, '1.00');
    const payload = bot.invoices.get(link)!.payload;
    const forged = {
      update_id: 1,
      message: {
        message_id: 1,
        date: 1,
        chat: { id: user, type: 'private' },
        from: { id: user, first_name: 'X' },
        successful_payment: {
          currency: 'XTR',
          total_amount: 50,
          invoice_payload: payload,
          telegram_payment_charge_id: 'forged-charge',
        },
      },
    };
    const callsBefore = bot.calls.length;
    for (const header of [
      null,
      '',
      'wrong',
      `${secret}x`,
      secret.slice(0, -1),
      secret.toUpperCase(),
    ]) {
      expect(await bot.deliver(forged as never, { secret: header }), String(header)).toBe(401);
    }
    const start = {
      update_id: 2,
      message: {
        message_id: 2,
        date: 1,
        chat: { id: user, type: 'private' },
        from: { id: user, first_name: 'X' },
        text: '/start',
      },
    };
    expect(await bot.deliver(start as never, { secret: 'wrong' })).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bot.calls.length).toBe(callsBefore);
    expect(await balanceOf(t, user)).toBe(0);
    expect(await t.services.payments.listStarsPayments({ userId: user })).toHaveLength(0);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/bot/webhook',
      headers: { 'x-telegram-bot-api-secret-token': secret },
      payload: { hello: 1 },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('without BOT_TOKEN', () => {
  it('turns Stars off with a clear 503 and has no webhook', async () => {
    const t = await startTestApp({ seed: false, env: { BOT_TOKEN: undefined } });
    try {
      const session = await t.app.inject({ method: 'POST', url: '/api/demo/session', payload: {} });
      const auth = (session.json() as { init_data: string }).init_data;
      const info = CALLS.GetDepositInfo.answer.parse(
        (await call(t, 'GET', '/api/GetDepositInfo.php', auth)).body,
      );
      expect(info.stars_enabled).toBe(false);
      const invoice = await call(t, 'POST', '/api/CreateStarsInvoice.php', auth, { amount: '5' });
      expect(invoice.status).toBe(503);
      expect(invoice.body).toMatchObject({ status: 'error', code: 'unavailable' });
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/bot/webhook', payload: { update_id: 1 } }))
          .statusCode,
      ).toBe(404);
      expect(t.services.bot).toBeNull();
    } finally {
      await t.close();
    }
  });
});
