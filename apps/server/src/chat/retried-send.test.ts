/**
 * A send retried under the same client id is stored and charged once (migration 037, decision
 * 055): in sequence, ten at once, free messages too; a refused send keeps nothing, so its retry
 * after a top-up goes through; the id is the user's own, and a malformed one is refused.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { anAdvisor } from '../test/builders.js';

const PRICE = 175;

let t: TestApp;
let advisorId: number;

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  advisorId = await anAdvisor(t, { categoryId: 5, priceCents: PRICE });
});
afterAll(async () => {
  await t?.close();
});

const send = (userId: number, clientId: string | undefined, message = 'hello') =>
  t.post(userId, 'CreateMessage.php', {
    manager_id: advisorId,
    message,
    ...(clientId === undefined ? {} : { client_id: clientId }),
  });

interface Sent {
  data: {
    message: { id: number; message_text: string; message_date: string };
    payment_info: { new_balance_cents: number; charged_cents: number; paid_with: string };
  };
}

async function state(userId: number) {
  const [row] = await t.db.sql<
    { balance: number; free: number; ledger: number; messages: number; earned: number }[]
  >`
    SELECT u.balance_cents AS balance, u.free_messages AS free,
      (SELECT COALESCE(sum(amount_cents), 0)::bigint FROM ledger WHERE user_id = u.telegram_id) AS ledger,
      (SELECT count(*)::int FROM messages m JOIN dialogs d ON d.id = m.dialog_id
        WHERE d.user_id = u.telegram_id) AS messages,
      (SELECT COALESCE(sum(e.amount_cents), 0)::bigint FROM advisor_earnings e
        JOIN messages m ON m.id = e.message_id JOIN dialogs d ON d.id = m.dialog_id
        WHERE d.user_id = u.telegram_id) AS earned
    FROM users u WHERE u.telegram_id = ${userId}`;
  return row!;
}

describe('a send retried under its client id', () => {
  it('sent twice in a row is charged once and answers the same message', async () => {
    const user = await t.userWithBalance(PRICE * 3);
    const id = randomUUID();
    const first = await send(user, id);
    expect(first.statusCode, first.body).toBe(200);
    const again = await send(user, id);
    expect(again.statusCode, again.body).toBe(200);
    const a = first.json<Sent>().data;
    const b = again.json<Sent>().data;
    expect(b.message).toEqual(a.message);
    expect(b.payment_info).toEqual({ ...a.payment_info });
    expect(a.payment_info).toMatchObject({ charged_cents: PRICE, paid_with: 'balance' });
    expect(await state(user)).toEqual({
      balance: PRICE * 2,
      free: 0,
      ledger: PRICE * 2,
      messages: 1,
      earned: PRICE,
    });
  });

  it('sent ten times at once is charged once; every answer is the one message', async () => {
    const user = await t.userWithBalance(PRICE * 20);
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => send(user, id)));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((r) => r.json<Sent>().data.message.id));
    expect(ids.size).toBe(1);
    expect(await state(user)).toEqual({
      balance: PRICE * 19,
      free: 0,
      ledger: PRICE * 19,
      messages: 1,
      earned: PRICE,
    });
    // Two ids among ten parallel sends: two messages, two charges.
    const [x, y] = [randomUUID(), randomUUID()];
    const mixed = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(user, i % 2 ? x : y, `pair ${i % 2}`)),
    );
    expect(mixed.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(mixed.map((r) => r.json<Sent>().data.message.id)).size).toBe(2);
    expect(await state(user)).toMatchObject({
      balance: PRICE * 17,
      ledger: PRICE * 17,
      messages: 3,
    });
  });

  it('takes one free message however often it is retried', async () => {
    const user = await t.userWithBalance(0, 2);
    const id = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(user, id)));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    expect(answers.map((r) => r.json<Sent>().data.payment_info.paid_with)).toEqual(
      Array(5).fill('free'),
    );
    expect(await state(user)).toMatchObject({ free: 1, messages: 1, balance: 0 });
  });

  it('keeps nothing when refused, so the retry after a top-up is sent and charged once', async () => {
    const user = await t.userWithBalance(PRICE - 1);
    const id = randomUUID();
    const refused = await send(user, id, 'the draft');
    expect(refused.statusCode).toBe(402);
    expect(await state(user)).toMatchObject({ messages: 0, balance: PRICE - 1 });
    await t.services.money.change({ userId: user, amountCents: PRICE, reason: 'admin_credit' });
    const [sent, retried] = await Promise.all([
      send(user, id, 'the draft'),
      send(user, id, 'the draft'),
    ]);
    expect([sent.statusCode, retried.statusCode]).toEqual([200, 200]);
    expect(retried.json<Sent>().data.message.id).toBe(sent.json<Sent>().data.message.id);
    expect(await state(user)).toMatchObject({ messages: 1, balance: PRICE - 1, ledger: PRICE - 1 });
  });

  it("is the user's own: another user's send under the same id is a message of its own", async () => {
    const [one, two] = [await t.userWithBalance(PRICE), await t.userWithBalance(PRICE)];
    const id = randomUUID();
    const a = await send(one, id, 'mine');
    const b = await send(two, id, 'also mine');
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json<Sent>().data.message.id).not.toBe(a.json<Sent>().data.message.id);
    expect(b.json<Sent>().data.message.message_text).toBe('also mine');
    expect(await state(one)).toMatchObject({ balance: 0, messages: 1 });
    expect(await state(two)).toMatchObject({ balance: 0, messages: 1 });
  });

  it('without a client id, every send is a message of its own (as before)', async () => {
    const user = await t.userWithBalance(PRICE * 2);
    const [a, b] = [await send(user, undefined), await send(user, undefined)];
    expect(a.json<Sent>().data.message.id).not.toBe(b.json<Sent>().data.message.id);
    expect(await state(user)).toMatchObject({ balance: 0, messages: 2 });
  });

  it('refuses a client id that is not a UUID with 400 and changes nothing', async () => {
    const user = await t.userWithBalance(PRICE);
    for (const bad of ['abc', '', '123e4567-e89b-12d3-a456-42661417400z', 42]) {
      const r = await t.post(user, 'CreateMessage.php', {
        manager_id: advisorId,
        message: 'hi',
        client_id: bad,
      });
      expect(r.statusCode, String(bad)).toBe(400);
    }
    expect(await state(user)).toMatchObject({ balance: PRICE, messages: 0 });
  });
});
