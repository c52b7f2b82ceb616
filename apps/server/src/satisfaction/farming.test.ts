/**
 * Satisfaction credits tried as a farmer would (decision 033): rate 1 star, claim, re-rate 5
 * stars (directly, after deleting the chat, or in parallel with the claim); raise the rating of
 * an unclaimed offer and claim it afterwards; claim offers on many advisors at once past the
 * monthly caps (count and dollars); spend a credit on the same advisor and have it paid back
 * again. Money stays exact: every balance equals its ledger, and advisors earn only from money
 * that was paid in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@seer/contract';
import { startTestApp, type TestApp } from '../test/harness.js';
import { anAdvisor } from '../test/builders.js';

const PRICE = 300;
const MONTHLY_CLAIMS = 3;
const MONTHLY_CENTS = 1000;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: {
      SATISFACTION_MAX_CENTS: '1000',
      SATISFACTION_MONTHLY_CLAIMS: String(MONTHLY_CLAIMS),
      SATISFACTION_MONTHLY_CENTS: String(MONTHLY_CENTS),
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const newAdvisor = (price = PRICE) => anAdvisor(t, { categoryId: 5, priceCents: price });

/** A user whose balance came from a real top-up (Stars). */
const userWith = (cents: number, free = 0) => t.userWithBalance(cents, free);

const call = (userId: number, path: string, payload: object) => t.post(userId, path, payload);

async function send(userId: number, advisorId: number, count = 1): Promise<void> {
  for (let i = 0; i < count; i++) {
    const sent = await call(userId, 'CreateMessage.php', {
      manager_id: advisorId,
      message: `m${i}`,
    });
    expect(sent.statusCode).toBe(200);
  }
}

const rateCall = (userId: number, advisorId: number, rating: number) =>
  call(userId, 'CreateReview.php', { manager_id: advisorId, rating, text: 'so so' });

async function rate(userId: number, advisorId: number, rating: number) {
  const answer = await rateCall(userId, advisorId, rating);
  expect(answer.statusCode).toBe(200);
  return answer.json().satisfaction_offer ?? null;
}

const claimCall = (userId: number, offerId: number) =>
  call(userId, 'ClaimSatisfactionCredit.php', { offer_id: offerId });

async function ratingOf(userId: number, advisorId: number): Promise<number> {
  const [row] = await t.db.sql<{ rating: number }[]>`
    SELECT rating FROM reviews WHERE user_id = ${userId} AND advisor_id = ${advisorId}`;
  return row!.rating;
}

async function advisorTotals(advisorId: number) {
  const [row] = await t.db.sql<{ rating_sum: number; review_count: number }[]>`
    SELECT rating_sum, review_count FROM advisors WHERE id = ${advisorId}`;
  return row!;
}

async function credited(userId: number): Promise<number> {
  const [row] = await t.db.sql<{ sum: number }[]>`
    SELECT COALESCE(sum(amount_cents), 0)::bigint AS sum FROM ledger
    WHERE user_id = ${userId} AND reason = 'satisfaction_credit'`;
  return row!.sum;
}

async function earned(advisorId: number): Promise<number> {
  const [row] = await t.db.sql<{ sum: number }[]>`
    SELECT COALESCE(sum(amount_cents), 0)::bigint AS sum FROM advisor_earnings WHERE advisor_id = ${advisorId}`;
  return row!.sum;
}

async function balancesMatchLedger(): Promise<boolean> {
  const [row] = await t.db.sql<{ ok: boolean }[]>`
    SELECT bool_and(u.balance_cents = COALESCE(l.sum, 0) AND u.credit_cents <= u.balance_cents) AS ok
    FROM users u
    LEFT JOIN (SELECT user_id, sum(amount_cents) AS sum FROM ledger GROUP BY user_id) l
      ON l.user_id = u.telegram_id`;
  return row!.ok;
}

