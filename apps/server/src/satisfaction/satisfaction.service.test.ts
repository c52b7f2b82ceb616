/**
 * Satisfaction credits: offered after 1 or 2 stars within 7 days of a paid message, for the
 * paid messages of the 24 hours up to the last one (capped), once per advisor per 30 days;
 * claimed once through the money path whatever the taps and retries, with a receipt.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { aTopUp, aUser } from '../test/builders.js';

const CAP_CENTS = 1000;
const ADMIN_ID = 990_001;

let t: TestApp;
let advisor: { id: number; price_cents: number };
beforeAll(async () => {
  t = await startTestApp({
    env: { SATISFACTION_MAX_CENTS: String(CAP_CENTS), ADMIN_TELEGRAM_IDS: String(ADMIN_ID) },
  });
  advisor = (await t.services.advisors.list()).find((a) => a.category_id === 5)!;
});
afterAll(async () => {
  await t?.close();
});

/** A user with no free messages and this balance. */
const userWith = (balanceCents: number) => aUser(t, { balanceCents });

/** Users who speak Russian and let the bot write (their sign-ins say so). */
const russians = new Set<number>();

function call(userId: number, path: string, payload?: unknown) {
  const who = russians.has(userId) ? { language_code: 'ru', allows_write_to_pm: true } : {};
  return t.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url: `/api/${path}`,
    headers: { authorization: t.initData(userId, who) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function sendPaid(userId: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const sent = await call(userId, 'CreateMessage.php', {
      manager_id: advisor.id,
      message: `m${i}`,
    });
    expect(sent.statusCode).toBe(200);
  }
}

async function rate(userId: number, rating: number) {
  const answer = await call(userId, 'CreateReview.php', {
    manager_id: advisor.id,
    rating,
    text: '',
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().satisfaction_offer ?? null;
}

async function balanceOf(userId: number): Promise<number> {
  const [row] = await t.db.sql<{ balance_cents: number }[]>`
    SELECT balance_cents FROM users WHERE telegram_id = ${userId}`;
  return row!.balance_cents;
}

async function earned(): Promise<number> {
  const [row] = await t.db.sql<{ sum: number }[]>`
    SELECT COALESCE(sum(amount_cents), 0)::bigint AS sum FROM advisor_earnings WHERE advisor_id = ${advisor.id}`;
  return row!.sum;
}

describe('the satisfaction credit', () => {
  it('offers the last paid messages after 1 star; 8 parallel taps and a retry credit it exactly once, with a receipt', async () => {
    const userId = await userWith(advisor.price_cents * 10);
    russians.add(userId);
    await sendPaid(userId, 2);
    const expected = Math.min(advisor.price_cents * 2, CAP_CENTS);
    const offer = await rate(userId, 1);
    expect(offer).toMatchObject({
      manager_id: advisor.id,
      amount_cents: expected,
      message_count: 2,
      claimed: false,
    });
    const before = await balanceOf(userId);
    const earnedBefore = await earned();

    const taps = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(userId, 'ClaimSatisfactionCredit.php', { offer_id: offer.id }),
      ),
    );
    expect(taps.map((tap) => tap.statusCode)).toEqual(Array(8).fill(200));
    const answers = taps.map((tap) => tap.json());
    expect(answers.filter((a) => !a.already_claimed)).toHaveLength(1);
    expect(answers.every((a) => a.amount_cents === expected)).toBe(true);
    const retry = (
      await call(userId, 'ClaimSatisfactionCredit.php', { offer_id: offer.id })
    ).json();
    expect(retry).toMatchObject({ already_claimed: true, new_balance_cents: before + expected });

    expect(await balanceOf(userId)).toBe(before + expected);
    const credits = await t.db.sql<{ amount_cents: number; reference: string }[]>`
      SELECT amount_cents, reference FROM ledger WHERE user_id = ${userId} AND reason = 'satisfaction_credit'`;
    expect(credits).toEqual([{ amount_cents: expected, reference: `satisfaction:${offer.id}` }]);
    const [sum] = await t.db.sql<{ sum: number }[]>`
      SELECT sum(amount_cents)::bigint AS sum FROM ledger WHERE user_id = ${userId}`;
    expect(sum!.sum).toBe(before + expected);
    // The advisor keeps what they earned (decision 028).
    expect(await earned()).toBe(earnedBefore);
    const receipts = await t.db.sql<{ text: string }[]>`
      SELECT o.text FROM bot_outbox o JOIN ledger l ON l.id = o.ledger_id
      WHERE o.chat_id = ${userId} AND l.reason = 'satisfaction_credit'`;
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain('разочаровала');

    // Shown in the app's notifications.
    const notices = (await call(userId, 'GetNotifications.php')).json();
    expect(notices.notifications[0]).toMatchObject({
      reason: 'satisfaction_credit',
      amount_cents: expected,
    });

    // Once per advisor per 30 days: another low rating offers nothing more.
    await sendPaid(userId, 1);
    expect(await rate(userId, 1)).toBeNull();
    // 31 days later (the offer's time moved back).
    await t.db.sql`
      UPDATE satisfaction_offers SET offered_at = offered_at - interval '31 days' WHERE id = ${offer.id}`;
    // The message sent since was paid with the credit first: only the part of it paid with
    // money that was paid in is offered again (decision 033).
    const paidIn = Math.max(advisor.price_cents - expected, 0);
    const next = await rate(userId, 1);
    expect(next).toMatchObject({
      amount_cents: Math.min(advisor.price_cents * 2 + paidIn, CAP_CENTS),
    });
  });

  it('pays back only the 24 hours up to the last paid message, at most the cap, and not free messages', async () => {
    const userId = newUserId();
    // 3 free messages first (a new user), then paid ones.
    await sendPaid(userId, 3);
    await aTopUp(t, userId, 100_000);
    const many = Math.ceil(CAP_CENTS / advisor.price_cents) + 1;
    await sendPaid(userId, many + 1);
    // The first paid message is 25 hours older than the others: outside the window.
    await t.db.sql`
      UPDATE messages SET created_at = created_at - interval '25 hours'
      WHERE id = (SELECT min(m.id) FROM messages m JOIN dialogs d ON d.id = m.dialog_id
                  WHERE d.user_id = ${userId} AND m.paid_with = 'balance')`;
    const offer = await rate(userId, 1);
    expect(offer).toMatchObject({ amount_cents: CAP_CENTS, message_count: many });
    const [row] = await t.db.sql<{ messages_cents: number }[]>`
      SELECT messages_cents FROM satisfaction_offers WHERE id = ${offer.id}`;
    expect(row!.messages_cents).toBe(advisor.price_cents * many);
  });

  it('offers nothing for 3 stars or more, for only free messages, or 7 days after the last paid message', async () => {
    const happy = await userWith(advisor.price_cents * 5);
    await sendPaid(happy, 1);
    expect(await rate(happy, 3)).toBeNull();

    const free = newUserId();
    await sendPaid(free, 1);
    expect(await rate(free, 1)).toBeNull();

    const late = await userWith(advisor.price_cents * 5);
    await sendPaid(late, 2);
    // 8 days later (the messages' times moved back).
    await t.db.sql`
      UPDATE messages SET created_at = created_at - interval '8 days'
      WHERE dialog_id = (SELECT id FROM dialogs WHERE user_id = ${late})`;
    expect(await rate(late, 1)).toBeNull();
  });

  it("refuses another user's offer (404) and an expired one (409)", async () => {
    const userId = await userWith(advisor.price_cents * 5);
    await sendPaid(userId, 1);
    const offer = await rate(userId, 1);
    const stranger = await userWith(1);
    expect(
      (await call(stranger, 'ClaimSatisfactionCredit.php', { offer_id: offer.id })).statusCode,
    ).toBe(404);
    // The offer runs out (its end moved back).
    await t.db.sql`
      UPDATE satisfaction_offers SET expires_at = now() - interval '1 second' WHERE id = ${offer.id}`;
    const expired = await call(userId, 'ClaimSatisfactionCredit.php', { offer_id: offer.id });
    expect(expired.statusCode).toBe(409);
    expect(await balanceOf(userId)).toBe(advisor.price_cents * 4);
  });

  it('decides one offer when low ratings race', async () => {
    const userId = await userWith(advisor.price_cents * 5);
    await sendPaid(userId, 2);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(userId, 'CreateReview.php', { manager_id: advisor.id, rating: 1, text: '' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const offers = answers.map((answer) => answer.json().satisfaction_offer);
    expect(new Set(offers.map((offer) => offer?.id)).size).toBe(1);
    expect(offers[0]).toBeTruthy();
    const [row] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM satisfaction_offers WHERE user_id = ${userId}`;
    expect(row!.n).toBe(1);
  });

  it('lists every offer for admins only', async () => {
    const list = await call(ADMIN_ID, 'AdminSatisfactionCredits.php');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.credits.length).toBeGreaterThanOrEqual(4);
    expect(body.credits[0]).toHaveProperty('advisor_name');
    expect(body.claimed_cents).toBeGreaterThan(0);
    const user = await userWith(1);
    expect((await call(user, 'AdminSatisfactionCredits.php')).statusCode).toBe(403);
  });
});
