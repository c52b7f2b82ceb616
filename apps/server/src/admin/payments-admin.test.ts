/** Admin calls for money received: unmatched deposits (assign once) and Stars refunds; 403 for anyone else; audited. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { anUnmatchedTonDeposit } from '../test/builders.js';

const ADMIN = 990_001;
let bot: FakeBotApi;
let t: TestApp;

beforeAll(async () => {
  bot = await FakeBotApi.start(TEST_BOT_TOKEN);
  t = await startTestApp({
    seed: false,
    env: { BOT_API_URL: bot.url, ADMIN_TELEGRAM_IDS: String(ADMIN), STARS_PER_USD: '50' },
  });
  t.services.bot!.start();
});
afterAll(async () => {
  await t?.close();
  await bot?.close();
});

async function call(method: 'GET' | 'POST', url: string, as: number, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: t.initData(as) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

const unmatchedDeposit = (cents: number) =>
  anUnmatchedTonDeposit(t, { amountCents: cents, comment: 'no memo' });

async function auditActions(): Promise<string[]> {
  const rows = await t.db.sql<
    { action: string }[]
  >`SELECT action FROM admin_audit WHERE actor_telegram_id = ${ADMIN} ORDER BY id`;
  return rows.map((r) => r.action);
}

describe('payments admin calls', () => {
  it('are refused to anyone who is not an admin (403)', async () => {
    const stranger = newUserId();
    const depositId = await unmatchedDeposit(500);
    for (const [method, url, body] of [
      ['GET', '/api/AdminListDeposits.php', undefined],
      [
        'POST',
        '/api/AdminAssignDeposit.php',
        { deposit_id: depositId, telegram_user_id: stranger },
      ],
      ['GET', '/AdminStarsPayments.php', undefined],
      ['POST', '/api/AdminRefundStars.php', { telegram_payment_charge_id: 'x' }],
    ] as const) {
      const answer = await call(method, url, stranger, body);
      expect(answer.status, url).toBe(403);
      expect(answer.body).toMatchObject({ status: 'error' });
    }
    const [row] = await t.db.sql<
      { status: string }[]
    >`SELECT status FROM ton_deposits WHERE id = ${depositId}`;
    expect(row!.status).toBe('unmatched');
  });

  it('list unmatched deposits and assign one exactly once, audited', async () => {
    const user = newUserId();
    const depositId = await unmatchedDeposit(1500);
    const listed = CALLS.AdminListDeposits.answer.parse(
      (await call('GET', '/api/AdminListDeposits.php', ADMIN)).body,
    );
    expect(listed.deposits.find((d) => d.id === depositId)).toMatchObject({
      status: 'unmatched',
      amount_cents: 1500,
      comment: 'no memo',
      telegram_user_id: null,
    });

    const assigned = await call('POST', '/api/AdminAssignDeposit.php', ADMIN, {
      deposit_id: depositId,
      telegram_user_id: user,
    });
    expect(assigned.status).toBe(200);
    expect(CALLS.AdminAssignDeposit.answer.parse(assigned.body)).toMatchObject({
      credited_cents: 1500,
      balance_cents: 1500,
      deposit: { status: 'assigned', telegram_user_id: user },
    });
    const again = await call('POST', '/api/AdminAssignDeposit.php', ADMIN, {
      deposit_id: depositId,
      telegram_user_id: newUserId(),
    });
    expect(again.status).toBe(409);
    expect(
      (
        await call('POST', '/api/AdminAssignDeposit.php', ADMIN, {
          deposit_id: 'x',
          telegram_user_id: user,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/AdminAssignDeposit.php', ADMIN, {
          deposit_id: 99_999_999,
          telegram_user_id: user,
        })
      ).status,
    ).toBe(404);

    const remaining = CALLS.AdminListDeposits.answer.parse(
      (await call('GET', '/api/AdminListDeposits.php', ADMIN)).body,
    );
    expect(remaining.deposits.some((d) => d.id === depositId)).toBe(false);
    const all = CALLS.AdminListDeposits.answer.parse(
      (await call('GET', '/api/AdminListDeposits.php?status=all', ADMIN)).body,
    );
    expect(all.deposits.some((d) => d.id === depositId)).toBe(true);
    expect(await auditActions()).toContain('assign-deposit');
  });

  it('list Stars payments and refund one through Telegram, once, audited', async () => {
    const user = newUserId();
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/CreateStarsInvoice.php',
      headers: { authorization: t.initData(user) },
      payload: { amount: '2.00' },
    });
    const link = CALLS.CreateStarsInvoice.answer.parse(invoice.json()).invoice_link;
    const paid = await bot.payInvoice(link, user);
    expect(paid.ok).toBe(true);
    // the payment is recorded when the bot's intake handles successful_payment
    let payment:
      ReturnType<typeof CALLS.AdminStarsPayments.answer.parse>['payments'][number] | undefined;
    for (let i = 0; i < 200 && !payment; i++) {
      const list = CALLS.AdminStarsPayments.answer.parse(
        (await call('GET', `/api/AdminStarsPayments.php?telegram_user_id=${user}`, ADMIN)).body,
      );
      payment = list.payments[0];
      if (!payment) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(payment).toMatchObject({
      telegram_payment_charge_id: paid.chargeId,
      telegram_user_id: user,
      stars: 100,
      amount_cents: 200,
      refunded_at: null,
    });

    const refunded = await call('POST', '/api/AdminRefundStars.php', ADMIN, {
      telegram_payment_charge_id: paid.chargeId,
    });
    expect(refunded.status).toBe(200);
    expect(CALLS.AdminRefundStars.answer.parse(refunded.body)).toMatchObject({
      debited_cents: 200,
      balance_cents: 0,
    });
    expect(bot.charges.get(paid.chargeId!)?.refunded).toBe(true);
    expect(
      (
        await call('POST', '/api/AdminRefundStars.php', ADMIN, {
          telegram_payment_charge_id: paid.chargeId,
        })
      ).status,
    ).toBe(409);
    expect(
      (await call('POST', '/api/AdminRefundStars.php', ADMIN, { telegram_payment_charge_id: '' }))
        .status,
    ).toBe(400);
    expect(await auditActions()).toContain('refund-stars');
  });
});
