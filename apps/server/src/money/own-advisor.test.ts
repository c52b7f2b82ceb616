/**
 * No self-dealing (decision 033): the Telegram account linked to an advisor cannot pay that
 * advisor (messages, tarot and dream requests, free messages too), rate it or take a credit on
 * it. Refused with 403 `own_advisor` by the services and again by the paid send's stored
 * function, alone, in parallel and inside a group-commit batch, where only that send fails.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, SELF_SERVICE_CATEGORY_ID } from '@seer/contract';
import { startTestApp, type TestApp } from '../test/harness.js';
import { anAdvisor } from '../test/builders.js';
import { MoneyRepository } from './money.repository.js';
import { GroupCommit } from './group-commit.js';
import type { PaidSend } from './money.service.js';

const ADMIN = 990_001;
const PRICE = 200;

let t: TestApp;
let advisorId: number;
let tarotAdvisorId: number;

const newAdvisor = (categoryId: number) => anAdvisor(t, { categoryId, priceCents: PRICE });

beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { ADMIN_TELEGRAM_IDS: String(ADMIN) } });
  advisorId = await newAdvisor(5);
  tarotAdvisorId = await newAdvisor(SELF_SERVICE_CATEGORY_ID);
});
afterAll(async () => {
  await t?.close();
});

/** A user with `cents` from a real top-up and `free` free messages. */
const userWith = (cents: number, free = 0) => t.userWithBalance(cents, free);

const call = (userId: number, path: string, payload: object) => t.post(userId, path, payload);

async function wallet(userId: number) {
  const [row] = await t.db.sql<{ balance_cents: number; free_messages: number; ledger: number }[]>`
    SELECT balance_cents, free_messages,
      (SELECT COALESCE(sum(amount_cents), 0)::bigint FROM ledger WHERE user_id = ${userId}) AS ledger
    FROM users WHERE telegram_id = ${userId}`;
  return row!;
}