describe('a rating answered with a credit', () => {
  it('cannot be raised once the credit is claimed: not directly, not after deleting the chat', async () => {
    const advisor = await newAdvisor();
    const user = await userWith(PRICE * 4);
    await send(user, advisor, 2);
    const offer = await rate(user, advisor, 1);
    expect(offer).toMatchObject({ amount_cents: PRICE * 2 });
    expect((await claimCall(user, offer.id)).statusCode).toBe(200);
    const totals = await advisorTotals(advisor);

    for (const stars of [5, 3, 2]) {
      const raised = await rateCall(user, advisor, stars);
      expect(raised.statusCode).toBe(409);
      expect(raised.json()).toMatchObject({ code: ERROR_CODES.ratingKeptByCredit });
      expect(raised.json().message).toMatch(/at most 1 star/);
    }
    // Deleting the chat hides it; the rating and its credit stay, and so does the rule.
    expect((await call(user, 'DeleteChat.php', { manager_id: advisor })).statusCode).toBe(200);
    expect((await rateCall(user, advisor, 5)).statusCode).toBe(409);

    expect(await ratingOf(user, advisor)).toBe(1);
    expect(await advisorTotals(advisor)).toEqual(totals);
    // The review's text may still change at the same stars.
    expect((await rateCall(user, advisor, 1)).statusCode).toBe(200);
    expect(await credited(user)).toBe(PRICE * 2);
  });

  it('withdraws an unclaimed offer when the rating is raised; it cannot be claimed or offered again', async () => {
    const advisor = await newAdvisor();
    const user = await userWith(PRICE * 4);
    await send(user, advisor, 2);
    const offer = await rate(user, advisor, 1);
    expect(offer).toBeTruthy();
    expect(await rate(user, advisor, 5)).toBeNull();

    const claim = await claimCall(user, offer.id);
    expect(claim.statusCode).toBe(409);
    expect(claim.json().message).toMatch(/withdrawn/);
    // Back to 1 star: no offer again within the 30 days.
    expect(await rate(user, advisor, 1)).toBeNull();
    expect((await claimCall(user, offer.id)).statusCode).toBe(409);
    expect(await credited(user)).toBe(0);
  });

  it('decides a re-rating sent with the claim one way: either the credit and 1 star, or 5 stars and no credit', async () => {
    const advisor = await newAdvisor();
    const seen = new Set<string>();
    for (let round = 0; round < 6; round++) {
      const user = await userWith(PRICE * 2);
      await send(user, advisor, 1);
      const offer = await rate(user, advisor, 1);
      const [claim, raise] = await Promise.all([
        claimCall(user, offer.id),
        rateCall(user, advisor, 5),
      ]);
      if (claim.statusCode === 200) {
        expect(raise.statusCode).toBe(409);
        expect(await ratingOf(user, advisor)).toBe(1);
        expect(await credited(user)).toBe(PRICE);
      } else {
        expect(claim.statusCode).toBe(409);
        expect(raise.statusCode).toBe(200);
        expect(await ratingOf(user, advisor)).toBe(5);
        expect(await credited(user)).toBe(0);
      }
      seen.add(`${claim.statusCode}/${raise.statusCode}`);
    }
    expect([...seen].every((s) => s === '200/409' || s === '409/200')).toBe(true);
    expect(await balancesMatchLedger()).toBe(true);
  });
});

describe('the monthly cap per user, across advisors', () => {
  it('pays at most SATISFACTION_MONTHLY_CLAIMS credits a month, even claimed all at once', async () => {
    const user = await userWith(100 * 10);
    const advisors = await Promise.all(
      Array.from({ length: MONTHLY_CLAIMS + 1 }, () => newAdvisor(100)),
    );
    const offers = [];
    for (const advisor of advisors) {
      await send(user, advisor, 1);
      offers.push(await rate(user, advisor, 2));
    }
    expect(offers.every((offer) => offer?.amount_cents === 100)).toBe(true);

    const claims = await Promise.all(offers.map((offer) => claimCall(user, offer.id)));
    const statuses = claims.map((claim) => claim.statusCode).sort();
    expect(statuses).toEqual([...Array(MONTHLY_CLAIMS).fill(200), 409]);
    const refused = claims.find((claim) => claim.statusCode === 409)!;
    expect(refused.json().code).toBe(ERROR_CODES.satisfactionLimitReached);
    expect(await credited(user)).toBe(100 * MONTHLY_CLAIMS);

    // No new offer while the cap is reached; claims of last month do not count. (The first
    // three messages spend the credit money; the fourth is paid with money that was paid in.)
    const another = await newAdvisor(100);
    await send(user, another, MONTHLY_CLAIMS + 1);
    expect(await rate(user, another, 1)).toBeNull();
    // A month on (the claims' times moved back).
    await t.db.sql`
      UPDATE satisfaction_offers SET claimed_at = claimed_at - interval '32 days'
      WHERE user_id = ${user} AND claimed_at IS NOT NULL`;
    expect(await rate(user, another, 1)).toMatchObject({ amount_cents: 100, message_count: 1 });
  });

  it('pays at most SATISFACTION_MONTHLY_CENTS a month: the last claim gets what is left', async () => {
    const user = await userWith(600 * 10);
    const advisors = await Promise.all(Array.from({ length: 2 }, () => newAdvisor(600)));
    const offers = [];
    for (const advisor of advisors) {
      await send(user, advisor, 1);
      offers.push(await rate(user, advisor, 1));
    }
    expect(offers.map((offer) => offer.amount_cents)).toEqual([600, 600]);
    const claims = await Promise.all(offers.map((offer) => claimCall(user, offer.id)));
    expect(claims.map((claim) => claim.statusCode)).toEqual([200, 200]);
    const amounts = claims.map((claim) => claim.json().amount_cents).sort();
    expect(amounts).toEqual([400, 600]);
    expect(await credited(user)).toBe(MONTHLY_CENTS);
    // The admin list shows what was paid.
    const [row] = await t.db.sql<{ sum: number }[]>`
      SELECT sum(amount_cents)::bigint AS sum FROM satisfaction_offers WHERE user_id = ${user}`;
    expect(row!.sum).toBe(MONTHLY_CENTS);
    // A further offer has no room left (the second message is partly paid with money paid in).
    const another = await newAdvisor(600);
    await send(user, another, 2);
    expect(await rate(user, another, 1)).toBeNull();
  });
});

