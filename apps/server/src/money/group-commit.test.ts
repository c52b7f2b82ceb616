/**
 * Group commit of paid sends on a real database: sends that arrive together share a
 * transaction, yet each keeps its own outcome and a failing one does not fail the others.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../realtime/event-bus.js';
import { createTestDatabase } from '../test/harness.js';
import { anAdvisor, aUser } from '../test/builders.js';
import type { Database } from '../db/database.js';
import { MoneyRepository, type PaidSendRow } from './money.repository.js';
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
    // An advisor id beyond INTEGER makes the database refuse the batch's statement, and the send
    // again when it runs alone; the other sends of the batch, run alone, go through.
    const broken = sendOf(users[5]!, 'broken', 2 ** 31);
    const sends = users.map((u) => sendOf(u));
    const results = await Promise.allSettled([...sends, broken].map((s) => batcher.send(s)));
    expect(batcher.stats.largestBatch).toBe(13);
    expect(batcher.stats.retriedAlone).toBe(13);
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

  it('a batch that fails in a way that may follow a commit is not run again', async () => {
    const users = await Promise.all(Array.from({ length: 3 }, () => fundedUser(PRICE)));
    const repository = new MoneyRepository(db.sql);
    const shutDown = Object.assign(
      new Error('terminating connection due to administrator command'),
      {
        name: 'PostgresError',
        code: '57P01',
      },
    );
    let singles = 0;
    const batcher = new GroupCommit(
      {
        sendPaidMessage: (send) => {
          singles++;
          return repository.sendPaidMessage(send);
        },
        sendPaidMessages: () => Promise.reject(shutDown),
      },
      { maxBatch: 32, maxInFlight: 1 },
    );
    const results = await Promise.allSettled(users.map((u) => batcher.send(sendOf(u))));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(singles).toBe(0);
    expect(batcher.stats.retriedAlone).toBe(0);
  });

  it('decides a batch exactly as the same sends one by one: free messages, credit money, limits, images, own advisor', async () => {
    const repository = new MoneyRepository(db.sql);
    const owner = await aUser({ db }, { balanceCents: PRICE * 4 });
    const own = await anAdvisor({ db }, { name: 'Own', categoryId: 3, priceCents: 90 });
    await db.sql`UPDATE advisors SET telegram_id = ${owner} WHERE id = ${own}`;
    /** A user in the same state every time: 2 free messages, $3.00 of which $1.00 credit money, a daily limit of $4.00. */
    async function aScenarioUser(): Promise<number> {
      const userId = await aUser({ db }, { balanceCents: 300, freeMessages: 2 });
      await db.sql`UPDATE users SET credit_cents = 100 WHERE telegram_id = ${userId}`;
      await db.sql`INSERT INTO spending_limits (user_id, daily_cents) VALUES (${userId}, 400)`;
      return userId;
    }
    const scenario = (userId: number, otherId: number): PaidSend[] => [
      sendOf(userId, 'free one'),
      sendOf(userId, 'free two'),
      sendOf(userId, 'credit then balance'),
      { ...sendOf(userId, 'wrong kind of advisor'), requiredCategory: 1 },
      {
        ...sendOf(userId, "someone else's picture"),
        imageId: '00000000-0000-4000-8000-000000000000',
      },
      sendOf(userId, 'paid two'),
      sendOf(userId, 'over the daily limit'),
      sendOf(otherId, 'my own advisor', own),
      sendOf(999_999_999_999, 'nobody'),
      sendOf(userId, 'inactive', 999_999),
    ];
    const alone = await aScenarioUser();
    const singles = [];
    for (const send of scenario(alone, owner)) singles.push(await repository.sendPaidMessage(send));
    const batched = await aScenarioUser();
    const rows = await repository.sendPaidMessages(scenario(batched, owner));
    const shape = (row: PaidSendRow) => ({
      outcome: row.out_outcome,
      balance: row.out_balance_cents,
      free: row.out_free_messages,
      price: row.out_price_cents,
      paidWith: row.out_paid_with,
      sent: row.out_message_id !== null,
    });
    expect(rows.map((r) => r.out_index)).toEqual(singles.map((_, i) => i));
    expect(rows.map(shape)).toEqual(singles.map(shape));
    expect(singles.map((r) => r.out_outcome)).toEqual([
      'ok',
      'ok',
      'ok',
      'wrong_category',
      'image_not_found',
      'ok',
      'spending_limit',
      'own_advisor',
      'user_not_found',
      'advisor_not_found',
    ]);
    const state = async (userId: number) => {
      const [row] = await db.sql`
        SELECT u.balance_cents, u.credit_cents, u.free_messages, u.spent_day_cents,
          (SELECT array_agg(l.amount_cents ORDER BY l.id) FROM ledger l WHERE l.user_id = u.telegram_id AND l.reason = 'message') AS debits,
          (SELECT array_agg(e.amount_cents ORDER BY e.id) FROM advisor_earnings e JOIN messages m ON m.id = e.message_id
            JOIN dialogs d ON d.id = m.dialog_id WHERE d.user_id = u.telegram_id) AS earnings,
          (SELECT array_agg(m.text || ':' || m.paid_with || ':' || m.credit_cents ORDER BY m.id) FROM messages m
            JOIN dialogs d ON d.id = m.dialog_id WHERE d.user_id = u.telegram_id) AS messages,
          (SELECT row(d.advisor_unread, d.last_message_text)::text FROM dialogs d WHERE d.user_id = u.telegram_id) AS dialog
        FROM users u WHERE u.telegram_id = ${userId}`;
      return row;
    };
    expect(await state(batched)).toEqual(await state(alone));
    expect(await state(batched)).toMatchObject({
      balance_cents: 0,
      credit_cents: 0,
      free_messages: 0,
      spent_day_cents: 300,
    });
    expect(await ledgerMatchesBalances()).toBe(true);
  });

  it('stores a send retried under its client id once, in a batch as one by one', async () => {
    const repository = new MoneyRepository(db.sql);
    const [first, second] = [randomUUID(), randomUUID()];
    // 1 free message and $3.00: the first id is free, the second paid, then each is retried.
    const scenario = (userId: number): PaidSend[] => [
      { ...sendOf(userId, 'first'), clientId: first },
      { ...sendOf(userId, 'first again'), clientId: first },
      { ...sendOf(userId, 'second'), clientId: second },
      { ...sendOf(userId, 'no id') },
      { ...sendOf(userId, 'second again'), clientId: second },
      { ...sendOf(userId, 'first, third time'), clientId: first },
    ];
    const alone = await aUser({ db }, { balanceCents: 300, freeMessages: 1 });
    const singles = [];
    for (const send of scenario(alone)) singles.push(await repository.sendPaidMessage(send));
    const batched = await aUser({ db }, { balanceCents: 300, freeMessages: 1 });
    // Sent before the batch under the first id: the batch finds it stored.
    const stored = await repository.sendPaidMessage({
      ...sendOf(batched, 'first'),
      clientId: first,
    });
    const rows = await repository.sendPaidMessages(scenario(batched).slice(1));
    const all = [stored, ...rows];
    const shape = (row: PaidSendRow) => ({
      outcome: row.out_outcome,
      balance: row.out_balance_cents,
      free: row.out_free_messages,
      price: row.out_price_cents,
      paidWith: row.out_paid_with,
    });
    expect(all.map(shape)).toEqual(singles.map(shape));
    expect(singles.map((r) => r.out_outcome)).toEqual([
      'ok',
      'already_sent',
      'ok',
      'ok',
      'already_sent',
      'already_sent',
    ]);
    // A retry answers its first send's message, also within one batch.
    for (const list of [singles, all]) {
      expect(list[1]!.out_message_id).toBe(list[0]!.out_message_id);
      expect(list[5]!.out_message_id).toBe(list[0]!.out_message_id);
      expect(list[4]!.out_message_id).toBe(list[2]!.out_message_id);
      expect(list[4]!.out_created_at).toEqual(list[2]!.out_created_at);
      expect(list[4]!.out_price_cents).toBe(PRICE);
      expect(list[1]!.out_price_cents).toBe(0);
    }
    const texts = async (userId: number) =>
      (
        await db.sql<{ text: string }[]>`
          SELECT m.text FROM messages m JOIN dialogs d ON d.id = m.dialog_id
          WHERE d.user_id = ${userId} ORDER BY m.id`
      ).map((m) => m.text);
    expect(await texts(batched)).toEqual(['first', 'second', 'no id']);
    expect(await texts(alone)).toEqual(['first', 'second', 'no id']);
    const [wallet] = await db.sql<{ balance_cents: number }[]>`
      SELECT balance_cents FROM users WHERE telegram_id = ${batched}`;
    expect(wallet!.balance_cents).toBe(300 - 2 * PRICE);
    expect(await ledgerMatchesBalances()).toBe(true);
  });

  it('carries any text, however quoted, into the batch unchanged', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => fundedUser(PRICE)));
    const texts = [
      'a "quoted", {braced} text',
      'back\\slash\\',
      'NULL',
      '',
      'line\nbreak',
      'эмодзи 🌙 ✨',
    ];
    const repository = new MoneyRepository(db.sql);
    const rows = await repository.sendPaidMessages(users.map((u, i) => sendOf(u, texts[i])));
    expect(rows.every((r) => r.out_outcome === 'ok')).toBe(true);
    const stored = await db.sql<{ text: string }[]>`
      SELECT text FROM messages WHERE id = ANY(${rows.map((r) => r.out_message_id!)}::bigint[]) ORDER BY id`;
    expect(stored.map((m) => m.text)).toEqual(texts);
  });

  it('reads every row by its index, even with plans made while the tables were small', async () => {
    // The batch keeps one generic plan per statement for the connection's life (migration 039).
    // On a new database a sequential scan is the cheapest plan for its small tables, and a kept
    // plan would go on scanning them as they grow. Eight batches on one connection, in one
    // transaction, and the sequential scans they made.
    const users = await Promise.all(Array.from({ length: 16 }, () => fundedUser(PRICE * 10)));
    const scans = await db.sql.begin(async (tx) => {
      // This connection's counts not yet flushed to the statistics, before and after the batches.
      const counts = () => tx<{ relname: string; seq_scan: number }[]>`
        SELECT relname, seq_scan::int AS seq_scan FROM pg_stat_xact_user_tables
        WHERE relname IN ('users', 'advisors', 'images', 'spending_limits', 'paid_send_keys',
          'messages', 'dialogs', 'dialog_blocks', 'ledger', 'advisor_earnings')`;
      const before = new Map((await counts()).map((t) => [t.relname, t.seq_scan]));
      const repository = new MoneyRepository(tx as unknown as typeof db.sql);
      for (let round = 0; round < 8; round++) {
        const rows = await repository.sendPaidMessages(
          users
            .slice(round * 2, round * 2 + 2)
            .map((u) => ({ ...sendOf(u), clientId: randomUUID() })),
        );
        expect(rows.map((r) => r.out_outcome)).toEqual(['ok', 'ok']);
      }
      return (await counts())
        .map((t) => ({ table: t.relname, seqScans: t.seq_scan - (before.get(t.relname) ?? 0) }))
        .filter((t) => t.seqScans > 0);
    });
    expect(scans).toEqual([]);
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

  it('counts how long sends waited for their batch and how long the database took, before answering', async () => {
    const HELD_MS = 40;
    const row = (index: number) => ({
      out_index: index,
      out_outcome: 'ok',
      out_message_id: index + 1,
      out_created_at: new Date(),
      out_balance_cents: 0,
      out_free_messages: 0,
      out_price_cents: PRICE,
      out_paid_with: 'balance' as const,
    });
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    let releaseFirst = () => {};
    const batcher = new GroupCommit(
      {
        // The lone first send stays in the "database" until the test lets it go.
        sendPaidMessage: () => new Promise((resolve) => (releaseFirst = () => resolve(row(0)))),
        sendPaidMessages: (sends) => sleep(HELD_MS).then(() => sends.map((_, i) => row(i))),
      },
      { maxBatch: 32, maxInFlight: 1 },
    );
    let countedWhenAnswered = 0;
    const first = batcher.send(sendOf(1)).then(() => {
      countedWhenAnswered = batcher.stats.databaseSeconds;
    });
    await sleep(1);
    // These two arrive while the first is in the database, and wait for it to answer.
    const next = [batcher.send(sendOf(2)), batcher.send(sendOf(3))];
    await sleep(HELD_MS);
    releaseFirst();
    await Promise.all([first, ...next]);
    // Timers may fire up to a millisecond early; the bounds leave that margin.
    const held = (HELD_MS - 2) / 1000;
    expect(batcher.stats).toMatchObject({ batches: 2, sends: 3, largestBatch: 2 });
    expect(countedWhenAnswered).toBeGreaterThanOrEqual(held);
    expect(batcher.stats.databaseSeconds).toBeGreaterThanOrEqual(held + 2 * held);
    expect(batcher.stats.queueSeconds).toBeGreaterThanOrEqual(2 * held);
  });
});
