/**
 * Group commit of paid sends on a real database: sends that arrive together share a
 * transaction, yet each keeps its own outcome and a failing one does not fail the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../realtime/event-bus.js';
import { createTestDatabase } from '../test/harness.js';
import { anAdvisor, aUser } from '../test/builders.js';
import type { Database } from '../db/database.js';
import { MoneyRepository } from './money.repository.js';
import { MoneyService, type PaidSend } from './money.service.js';
import { GroupCommit } from './group-commit.js';

let db: Database;
let money: MoneyService;
let advisorId: number;
const PRICE = 150;

beforeAll(async () => {
  db = await createTestDatabase();
  money = new MoneyService(db.sql, new MoneyRepository(db.sql), new EventBus());
  advisorId = await anAdvisor({ db }, { name: 'Batch', categoryId: 5, priceCents: PRICE });
});
afterAll(async () => {
  await db?.close();
});

const fundedUser = (cents: number) => aUser({ db }, { balanceCents: cents });

const sendOf = (userId: number, text = 'hello', advisor = advisorId): PaidSend => ({
  userId,
  advisorId: advisor,
  kind: 'text',
  text,
  imageId: null,
  preview: text,
  requiredCategory: null,
});

async function ledgerMatchesBalances(): Promise<boolean> {
  const [row] = await db.sql<{ ok: boolean }[]>`
    SELECT bool_and(u.balance_cents = COALESCE(l.sum, 0)) AS ok FROM users u
    LEFT JOIN (SELECT user_id, sum(amount_cents) AS sum FROM ledger GROUP BY user_id) l
      ON l.user_id = u.telegram_id`;
  return row!.ok;
}

describe('group commit of paid sends', () => {
  it('commits sends that arrive together in shared batches, each with its own outcome', async () => {
    const rich = await Promise.all(Array.from({ length: 20 }, () => fundedUser(PRICE * 3)));
    const poor = await fundedUser(PRICE - 1);
    const before = { ...money.paidSends.stats };
    const sends = [
      ...rich.flatMap((userId) => [userId, userId, userId, userId].map((u) => sendOf(u))),
      sendOf(poor),
      sendOf(rich[0]!, 'to nobody', 999_999),
    ];
    const outcomes = await Promise.all(sends.map((s) => money.sendPaidMessage(s)));
    const batches = money.paidSends.stats.batches - before.batches;
    expect(batches).toBeLessThan(sends.length); // they were grouped
    // Every rich user had money for exactly 3 of their 4 sends.
    for (const userId of rich) {
      const own = outcomes.filter((_, i) => sends[i]!.userId === userId && i < rich.length * 4);
      expect(own.filter((o) => o.outcome === 'sent')).toHaveLength(3);
      expect(own.filter((o) => o.outcome === 'insufficient_funds')).toHaveLength(1);
    }
    expect(outcomes.at(-2)).toEqual({
      outcome: 'insufficient_funds',
      balanceCents: PRICE - 1,
      freeMessages: 0,
      priceCents: PRICE,
    });
    expect(outcomes.at(-1)).toEqual({ outcome: 'advisor_not_found' });
    const [counts] = await db.sql<{ messages: number; ledger: number; earnings: number }[]>`
      SELECT
        (SELECT count(*)::int FROM messages m JOIN dialogs d ON d.id = m.dialog_id
          WHERE d.user_id = ANY(${rich}::bigint[])) AS messages,
        (SELECT count(*)::int FROM ledger WHERE reason = 'message' AND user_id = ANY(${rich}::bigint[])) AS ledger,
        (SELECT count(*)::int FROM advisor_earnings e JOIN messages m ON m.id = e.message_id
          JOIN dialogs d ON d.id = m.dialog_id WHERE d.user_id = ANY(${rich}::bigint[])) AS earnings`;
    expect(counts).toEqual({ messages: 60, ledger: 60, earnings: 60 });
    expect(await ledgerMatchesBalances()).toBe(true);
  });

  it('a send that fails in the database fails alone; the rest of its batch is committed', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => fundedUser(PRICE)));
    const repository = new MoneyRepository(db.sql);
    const batcher = new GroupCommit(repository, { maxBatch: 32, maxInFlight: 1 });
    // An advisor id beyond INTEGER fails inside its subtransaction, and again when run alone.
    const broken = sendOf(users[5]!, 'broken', 2 ** 31);
    const sends = users.map((u) => sendOf(u));
    const results = await Promise.allSettled([...sends, broken].map((s) => batcher.send(s)));
    expect(batcher.stats.largestBatch).toBeGreaterThan(1);
    expect(batcher.stats.retriedAlone).toBe(1);
    expect(results.at(-1)!.status).toBe('rejected');
    expect(String((results.at(-1) as PromiseRejectedResult).reason)).toMatch(/out of range/);
    for (const result of results.slice(0, -1)) {
      expect(result.status).toBe('fulfilled');
      expect((result as PromiseFulfilledResult<{ out_outcome: string }>).value.out_outcome).toBe(
        'ok',
      );
    }
    const [row] = await db.sql<{ balances: number }[]>`
      SELECT sum(balance_cents)::int AS balances FROM users WHERE telegram_id = ANY(${users}::bigint[])`;
    expect(row!.balances).toBe(0);
    expect(await ledgerMatchesBalances()).toBe(true);
  });

  it('a batch the database refuses as a whole fails every send in it and writes nothing', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => fundedUser(PRICE)));
    const repository = new MoneyRepository(db.sql);
    const batcher = new GroupCommit(
      {
        sendPaidMessage: (send) => repository.sendPaidMessage(send),
        sendPaidMessages: () => Promise.reject(new Error('connection lost')),
      },
      { maxBatch: 32, maxInFlight: 1 },
    );
    // Sent in one turn of the event loop, the four go together.
    const results = await Promise.allSettled(users.map((u) => batcher.send(sendOf(u))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toMatch(/connection lost/);
    const [row] = await db.sql<{ paid: number }[]>`
      SELECT count(*)::int AS paid FROM ledger WHERE reason = 'message' AND user_id = ANY(${users}::bigint[])`;
    expect(row!.paid).toBe(0);
  });

  it('two batches with the same users in opposite arrival order do not deadlock', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, () => fundedUser(PRICE * 10)));
    const repository = new MoneyRepository(db.sql);
    const batcher = new GroupCommit(repository, { maxBatch: 10, maxInFlight: 4 });
    const order = [...users, ...[...users].reverse(), ...users, ...[...users].reverse()];
    const started = Date.now();
    const results = await Promise.all(order.map((u) => batcher.send(sendOf(u))));
    expect(results.every((r) => r.out_outcome === 'ok')).toBe(true);
    expect(batcher.stats.retriedAlone).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000); // no deadlock_timeout waits
    expect(await ledgerMatchesBalances()).toBe(true);
  });
});