describe('credit money', () => {
  it('is spent first, earns the advisor nothing and is never paid back again', async () => {
    const advisor = await newAdvisor();
    const user = await userWith(PRICE * 2);
    await send(user, advisor, 2);
    expect(await earned(advisor)).toBe(PRICE * 2);
    const offer = await rate(user, advisor, 1);
    expect((await claimCall(user, offer.id)).json()).toMatchObject({
      amount_cents: PRICE * 2,
      new_balance_cents: PRICE * 2,
    });

    // The credit spent on the same advisor: the messages are sent, the advisor earns nothing more.
    await send(user, advisor, 2);
    expect(await earned(advisor)).toBe(PRICE * 2);
    const paid = await t.db.sql<{ price_cents: number; credit_cents: number }[]>`
      SELECT m.price_cents, m.credit_cents FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      WHERE d.user_id = ${user} ORDER BY m.id`;
    expect(paid).toEqual([
      { price_cents: PRICE, credit_cents: 0 },
      { price_cents: PRICE, credit_cents: 0 },
      { price_cents: PRICE, credit_cents: PRICE },
      { price_cents: PRICE, credit_cents: PRICE },
    ]);

    // 31 days on (the first messages and the offer age), a low rating of the credit-paid
    // conversation offers nothing: it was not paid with money that was paid in.
    await t.db.sql`
      UPDATE satisfaction_offers SET offered_at = offered_at - interval '31 days' WHERE id = ${offer.id}`;
    await t.db.sql`
      UPDATE messages SET created_at = created_at - interval '31 days'
      WHERE credit_cents = 0 AND dialog_id = (SELECT id FROM dialogs WHERE user_id = ${user})`;
    expect(await rate(user, advisor, 1)).toBeNull();
    expect(await credited(user)).toBe(PRICE * 2);

    // A message paid partly with credit money and partly with a top-up: only the top-up's part
    // earns and can be paid back.
    const mixed = await userWith(500);
    const cheap = await newAdvisor(200);
    await send(mixed, cheap, 1);
    const first = await rate(mixed, cheap, 1);
    expect((await claimCall(mixed, first.id)).json()).toMatchObject({ amount_cents: 200 });
    // 300 paid in and 200 of credit; a message of 300 takes the credit first, then 100.
    const other = await newAdvisor(300);
    await send(mixed, other, 1);
    const [wallet] = await t.db.sql<{ balance_cents: number; credit_cents: number }[]>`
      SELECT balance_cents, credit_cents FROM users WHERE telegram_id = ${mixed}`;
    expect(wallet).toEqual({ balance_cents: 200, credit_cents: 0 });
    expect(await earned(other)).toBe(100);
    expect(await rate(mixed, other, 1)).toMatchObject({ amount_cents: 100, message_count: 1 });
    expect(await balancesMatchLedger()).toBe(true);
  });
});
