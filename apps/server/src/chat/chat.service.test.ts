/** The money rules of sending: free credits first, exact debits, nothing spent twice under concurrency. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { aUser, linkAdvisor } from '../test/builders.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function ledgerSum(userId: number): Promise<number> {
  const [row] = await t.db.sql<
    { sum: number }[]
  >`SELECT COALESCE(sum(amount_cents), 0)::bigint AS sum FROM ledger WHERE user_id = ${userId}`;
  return row!.sum;
}

async function balanceOf(userId: number) {
  const [row] = await t.db.sql<
    { balance_cents: number; free_messages: number }[]
  >`SELECT balance_cents, free_messages FROM users WHERE telegram_id = ${userId}`;
  return row!;
}

function send(userId: number, managerId: number, message = 'hello') {
  return t.app.inject({
    method: 'POST',
    url: '/api/CreateMessage.php',
    headers: { authorization: t.initData(userId) },
    payload: { manager_id: managerId, message },
  });
}

describe('paying for messages', () => {
  it('uses free messages first, then debits the price and credits the advisor', async () => {
    const userId = newUserId();
    const advisor = (await t.services.advisors.list())[0]!;
    for (let i = 0; i < 3; i++)
      expect((await send(userId, advisor.id)).json().data.payment_info.paid_with).toBe('free');
    const refused = await send(userId, advisor.id);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().code).toBe('insufficient_funds');

    await t.services.money.change({
      userId,
      amountCents: advisor.price_cents * 2 + 1,
      reason: 'admin_credit',
    });
    const paid = await send(userId, advisor.id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.payment_info).toMatchObject({
      paid_with: 'balance',
      charged_cents: advisor.price_cents,
      new_balance_cents: advisor.price_cents + 1,
      new_free_messages: 0,
    });
    const [earned] = await t.db.sql<
      { sum: number }[]
    >`SELECT sum(amount_cents)::bigint AS sum FROM advisor_earnings WHERE advisor_id = ${advisor.id}`;
    expect(earned!.sum).toBe(advisor.price_cents);
    expect(await ledgerSum(userId)).toBe((await balanceOf(userId)).balance_cents);
  });

  it('stores nothing and charges nothing when funds are short', async () => {
    const userId = await aUser(t, { balanceCents: 1 });
    const advisor = (await t.services.advisors.list())[1]!;
    const before = await t.db.sql`SELECT count(*)::int AS n FROM messages`;
    expect((await send(userId, advisor.id)).statusCode).toBe(402);
    const after = await t.db.sql`SELECT count(*)::int AS n FROM messages`;
    expect(after[0]!.n).toBe(before[0]!.n);
    expect(await balanceOf(userId)).toEqual({ balance_cents: 1, free_messages: 0 });
  });

  it('100 parallel sends with a balance for exactly 10: 10 succeed, balance 0, ledger = balance, advisor earned 10 prices', async () => {
    const advisor = (await t.services.advisors.list()).find((a) => a.category_id === 5)!;
    const userId = await aUser(t, { balanceCents: advisor.price_cents * 10 });
    const earnedBefore = await t.db.sql<
      { sum: number }[]
    >`SELECT COALESCE(sum(amount_cents), 0)::bigint AS sum FROM advisor_earnings WHERE advisor_id = ${advisor.id}`;

    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => send(userId, advisor.id, `message ${i}`)),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 402)).toHaveLength(90);

    expect((await balanceOf(userId)).balance_cents).toBe(0);
    expect(await ledgerSum(userId)).toBe(0);
    const earnedAfter = await t.db.sql<
      { sum: number }[]
    >`SELECT COALESCE(sum(amount_cents), 0)::bigint AS sum FROM advisor_earnings WHERE advisor_id = ${advisor.id}`;
    expect(earnedAfter[0]!.sum - earnedBefore[0]!.sum).toBe(advisor.price_cents * 10);
    const [stored] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM messages m JOIN dialogs d ON d.id = m.dialog_id WHERE d.user_id = ${userId}`;
    expect(stored!.n).toBe(10);
  });

  it('bills tarot and dream requests like one message and allows up to 1000 characters', async () => {
    const userId = newUserId();
    const reader = (await t.services.advisors.listByCategory(3))[0]!;
    const long = 'a'.repeat(1000);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/CreateMessage.php',
      headers: { authorization: t.initData(userId) },
      payload: { manager_id: reader.id, message: long, request_type: 'dream' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.message.kind).toBe('dream');
    expect(ok.json().data.payment_info.new_free_messages).toBe(2);
    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/CreateMessage.php',
      headers: { authorization: t.initData(userId) },
      payload: { manager_id: reader.id, message: `${long}a`, request_type: 'tarot' },
    });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('advisors answering', () => {
  it('lets only the linked advisor list, read and answer their dialogs, with unread counts on both sides', async () => {
    const userId = newUserId();
    const advisor = (await t.services.advisors.list())[2]!;
    const advisorTelegramId = await linkAdvisor(t, advisor.id);
    await send(userId, advisor.id, 'question one');
    await send(userId, advisor.id, 'question two');

    const asAdvisor = { authorization: t.initData(advisorTelegramId) };
    const chats = (
      await t.app.inject({ method: 'GET', url: '/api/ManagerGetChats.php', headers: asAdvisor })
    ).json();
    const dialog = chats.chats.find(
      (c: { telegram_user_id: number }) => c.telegram_user_id === userId,
    );
    expect(dialog).toMatchObject({
      unread: 2,
      last_message: 'question two',
      name: `User${userId}`,
    });

    const messages = (
      await t.app.inject({
        method: 'GET',
        url: `/ManagerGetMessages.php?telegram_user_id=${userId}`,
        headers: asAdvisor,
      })
    ).json();
    expect(messages.messages.map((m: { message_text: string }) => m.message_text)).toEqual([
      'question one',
      'question two',
    ]);
    const afterRead = (
      await t.app.inject({ method: 'GET', url: '/api/ManagerGetChats.php', headers: asAdvisor })
    ).json();
    expect(
      afterRead.chats.find((c: { telegram_user_id: number }) => c.telegram_user_id === userId)
        .unread,
    ).toBe(0);

    const reply = await t.app.inject({
      method: 'POST',
      url: '/api/ManagerSendMessage.php',
      headers: asAdvisor,
      payload: { telegram_user_id: userId, message: 'answer' },
    });
    expect(reply.statusCode).toBe(200);
    const userChats = (
      await t.app.inject({
        method: 'GET',
        url: '/api/GetAllChats.php',
        headers: { authorization: t.initData(userId) },
      })
    ).json();
    expect(userChats.chats[0]).toMatchObject({
      manager_id: advisor.id,
      unread: 1,
      last_message: 'answer',
    });

    // Another user's dialog is not theirs to answer; a stranger is not an advisor at all.
    const strangerDialog = await t.app.inject({
      method: 'GET',
      url: `/api/ManagerGetMessages.php?telegram_user_id=${newUserId()}`,
      headers: asAdvisor,
    });
    expect(strangerDialog.statusCode).toBe(404);
    const notAdvisor = await t.app.inject({
      method: 'POST',
      url: '/api/ManagerSendMessage.php',
      headers: { authorization: t.initData(newUserId()) },
      payload: { telegram_user_id: userId, message: 'hi' },
    });
    expect(notAdvisor.statusCode).toBe(403);
  });
});
