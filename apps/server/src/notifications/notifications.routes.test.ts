/**
 * GetNotifications.php without a version (v1, what older apps read): the user's own credits and
 * refunds exactly as before (ledger ids, five fields), newest first, bounded; never message
 * charges, free messages alone, or the other kinds of notification (v=2).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { anAdvisor, aUser } from '../test/builders.js';
import { LEDGER_REASONS } from '../money/money.service.js';
import { NOTIFICATIONS_LIMIT } from './notifications.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

async function notificationsOf(auth: string | null) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/GetNotifications.php',
    headers: auth === null ? {} : { authorization: auth },
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

describe('GetNotifications.php', () => {
  it('lists credits and refunds newest first with signed amounts, without message charges or other users', async () => {
    // Without free messages: the paid send below is paid from the balance.
    const user = await aUser(t);
    const stranger = newUserId();
    const auth = t.initData(user);
    expect((await notificationsOf(auth)).body).toEqual({ status: 'success', notifications: [] });
    await t.services.users.ensureExists(t.db.sql, stranger);
    await t.services.money.change({
      userId: stranger,
      reason: LEDGER_REASONS.adminCredit,
      amountCents: 100,
    });

    const ton = await t.services.money.change({
      userId: user,
      reason: LEDGER_REASONS.tonDeposit,
      amountCents: 1250,
      reference: `ton-${user}`,
    });
    expect(ton.balanceCents).toBe(1250);
    await t.services.money.change({
      userId: user,
      reason: LEDGER_REASONS.stars,
      amountCents: 500,
      reference: `stars-${user}`,
    });
    const advisorId = await anAdvisor(t, { name: 'Notice Advisor', priceCents: 150 });
    const sent = await t.services.money.sendPaidMessage({
      userId: user,
      advisorId,
      kind: 'text',
      text: 'hi',
      imageId: null,
      preview: 'hi',
      requiredCategory: null,
    });
    expect(sent.outcome).toBe('sent');
    // Free messages alone are no money notice either.
    await t.services.money.change({
      userId: user,
      reason: LEDGER_REASONS.adminCredit,
      freeMessagesDelta: 2,
    });
    await t.services.money.change({
      userId: user,
      reason: LEDGER_REASONS.starsRefund,
      amountCents: -500,
      reference: `stars-${user}`,
    });

    const answer = await notificationsOf(auth);
    expect(answer.status).toBe(200);
    const parsed = CALLS.GetNotifications.answer.parse(answer.body);
    const ledger = await t.db.sql<{ id: number; created_at: Date }[]>`
      SELECT id, created_at FROM ledger WHERE user_id = ${user} AND reason <> 'message' AND amount_cents <> 0 ORDER BY id DESC`;
    expect(parsed.notifications).toEqual([
      {
        id: ledger[0]!.id,
        reason: 'stars_refund',
        amount: -5,
        amount_cents: -500,
        created_at: ledger[0]!.created_at.toISOString(),
      },
      {
        id: ledger[1]!.id,
        reason: 'stars',
        amount: 5,
        amount_cents: 500,
        created_at: ledger[1]!.created_at.toISOString(),
      },
      {
        id: ledger[2]!.id,
        reason: 'ton_deposit',
        amount: 12.5,
        amount_cents: 1250,
        created_at: ledger[2]!.created_at.toISOString(),
      },
    ]);
  });

  it(`answers only the newest ${NOTIFICATIONS_LIMIT}`, async () => {
    const user = newUserId();
    await t.services.users.ensureExists(t.db.sql, user);
    for (let i = 1; i <= NOTIFICATIONS_LIMIT + 5; i++) {
      await t.services.money.change({
        userId: user,
        reason: LEDGER_REASONS.adminCredit,
        amountCents: i,
      });
    }
    const parsed = CALLS.GetNotifications.answer.parse(
      (await notificationsOf(t.initData(user))).body,
    );
    expect(parsed.notifications).toHaveLength(NOTIFICATIONS_LIMIT);
    expect(parsed.notifications[0]!.amount_cents).toBe(NOTIFICATIONS_LIMIT + 5);
    expect(parsed.notifications.at(-1)!.amount_cents).toBe(6);
  });

  it('leaves out replies and favourites online, which only v=2 lists', async () => {
    const user = newUserId();
    await t.services.users.ensureExists(t.db.sql, user);
    const advisorId = await anAdvisor(t, { name: 'V1 Advisor', priceCents: 150 });
    await t.services.feed.favouriteOnline(user, advisorId);
    await t.services.money.change({
      userId: user,
      reason: LEDGER_REASONS.adminCredit,
      amountCents: 300,
    });
    const v1 = CALLS.GetNotifications.answer.parse((await notificationsOf(t.initData(user))).body);
    expect(v1.notifications.map((n) => n.reason)).toEqual(['admin_credit']);
    expect(Object.keys(v1.notifications[0]!).sort()).toEqual(
      ['amount', 'amount_cents', 'created_at', 'id', 'reason'].sort(),
    );
    expect(v1).not.toHaveProperty('unread');
  });

  it('refuses a call without sign-in', async () => {
    expect((await notificationsOf(null)).status).toBe(401);
  });
});