async function messagesOf(userId: number): Promise<number> {
  const [row] = await t.db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE d.user_id = ${userId}`;
  return row!.n;
}

async function earnings(id: number): Promise<number> {
  const [row] = await t.db.sql<{ sum: number }[]>`
    SELECT COALESCE(sum(amount_cents), 0)::bigint AS sum FROM advisor_earnings WHERE advisor_id = ${id}`;
  return row!.sum;
}

const sendOf = (userId: number, advisor = advisorId): PaidSend => ({
  userId,
  advisorId: advisor,
  kind: 'text',
  text: 'hello',
  imageId: null,
  preview: 'hello',
  requiredCategory: null,
});

describe("an advisor's own Telegram account", () => {
  it('cannot send paid or free messages, or tarot and dream requests, to its advisor, even 10 at once', async () => {
    const person = await userWith(PRICE * 20, 2);
    await t.services.admin.linkAdvisor(ADMIN, advisorId, person);
    const tarotPerson = await userWith(PRICE * 5);
    await t.services.admin.linkAdvisor(ADMIN, tarotAdvisorId, tarotPerson);
    const earnedBefore = await earnings(advisorId);

    const sends = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(person, 'CreateMessage.php', { manager_id: advisorId, message: `self ${i}` }),
      ),
    );
    for (const sent of sends) {
      expect(sent.statusCode).toBe(403);
      expect(sent.json()).toMatchObject({ status: 'error', code: ERROR_CODES.ownAdvisor });
    }
    for (const requestType of ['tarot', 'dream'] as const) {
      const request = await call(tarotPerson, 'CreateMessage.php', {
        manager_id: tarotAdvisorId,
        message: 'What does the week hold?',
        request_type: requestType,
      });
      expect(request.statusCode).toBe(403);
      expect(request.json().code).toBe(ERROR_CODES.ownAdvisor);
    }

    // Nothing was charged, no free message used, nothing stored, nothing earned.
    expect(await wallet(person)).toEqual({
      balance_cents: PRICE * 20,
      free_messages: 2,
      ledger: PRICE * 20,
    });
    expect(await wallet(tarotPerson)).toMatchObject({ balance_cents: PRICE * 5 });
    expect(await messagesOf(person)).toBe(0);
    expect(await messagesOf(tarotPerson)).toBe(0);
    expect(await earnings(advisorId)).toBe(earnedBefore);

    // The same person still pays other advisors as anyone does.
    const other = await newAdvisor(5);
    const elsewhere = await call(person, 'CreateMessage.php', { manager_id: other, message: 'hi' });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('is refused by the paid send itself, alone and inside a batch where only that send fails', async () => {
    const person = await userWith(PRICE * 3);
    await t.services.admin.linkAdvisor(ADMIN, advisorId, person);
    // Straight to the money path, past the chat service's own check.
    expect(await t.services.money.sendPaidMessage(sendOf(person))).toEqual({
      outcome: 'own_advisor',
    });

    const others = await Promise.all(Array.from({ length: 7 }, () => userWith(PRICE)));
    const batcher = new GroupCommit(new MoneyRepository(t.db.sql), {
      maxBatch: 32,
      maxInFlight: 1,
    });
    const sends = [...others.slice(0, 3), person, ...others.slice(3)].map((u) => sendOf(u));
    // Sent in one turn of the event loop: they go as one batch, one transaction.
    const rows = await Promise.all(sends.map((s) => batcher.send(s)));
    expect(batcher.stats).toMatchObject({
      batches: 1,
      largestBatch: sends.length,
      retriedAlone: 0,
    });
    const outcomes = rows.map((row) => row.out_outcome);
    expect(outcomes).toEqual(['ok', 'ok', 'ok', 'own_advisor', 'ok', 'ok', 'ok', 'ok']);
    expect(await wallet(person)).toMatchObject({ balance_cents: PRICE * 3, ledger: PRICE * 3 });
    expect(await messagesOf(person)).toBe(0);
    for (const user of others) {
      expect(await wallet(user)).toMatchObject({ balance_cents: 0, ledger: 0 });
    }
  });

  it('is refused by the chat service from its advisor list, before the paid send is asked', async () => {
    const person = await userWith(PRICE * 2, 1);
    const own = await newAdvisor(5);
    const other = await newAdvisor(5);
    // Linked as the admin section does it, which renews the advisor list the service reads.
    const linked = await call(ADMIN, 'AdminLinkAdvisor.php', {
      manager_id: own,
      telegram_id: person,
    });
    expect(linked.statusCode).toBe(200);

    const paidSend = vi.spyOn(t.services.money, 'sendPaidMessage');
    try {
      const self = await call(person, 'CreateMessage.php', { manager_id: own, message: 'self' });
      expect(self.statusCode).toBe(403);
      expect(self.json().code).toBe(ERROR_CODES.ownAdvisor);
      expect(paidSend).not.toHaveBeenCalled();
      // Any other advisor's send goes through the paid send, as always.
      const elsewhere = await call(person, 'CreateMessage.php', {
        manager_id: other,
        message: 'hi',
      });
      expect(elsewhere.statusCode).toBe(200);
      expect(paidSend).toHaveBeenCalledTimes(1);
    } finally {
      paidSend.mockRestore();
    }
    expect(await wallet(person)).toMatchObject({ balance_cents: PRICE * 2, free_messages: 0 });
  });

  it('cannot rate its advisor, nor claim a credit offered before it was linked', async () => {
    const person = await userWith(PRICE * 5);
    const target = await newAdvisor(5);
    // As a plain user: two paid messages and a 1-star rating with its offer.
    for (let i = 0; i < 2; i++) {
      const sent = await call(person, 'CreateMessage.php', {
        manager_id: target,
        message: `m${i}`,
      });
      expect(sent.statusCode).toBe(200);
    }
    const rated = await call(person, 'CreateReview.php', { manager_id: target, rating: 1 });
    expect(rated.statusCode).toBe(200);
    const offer = rated.json().satisfaction_offer;
    expect(offer).toMatchObject({ amount_cents: PRICE * 2 });

    // Then the account is linked to that advisor.
    await t.services.admin.linkAdvisor(ADMIN, target, person);
    const claims = await Promise.all(
      Array.from({ length: 3 }, () =>
        call(person, 'ClaimSatisfactionCredit.php', { offer_id: offer.id }),
      ),
    );
    for (const claim of claims) {
      expect(claim.statusCode).toBe(403);
      expect(claim.json().code).toBe(ERROR_CODES.ownAdvisor);
    }
    const rerated = await call(person, 'CreateReview.php', { manager_id: target, rating: 5 });
    expect(rerated.statusCode).toBe(403);
    expect(rerated.json().code).toBe(ERROR_CODES.ownAdvisor);
    const [review] = await t.db.sql<{ rating: number }[]>`
      SELECT rating FROM reviews WHERE user_id = ${person} AND advisor_id = ${target}`;
    expect(review!.rating).toBe(1);
    expect(await wallet(person)).toMatchObject({ balance_cents: PRICE * 3, ledger: PRICE * 3 });
  });
});

describe('the satisfaction credit for an advisor’s own account', () => {
  it('is never offered, even when the rating service is passed by', async () => {
    const target = await newAdvisor(5);
    const person = await userWith(PRICE * 5);
    const stranger = await userWith(PRICE * 5);
    for (const userId of [person, stranger]) {
      for (let i = 0; i < 2; i++) {
        const sent = await call(userId, 'CreateMessage.php', {
          manager_id: target,
          message: `m${i}`,
        });
        expect(sent.statusCode).toBe(200);
      }
    }
    await t.services.admin.linkAdvisor(ADMIN, target, person);
    // The offer's own rule, asked directly as a 1-star rating would ask it.
    const offerFor = (userId: number) =>
      t.db.sql.begin((tx) => t.services.satisfaction.offerAfterRating(tx, userId, target, 1));
    const [own, other] = await Promise.all([offerFor(person), offerFor(stranger)]);
    expect(own).toBeNull();
    expect(other).toMatchObject({ amount_cents: PRICE * 2 });
    const [row] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM satisfaction_offers WHERE user_id = ${person}`;
    expect(row!.n).toBe(0);
  });
});
