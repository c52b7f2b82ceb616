/**
 * Demo mode's test payment: credits once per call through the money path (ledger reason
 * test_payment), refuses bad amounts without changing anything, is limited per user, and is
 * absent (404) wherever demo sign-in is off — always in production.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { startTestApp, type TestApp } from '../test/harness.js';
import { NotFoundError } from '../errors.js';

async function call(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  auth: string,
  payload?: unknown,
) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: auth },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.json() as Record<string, unknown>,
  };
}

/** A new demo user, signed in the way the app does in a plain browser. */
async function demoUser(t: TestApp): Promise<{ id: number; auth: string }> {
  const session = await t.app.inject({ method: 'POST', url: '/api/demo/session', payload: {} });
  expect(session.statusCode).toBe(200);
  const body = session.json() as { init_data: string; telegram_user_id: number };
  // The first call creates the user row.
  expect((await call(t, 'GET', '/api/GetUser.php', body.init_data)).status).toBe(200);
  return { id: body.telegram_user_id, auth: body.init_data };
}

async function moneyOf(t: TestApp, id: number) {
  const [user] = await t.db.sql<{ balance_cents: number }[]>`
    SELECT balance_cents FROM users WHERE telegram_id = ${id}`;
  const ledger = await t.db.sql<{ amount_cents: number; reason: string; reference: string }[]>`
    SELECT amount_cents, reason, reference FROM ledger WHERE user_id = ${id} ORDER BY id`;
  return { balanceCents: user!.balance_cents, ledger };
}

describe('in demo mode (no BOT_TOKEN, not production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, env: { BOT_TOKEN: undefined } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('says so in the deposit details', async () => {
    const { auth } = await demoUser(t);
    const info = CALLS.GetDepositInfo.answer.parse(
      (await call(t, 'GET', '/api/GetDepositInfo.php', auth)).body,
    );
    expect(info.test_payments_enabled).toBe(true);
    expect(info.stars_enabled).toBe(false);
  });

  it('credits the amount once per call, with a ledger row of its own reason that sums to the balance', async () => {
    const { id, auth } = await demoUser(t);
    const first = await call(t, 'POST', '/api/CreateTestPayment.php', auth, { amount: '12.50' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(CALLS.CreateTestPayment.answer.parse(first.body)).toEqual({
      status: 'success',
      new_balance: 12.5,
      credited: 12.5,
    });
    const second = await call(t, 'POST', '/CreateTestPayment.php', auth, { amount: 0.01 });
    expect(CALLS.CreateTestPayment.answer.parse(second.body)).toEqual({
      status: 'success',
      new_balance: 12.51,
      credited: 0.01,
    });

    const { balanceCents, ledger } = await moneyOf(t, id);
    expect(balanceCents).toBe(1251);
    expect(ledger.map((row) => [row.reason, row.amount_cents])).toEqual([
      ['test_payment', 1250],
      ['test_payment', 1],
    ]);
    expect(ledger.reduce((sum, row) => sum + row.amount_cents, 0)).toBe(balanceCents);
    expect(new Set(ledger.map((row) => row.reference)).size).toBe(2);
    const user = CALLS.GetUser.answer.parse((await call(t, 'GET', '/api/GetUser.php', auth)).body);
    expect(user.balance_cents).toBe(1251);
  });

  it('credits each of several parallel calls exactly once', async () => {
    const { id, auth } = await demoUser(t);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t, 'POST', '/api/CreateTestPayment.php', auth, { amount: '1.25' }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const balances = answers
      .map((answer) => answer.body.new_balance as number)
      .sort((a, b) => a - b);
    expect(balances).toEqual([1.25, 2.5, 3.75, 5, 6.25, 7.5, 8.75, 10]);
    const { balanceCents, ledger } = await moneyOf(t, id);
    expect(balanceCents).toBe(1000);
    expect(ledger).toHaveLength(8);
  });

  it('refuses bad amounts with a 400 that names the rule, and changes nothing', async () => {
    const { id, auth } = await demoUser(t);
    const bad: unknown[] = [
      { amount: '0' },
      { amount: 0 },
      { amount: '-5' },
      { amount: '12,50' },
      { amount: '1 250.00' },
      { amount: '12.505' },
      { amount: 'abc' },
      { amount: '' },
      { amount: '100000.01' },
      { amount: 1e12 },
      { amount: null },
      {},
      { amount: ['5'] },
    ];
    for (const payload of bad) {
      const answer = await call(t, 'POST', '/api/CreateTestPayment.php', auth, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
      expect(answer.body).toMatchObject({ status: 'error', code: 'bad_request' });
    }
    const tooSmall = await call(t, 'POST', '/api/CreateTestPayment.php', auth, { amount: '0.00' });
    expect(tooSmall.body.message).toBe('amount must be at least $0.01');
    const tooLarge = await call(t, 'POST', '/api/CreateTestPayment.php', auth, {
      amount: '100000.01',
    });
    expect(tooLarge.body.message).toBe('amount must be at most $100000.00');
    expect(await moneyOf(t, id)).toEqual({ balanceCents: 0, ledger: [] });
  });

  it('needs a signed-in user', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/CreateTestPayment.php',
      payload: { amount: '5' },
    });
    expect(answer.statusCode).toBe(401);
  });

  it('is limited per user: past 20 at once, 429 with Retry-After and nothing credited', async () => {
    const { id, auth } = await demoUser(t);
    const other = await demoUser(t);
    for (let i = 0; i < 20; i += 1) {
      const answer = await call(t, 'POST', '/api/CreateTestPayment.php', auth, { amount: '1' });
      expect(answer.status).toBe(200);
    }
    const refused = await call(t, 'POST', '/api/CreateTestPayment.php', auth, { amount: '1' });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await moneyOf(t, id)).balanceCents).toBe(2000);
    const passes = await call(t, 'POST', '/api/CreateTestPayment.php', other.auth, { amount: '1' });
    expect(passes.status).toBe(200);
  });
});

describe.each([
  [
    'in production',
    { NODE_ENV: 'production', PUBLIC_URL: 'https://seer.example', DEMO: undefined },
  ],
  ['with a bot token (real Telegram users) outside production', { DEMO: undefined }],
  ['on a staging bot (DEMO=1 with a bot token): demo advisors, no test payments', { DEMO: '1' }],
])('%s', (_name, env: Record<string, string | undefined>) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ seed: false, env });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is absent: 404 as an unknown call, nothing credited, and deposit details say it is off', async () => {
    const id = 7_000_001;
    const auth = t.initData(id);
    expect((await call(t, 'GET', '/api/GetUser.php', auth)).status).toBe(200);
    for (const url of ['/api/CreateTestPayment.php', '/CreateTestPayment.php']) {
      const answer = await call(t, 'POST', url, auth, { amount: '12.50' });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ status: 'error', code: 'not_found' });
    }
    // Absent before any sign-in check, like a path that does not exist.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/CreateTestPayment.php',
      payload: { amount: '1' },
    });
    expect(anonymous.statusCode).toBe(404);
    await expect(t.services.testPayments.pay(id, '1')).rejects.toBeInstanceOf(NotFoundError);
    expect(await moneyOf(t, id)).toEqual({ balanceCents: 0, ledger: [] });
    const info = CALLS.GetDepositInfo.answer.parse(
      (await call(t, 'GET', '/api/GetDepositInfo.php', auth)).body,
    );
    expect(info.test_payments_enabled).toBe(false);
  });
});
