/** Spending limits: exact in cents under concurrency, lowering at once, raising after 24 hours. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { aUser } from '../test/builders.js';
import { nextLimit, RAISE_DELAY_MS } from './spending.service.js';

let t: TestApp;
let advisor: { id: number; price_cents: number };
beforeAll(async () => {
  t = await startTestApp();
  advisor = (await t.services.advisors.list()).find((a) => a.category_id === 5)!;
});
afterAll(async () => {
  await t?.close();
});

/** A user with no free messages and this balance. */
const userWith = (balanceCents: number) => aUser(t, { balanceCents });

function send(userId: number, message = 'hello') {
  return t.app.inject({
    method: 'POST',
    url: '/api/CreateMessage.php',
    headers: { authorization: t.initData(userId) },
    payload: { manager_id: advisor.id, message },
  });
}

function setLimits(userId: number, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/SetSpendingLimits.php',
    headers: { authorization: t.initData(userId) },
    payload: body,
  });
}

async function getLimits(userId: number) {
  const answer = await t.app.inject({
    method: 'GET',
    url: '/api/GetSpendingLimits.php',
    headers: { authorization: t.initData(userId) },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json();
}

async function balanceOf(userId: number): Promise<number> {
  const [row] = await t.db.sql<{ balance_cents: number }[]>`
    SELECT balance_cents FROM users WHERE telegram_id = ${userId}`;
  return row!.balance_cents;
}

async function messageCharges(userId: number): Promise<number> {
  const [row] = await t.db.sql<{ sum: number }[]>`
    SELECT COALESCE(-sum(amount_cents), 0)::bigint AS sum FROM ledger
    WHERE user_id = ${userId} AND reason = 'message'`;
  return row!.sum;
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

describe('the limit rule', () => {
  const now = new Date('2026-01-01T12:00:00Z');
  const later = new Date(now.getTime() + RAISE_DELAY_MS);
  it('applies a first or lower limit at once and makes a raise or removal wait 24 hours', () => {
    expect(nextLimit({ limitCents: null, pending: null }, 500, now)).toEqual({
      limitCents: 500,
      pending: null,
    });
    expect(nextLimit({ limitCents: 500, pending: null }, 300, now)).toEqual({
      limitCents: 300,
      pending: null,
    });
    expect(nextLimit({ limitCents: 500, pending: null }, 900, now)).toEqual({
      limitCents: 500,
      pending: { limitCents: 900, appliesAt: later },
    });
    expect(nextLimit({ limitCents: 500, pending: null }, null, now)).toEqual({
      limitCents: 500,
      pending: { limitCents: null, appliesAt: later },
    });
    expect(nextLimit({ limitCents: 500, pending: null }, undefined, now)).toEqual({
      limitCents: 500,
      pending: null,
    });
  });

  it('keeps a repeated raise at its first time, and a lower or equal limit cancels a waiting raise', () => {
    const waiting = { limitCents: 500, pending: { limitCents: 900, appliesAt: later } };
    expect(nextLimit(waiting, 900, new Date(now.getTime() + 3600_000))).toBe(waiting);
    expect(nextLimit(waiting, 500, now)).toEqual({ limitCents: 500, pending: null });
    expect(nextLimit(waiting, 200, now)).toEqual({ limitCents: 200, pending: null });
  });
});

describe('spending limits on paid sends', () => {
  it('100 parallel sends with a daily limit for exactly 7 (and money for 20): 7 succeed, 93 refused with 403, nothing else charged', async () => {
    const userId = await userWith(advisor.price_cents * 20);
    expect(
      (await setLimits(userId, { daily: dollars(advisor.price_cents * 7 + 1) })).statusCode,
    ).toBe(200);

    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => send(userId, `message ${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 403)).toHaveLength(93);
    const refused = results.find((r) => r.statusCode === 403)!.json();
    expect(refused).toMatchObject({ status: 'error', code: 'spending_limit_reached' });

    expect(await balanceOf(userId)).toBe(advisor.price_cents * 13);
    expect(await messageCharges(userId)).toBe(advisor.price_cents * 7);
    const [stored] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM messages m JOIN dialogs d ON d.id = m.dialog_id WHERE d.user_id = ${userId}`;
    expect(stored!.n).toBe(7);
    const limits = await getLimits(userId);
    expect(limits.daily).toMatchObject({
      limit_cents: advisor.price_cents * 7 + 1,
      spent_cents: advisor.price_cents * 7,
      pending: null,
    });
    expect(limits.monthly.spent_cents).toBe(advisor.price_cents * 7);
  });

  it('a monthly limit refuses the same way, and a limit of exactly the spending allows the last send', async () => {
    const userId = await userWith(advisor.price_cents * 10);
    await setLimits(userId, { monthly: dollars(advisor.price_cents * 2) });
    expect((await send(userId)).statusCode).toBe(200);
    expect((await send(userId)).statusCode).toBe(200);
    const third = await send(userId);
    expect(third.statusCode).toBe(403);
    expect(third.json().code).toBe('spending_limit_reached');
    expect(await balanceOf(userId)).toBe(advisor.price_cents * 8);
  });

  it('lowering applies at once; raising applies only after 24 hours', async () => {
    const userId = await userWith(advisor.price_cents * 10);
    await setLimits(userId, { daily: dollars(advisor.price_cents * 3) });
    expect((await send(userId)).statusCode).toBe(200);
    expect((await send(userId)).statusCode).toBe(200);

    // Lower to what is already spent: the next send is refused at once.
    await setLimits(userId, { daily: dollars(advisor.price_cents * 2) });
    expect((await send(userId)).statusCode).toBe(403);

    // Raise: still refused, the raise is pending for 24 hours.
    const raised = (await setLimits(userId, { daily: dollars(advisor.price_cents * 5) })).json();
    expect(raised.daily.limit_cents).toBe(advisor.price_cents * 2);
    expect(raised.daily.pending.limit_cents).toBe(advisor.price_cents * 5);
    const wait = Date.parse(raised.daily.pending.applies_at) - Date.now();
    expect(wait).toBeGreaterThan(RAISE_DELAY_MS - 60_000);
    expect(wait).toBeLessThanOrEqual(RAISE_DELAY_MS);
    expect((await send(userId)).statusCode).toBe(403);

    // 24 hours later (the stored time moved back): the raise is the limit.
    await t.db.sql`
      UPDATE spending_limits SET daily_next_at = now() - interval '1 second' WHERE user_id = ${userId}`;
    expect((await send(userId)).statusCode).toBe(200);
    const after = await getLimits(userId);
    expect(after.daily).toMatchObject({
      limit_cents: advisor.price_cents * 5,
      pending: null,
      spent_cents: advisor.price_cents * 3,
    });
  });

  it('removing a limit waits 24 hours too', async () => {
    const userId = await userWith(advisor.price_cents * 10);
    await setLimits(userId, { daily: dollars(advisor.price_cents) });
    expect((await send(userId)).statusCode).toBe(200);
    const removed = (await setLimits(userId, { daily: null })).json();
    expect(removed.daily.pending).toMatchObject({ limit_cents: null });
    expect((await send(userId)).statusCode).toBe(403);
    // 24 hours later (the stored time moved back): the limit is gone.
    await t.db.sql`
      UPDATE spending_limits SET daily_next_at = now() - interval '1 second' WHERE user_id = ${userId}`;
    expect((await send(userId)).statusCode).toBe(200);
    expect((await getLimits(userId)).daily.limit_cents).toBeNull();
  });

  it('free messages and top-ups do not count; a new UTC day starts from 0', async () => {
    const userId = newUserId();
    // A new user gets free messages (3 in tests): a limit of 0 does not stop them.
    await setLimits(userId, { daily: '0' });
    for (let i = 0; i < 3; i++) expect((await send(userId)).statusCode).toBe(200);
    await t.services.money.change({ userId, amountCents: 5000, reason: 'admin_credit' });
    let limits = await getLimits(userId);
    expect(limits.daily).toMatchObject({ limit_cents: 0, spent_cents: 0 });
    expect((await send(userId)).statusCode).toBe(403);

    await setLimits(userId, { daily: null, monthly: null });
    // 24 hours later (the stored times moved back): no limits.
    await t.db.sql`
      UPDATE spending_limits SET daily_next_at = now() - interval '1 second',
        monthly_next_at = now() - interval '1 second' WHERE user_id = ${userId}`;
    expect((await send(userId)).statusCode).toBe(200);
    await setLimits(userId, { daily: dollars(advisor.price_cents) });
    expect((await send(userId)).statusCode).toBe(403);
    // The counter is of yesterday: today counts from 0 again.
    await t.db.sql`UPDATE users SET spent_day = spent_day - 1 WHERE telegram_id = ${userId}`;
    limits = await getLimits(userId);
    expect(limits.daily.spent_cents).toBe(0);
    expect(limits.monthly.spent_cents).toBe(advisor.price_cents);
    expect((await send(userId)).statusCode).toBe(200);
    expect(Date.parse(limits.daily.resets_at) % 86_400_000).toBe(0);
  });

  it('refuses a limit that is not an amount', async () => {
    const userId = await userWith(0);
    const bad = await setLimits(userId, { daily: '12.345' });
    expect(bad.statusCode).toBe(400);
    expect((await setLimits(userId, { daily: -1 })).statusCode).toBe(400);
  });
});
