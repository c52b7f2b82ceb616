/** The money path's own rules, proven on a real database: ledger = balance, never below zero, events after commit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, type DomainEvent } from '../realtime/event-bus.js';
import { createTestDatabase } from '../test/harness.js';
import { anAdvisor, aUser } from '../test/builders.js';
import type { Database } from '../db/database.js';
import { MoneyRepository } from './money.repository.js';
import { BalanceTooLowError, MoneyService } from './money.service.js';

let db: Database;
let money: MoneyService;
const published: DomainEvent[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  const events = new EventBus();
  events.subscribe((event) => published.push(event));
  money = new MoneyService(db.sql, new MoneyRepository(db.sql), events);
});
afterAll(async () => {
  await db?.close();
});

const newUser = (freeMessages = 0) => aUser({ db }, { freeMessages });

async function wallet(userId: number) {
  const [row] = await db.sql<{ balance_cents: number; free_messages: number }[]>`
    SELECT balance_cents, free_messages FROM users WHERE telegram_id = ${userId}`;
  const [ledger] = await db.sql<{ cents: number; free: number; rows: number }[]>`
    SELECT COALESCE(sum(amount_cents), 0)::bigint AS cents,
           COALESCE(sum(free_messages_delta), 0)::int AS free, count(*)::int AS rows
    FROM ledger WHERE user_id = ${userId}`;
  return {
    ...row!,
    ledgerCents: ledger!.cents,
    ledgerFree: ledger!.free,
    ledgerRows: ledger!.rows,
  };
}

function balanceEventsOf(userId: number) {
  return published.filter(
    (event): event is Extract<DomainEvent, { type: 'balance' }> =>
      event.type === 'balance' && event.telegramId === userId,
  );
}

describe('the money path', () => {
  it('credits and debits with a ledger row each, and tells the app the new balance', async () => {
    const userId = await newUser();
    expect(await money.change({ userId, amountCents: 1_250, reason: 'admin_credit' })).toEqual({
      balanceCents: 1_250,
      freeMessages: 0,
    });
    await money.change({ userId, amountCents: -250, reason: 'admin_debit', note: 'correction' });
    expect(await wallet(userId)).toMatchObject({
      balance_cents: 1_000,
      ledgerCents: 1_000,
      ledgerRows: 2,
    });
    expect(balanceEventsOf(userId).map((event) => [event.amountCents, event.balanceCents])).toEqual(
      [
        [1_250, 1_250],
        [-250, 1_000],
      ],
    );
  });

  it('refuses to go below zero and then has written nothing', async () => {
    const userId = await newUser(1);
    await money.change({ userId, amountCents: 100, reason: 'admin_credit' });
    await expect(
      money.change({ userId, amountCents: -101, reason: 'admin_debit' }),
    ).rejects.toBeInstanceOf(BalanceTooLowError);
    await expect(
      money.change({ userId, freeMessagesDelta: -2, reason: 'admin_debit' }),
    ).rejects.toBeInstanceOf(BalanceTooLowError);
    expect(await wallet(userId)).toMatchObject({
      balance_cents: 100,
      free_messages: 1,
      ledgerRows: 1,
    });
    expect(balanceEventsOf(userId)).toHaveLength(1);
  });

  it('changes free messages through the ledger too', async () => {
    const userId = await newUser(0);
    expect(await money.change({ userId, freeMessagesDelta: 3, reason: 'admin_credit' })).toEqual({
      balanceCents: 0,
      freeMessages: 3,
    });
    expect(await wallet(userId)).toMatchObject({ free_messages: 3, ledgerFree: 3, ledgerRows: 1 });
  });

  it('refuses a change of nothing, of fractions, and for an unknown user', async () => {
    const userId = await newUser();
    await expect(money.change({ userId, reason: 'admin_credit' })).rejects.toThrow(
      /change something/,
    );
    await expect(
      money.change({ userId, amountCents: 0.5, reason: 'admin_credit' }),
    ).rejects.toThrow(/whole cents/);
    await expect(
      money.change({ userId: 42, amountCents: 100, reason: 'admin_credit' }),
    ).rejects.toThrow(/not found/);
    expect((await wallet(userId)).ledgerRows).toBe(0);
  });

  it('credits a reference once per reason', async () => {
    const userId = await newUser();
    const credit = { userId, amountCents: 500, reason: 'ton_deposit' as const, reference: 'tx-1' };
    await money.change(credit);
    await expect(money.change(credit)).rejects.toThrow();
    expect(await wallet(userId)).toMatchObject({ balance_cents: 500, ledgerRows: 1 });
  });

  it('publishes only after commit, and nothing when the transaction rolls back', async () => {
    const userId = await newUser();
    let seenInside = -1;
    await expect(
      money.transaction(async ({ apply }) => {
        await apply({ userId, amountCents: 700, reason: 'admin_credit' });
        seenInside = balanceEventsOf(userId).length;
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(seenInside).toBe(0);
    expect(balanceEventsOf(userId)).toHaveLength(0);
    expect(await wallet(userId)).toMatchObject({ balance_cents: 0, ledgerRows: 0 });

    await money.transaction(async ({ apply }) => {
      await apply({ userId, amountCents: 700, reason: 'admin_credit' });
      seenInside = balanceEventsOf(userId).length;
    });
    expect(seenInside).toBe(0);
    expect(balanceEventsOf(userId)).toHaveLength(1);
  });

  it('never spends a cent twice under 50 concurrent debits', async () => {
    const userId = await newUser();
    await money.change({ userId, amountCents: 1_000, reason: 'admin_credit' });
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        money.change({ userId, amountCents: -100, reason: 'admin_debit' }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10);
    expect(await wallet(userId)).toMatchObject({
      balance_cents: 0,
      ledgerCents: 0,
      ledgerRows: 11,
    });
  });
});

describe('the paid send (stored function) through the money path', () => {
  async function advisor(categoryId = 5) {
    const price_cents = 150;
    return { id: await anAdvisor({ db }, { categoryId, priceCents: price_cents }), price_cents };
  }
  const send = (userId: number, advisorId: number, requiredCategory: number | null = null) =>
    money.sendPaidMessage({
      userId,
      advisorId,
      kind: 'text',
      text: 'hello',
      imageId: null,
      preview: 'hello',
      requiredCategory,
    });

  it('uses a free message first, then the price; refuses when short, changing nothing', async () => {
    const { id, price_cents } = await advisor();
    const userId = await newUser(1);
    await money.change({ userId, amountCents: price_cents, reason: 'admin_credit' });
    expect(await send(userId, id)).toMatchObject({
      outcome: 'sent',
      paidWith: 'free',
      chargedCents: 0,
      freeMessages: 0,
      balanceCents: price_cents,
    });
    expect(await send(userId, id)).toMatchObject({
      outcome: 'sent',
      paidWith: 'balance',
      chargedCents: price_cents,
      balanceCents: 0,
    });
    expect(await send(userId, id)).toEqual({
      outcome: 'insufficient_funds',
      balanceCents: 0,
      freeMessages: 0,
      priceCents: price_cents,
    });
    expect(await wallet(userId)).toMatchObject({ balance_cents: 0, ledgerCents: 0, ledgerRows: 2 });
    const [earned] = await db.sql<{ n: number; cents: number }[]>`
      SELECT count(*)::int AS n, COALESCE(sum(amount_cents), 0)::bigint AS cents
      FROM advisor_earnings WHERE advisor_id = ${id}`;
    expect(earned).toEqual({ n: 1, cents: price_cents });
    expect(balanceEventsOf(userId).map((event) => event.reason)).toEqual([
      'admin_credit',
      'message',
      'message',
    ]);
  });

  it('names why a send was refused', async () => {
    const userId = await newUser(3);
    const { id } = await advisor(5);
    expect(await send(userId, 999_999)).toEqual({ outcome: 'advisor_not_found' });
    expect(await send(userId, id, 3)).toEqual({ outcome: 'wrong_category' });
    expect(await send(42, id)).toEqual({ outcome: 'user_not_found' });
    expect((await wallet(userId)).free_messages).toBe(3);
  });
});
