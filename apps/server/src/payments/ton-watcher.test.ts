/**
 * The TON deposit watcher against a fake toncenter v3 indexer and a real PostgreSQL:
 * every transfer is credited exactly once or kept as unmatched, whatever the indexer and
 * the watcher do in between, and balances always equal ledger sums.
 */
import { Address } from '@ton/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { FakeToncenter, TON } from '../test/fakes/toncenter.js';
import { ToncenterClient } from './toncenter.js';
import { TonDepositWatcher, type TonWatcherOptions } from './ton-watcher.js';
import type { DomainEvent } from '../realtime/event-bus.js';
import { ConflictError } from '../errors.js';

const RATE_CENTS = 300; // TON_USD_RATE=3

let indexer: FakeToncenter;
let t: TestApp;
const watchers: TonDepositWatcher[] = [];

beforeAll(async () => {
  indexer = await FakeToncenter.start();
  t = await startTestApp({
    seed: false,
    env: { TON_WALLET_ADDRESS: indexer.account, TON_API_URL: indexer.url, TON_USD_RATE: '3' },
  });
});
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await t?.close();
  await indexer?.close();
});

function watcher(options: Partial<TonWatcherOptions> = {}): TonDepositWatcher {
  const w = new TonDepositWatcher({
    wallet: indexer.account,
    client: new ToncenterClient(indexer.url, undefined, 300),
    payments: t.services.payments,
    sql: t.db.sql,
    intervalMs: 100,
    pageSize: 4,
    backoff: { baseMs: 20, maxMs: 200 },
    ...options,
  });
  watchers.push(w);
  return w;
}

/** A user who has opened the app (so the memo names a known user). */
async function newUser(): Promise<number> {
  const id = newUserId();
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/GetUser.php',
    headers: { authorization: t.initData(id) },
  });
  expect(response.statusCode).toBe(200);
  return id;
}

async function balanceOf(id: number): Promise<number> {
  const [row] = await t.db.sql<
    { balance_cents: number }[]
  >`SELECT balance_cents FROM users WHERE telegram_id = ${id}`;
  return row!.balance_cents;
}

async function until(probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<number> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

/** Every transfer of the fake indexer is a deposit row exactly once; balances equal ledgers. */
async function expectBooksBalanced(): Promise<void> {
  const incoming = indexer.transactions.filter((tx) => tx.in_msg?.source);
  const [deposits] = await t.db.sql<{ n: number; distinct_hashes: number }[]>`
    SELECT count(*)::int AS n, count(DISTINCT tx_hash)::int AS distinct_hashes FROM ton_deposits WHERE wallet = ${indexer.account}`;
  expect(deposits!.n).toBe(incoming.length);
  expect(deposits!.distinct_hashes).toBe(incoming.length);
  const mismatched = await t.db.sql`
    SELECT u.telegram_id FROM users u LEFT JOIN ledger l ON l.user_id = u.telegram_id
    GROUP BY u.telegram_id, u.balance_cents HAVING u.balance_cents <> COALESCE(SUM(l.amount_cents), 0)`;
  expect(mismatched).toHaveLength(0);
  const credits = await t.db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM ledger WHERE reason = 'ton_deposit' GROUP BY reference HAVING count(*) > 1`;
  expect(credits).toHaveLength(0);
  const [cursor] = await t.db.sql<
    { last_lt: string }[]
  >`SELECT last_lt::text AS last_lt FROM ton_watch_cursor WHERE wallet = ${indexer.account}`;
  expect(cursor?.last_lt).toBe(indexer.transactions.at(-1)!.lt);
}

describe('TON deposit watcher', () => {
  it('credits 1 TON with the user id as memo by exactly the rate, once, within one polling interval, and tells the app', async () => {
    const user = await newUser();
    const events: DomainEvent[] = [];
    const unsubscribe = t.services.events.subscribe((event) => events.push(event));
    const w = watcher({ intervalMs: 300 });
    w.start();
    await until(async () => w.polls >= 1 && w.lastError === null);

    const tx = indexer.addIncoming({ nanotons: TON, comment: String(user) });
    const waited = await until(async () => (await balanceOf(user)) > 0);
    expect(waited).toBeLessThan(300 + 250);
    expect(await balanceOf(user)).toBe(RATE_CENTS);

    // more polls change nothing
    const polls = w.polls;
    await until(async () => w.polls >= polls + 3);
    expect(await balanceOf(user)).toBe(RATE_CENTS);
    unsubscribe();

    const [deposit] = await t.db
      .sql`SELECT status, user_id, amount_cents, rate_micro_usd_per_ton, rate_source, amount_nanotons::text AS nanotons FROM ton_deposits WHERE tx_hash = ${tx.hash}`;
    expect(deposit).toMatchObject({
      status: 'credited',
      user_id: user,
      amount_cents: 300,
      rate_micro_usd_per_ton: 3_000_000,
      rate_source: 'fixed',
      nanotons: '1000000000',
    });
    const ledger = await t.db
      .sql`SELECT amount_cents, reference FROM ledger WHERE user_id = ${user}`;
    expect(ledger).toEqual([{ amount_cents: 300, reference: tx.hash }]);
    expect(events.filter((e) => e.type === 'balance')).toEqual([
      {
        type: 'balance',
        telegramId: user,
        balanceCents: 300,
        freeMessages: 3,
        reason: 'ton_deposit',
        amountCents: 300,
      },
    ]);
    await expectBooksBalanced();
  });

  it('keeps bounced, aborted, unknown and malformed memos and dust as deposits without crediting them', async () => {
    const user = await newUser();
    const unknown = newUserId(); // never opened the app
    const cases = [
      { spec: { nanotons: 2n * TON, comment: `  ${user}\n` }, status: 'credited', cents: 600 },
      { spec: { nanotons: TON, comment: `${user}`, bounced: true }, status: 'bounced' },
      { spec: { nanotons: TON, comment: `${user}`, aborted: true }, status: 'aborted' },
      {
        spec: { nanotons: TON, comment: `${String(user).slice(0, 3)} ${String(user).slice(3)}` },
        status: 'unmatched',
      },
      { spec: { nanotons: TON, comment: `id${user}` }, status: 'unmatched' },
      { spec: { nanotons: TON, comment: String(unknown) }, status: 'unmatched' },
      { spec: { nanotons: TON, comment: null }, status: 'unmatched' },
      { spec: { nanotons: 1_000_000n, comment: String(user) }, status: 'unmatched' },
      { spec: { nanotons: 0n, comment: String(user) }, status: 'unmatched' },
    ] as const;
    const txs = cases.map((c) => indexer.addIncoming(c.spec));
    indexer.addOutgoing();
    await watcher().pollOnce();

    for (const [i, c] of cases.entries()) {
      const [row] = await t.db.sql<
        { status: string; user_id: number | null }[]
      >`SELECT status, user_id FROM ton_deposits WHERE tx_hash = ${txs[i]!.hash}`;
      expect(row?.status, `case ${i}`).toBe(c.status);
      expect(row?.user_id ?? null, `case ${i}`).toBe(c.status === 'credited' ? user : null);
    }
    expect(await balanceOf(user)).toBe(600);
    const [unknownRow] = await t.db.sql`SELECT 1 FROM users WHERE telegram_id = ${unknown}`;
    expect(unknownRow).toBeUndefined();
    await expectBooksBalanced();
  });

  it('credits a transaction that the indexer repeats on the next page once', async () => {
    const users = [await newUser(), await newUser(), await newUser()];
    for (let i = 0; i < 11; i++)
      indexer.addIncoming({ nanotons: TON, comment: String(users[i % 3]) });
    indexer.overlap = 2;
    try {
      const w = watcher({ pageSize: 4 });
      await w.pollOnce();
      expect(indexer.transactionRequests.length).toBeGreaterThan(3);
    } finally {
      indexer.overlap = 0;
    }
    expect(await Promise.all(users.map(balanceOf))).toEqual([
      4 * RATE_CENTS,
      4 * RATE_CENTS,
      3 * RATE_CENTS,
    ]);
    await expectBooksBalanced();
  });

  it('resumes after a restart in the middle of a page without crediting twice or skipping', async () => {
    const user = await newUser();
    for (let i = 0; i < 7; i++) indexer.addIncoming({ nanotons: TON, comment: String(user) });
    let recorded = 0;
    const crashing = watcher({
      pageSize: 5,
      onRecorded: () => {
        recorded += 1;
        if (recorded === 2) throw new Error('the process died here');
      },
    });
    await expect(crashing.pollOnce()).rejects.toThrow('the process died here');
    expect(await balanceOf(user)).toBe(2 * RATE_CENTS);

    await watcher({ pageSize: 5 }).pollOnce();
    expect(await balanceOf(user)).toBe(7 * RATE_CENTS);
    await expectBooksBalanced();
  });

  it('retries indexer errors, time-outs and nonsense with backoff and never skips a transaction', async () => {
    const user = await newUser();
    const before = await balanceOf(user);
    for (let i = 0; i < 6; i++) indexer.addIncoming({ nanotons: TON / 2n, comment: String(user) });
    indexer.failNext(2, 500);
    indexer.hangNext(1);
    indexer.failNext(1, 429);
    indexer.garbageNext(1);
    const requestsBefore = indexer.transactionRequests.length;
    const w = watcher({ pageSize: 2 });
    w.start();
    await until(async () => (await balanceOf(user)) === before + 6 * 150);
    expect(indexer.transactionRequests.length - requestsBefore).toBeGreaterThanOrEqual(5 + 3);

    // errors in the middle of paging, too
    for (let i = 0; i < 5; i++) indexer.addIncoming({ nanotons: TON / 2n, comment: String(user) });
    indexer.beforeAnswer = (query) => {
      if (query.start_lt) {
        indexer.beforeAnswer = null;
        indexer.failNext(1, 502);
        indexer.hangNext(1);
      }
    };
    await until(async () => (await balanceOf(user)) === before + 11 * 150);
    await w.stop();
    expect(await balanceOf(user)).toBe(before + 11 * 150);
    await expectBooksBalanced();
  });

  it('polls from one instance at a time, and stays exact even when two watchers race without the lock', async () => {
    const users = [await newUser(), await newUser()];
    const before = await Promise.all(users.map(balanceOf));
    const a = watcher({ intervalMs: 30 });
    const b = watcher({ intervalMs: 30 });
    a.start();
    b.start();
    for (let i = 0; i < 10; i++)
      indexer.addIncoming({ nanotons: TON, comment: String(users[i % 2]) });
    await until(async () => (await balanceOf(users[1]!)) === before[1]! + 5 * RATE_CENTS);
    expect([a.isLeader, b.isLeader].filter(Boolean)).toHaveLength(1);
    expect(Math.min(a.polls, b.polls)).toBe(0);

    // The leader stops: the other takes over.
    const [leader, standby] = a.isLeader ? [a, b] : [b, a];
    await leader.stop();
    indexer.addIncoming({ nanotons: TON, comment: String(users[0]) });
    await until(async () => (await balanceOf(users[0]!)) === before[0]! + 6 * RATE_CENTS);
    expect(standby.isLeader).toBe(true);
    await standby.stop();

    // Without the lock (as if it were lost), four watchers poll the same transactions at once.
    for (let i = 0; i < 30; i++)
      indexer.addIncoming({ nanotons: TON, comment: String(users[i % 2]) });
    const racers = Array.from({ length: 4 }, () => watcher({ sql: null, pageSize: 3 }));
    await Promise.all(racers.map((r) => r.pollOnce()));
    expect(await Promise.all(users.map(balanceOf))).toEqual([
      before[0]! + 21 * RATE_CENTS,
      before[1]! + 20 * RATE_CENTS,
    ]);
    await expectBooksBalanced();
  });

  it('stops at once, even while an indexer request hangs', async () => {
    indexer.hangNext(1);
    const w = watcher({ client: new ToncenterClient(indexer.url, undefined, 30_000) });
    w.start();
    await until(async () => indexer.transactionRequests.at(-1)?.answered === 'hung');
    const started = Date.now();
    await w.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('knows the wallet by its raw form when it is configured user-friendly: asks for it, keys deposits and cursor by it', async () => {
    const user = await newUser();
    const friendly = Address.parse(indexer.account).toString({ bounceable: true });
    const before = indexer.transactionRequests.length;
    const w = watcher({ wallet: friendly });
    const tx = indexer.addIncoming({ nanotons: TON, comment: String(user) });
    await w.pollOnce();
    const asked = indexer.transactionRequests.slice(before);
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.every((r) => r.query.account === indexer.account)).toBe(true);
    expect(await balanceOf(user)).toBe(RATE_CENTS);
    const [deposit] = await t.db.sql<{ source: string }[]>`
      SELECT source FROM ton_deposits WHERE tx_hash = ${tx.hash}`;
    expect(deposit!.source).toBe(tx.in_msg!.source);
    // The same wallet written raw resumes from the same cursor: nothing is read twice.
    const recorded: string[] = [];
    await watcher({ onRecorded: (t) => void recorded.push(t.hash) }).pollOnce();
    expect(recorded).toEqual([]);
    await expectBooksBalanced();
  });

  it('sends X-API-Key when a key is configured', async () => {
    const keyed = await FakeToncenter.start({ account: indexer.account, apiKey: 'secret-key' });
    try {
      const withoutKey = new ToncenterClient(keyed.url, undefined, 500);
      await expect(
        withoutKey.transactions({ account: keyed.account, limit: 5, sort: 'asc' }),
      ).rejects.toThrow(/401/);
      const withKey = new ToncenterClient(keyed.url, 'secret-key', 500);
      keyed.addIncoming({ nanotons: TON, comment: 'x' });
      expect(
        await withKey.transactions({ account: keyed.account, limit: 5, sort: 'asc' }),
      ).toHaveLength(1);
      expect(keyed.requests.at(-1)?.apiKey).toBe('secret-key');
    } finally {
      await keyed.close();
    }
  });
});

describe('admin tools for deposits', () => {
  it('lists unmatched deposits and assigns one to a user exactly once', async () => {
    const user = await newUser();
    const tx = indexer.addIncoming({ nanotons: 5n * TON, comment: 'please credit my account' });
    await watcher().pollOnce();
    const unmatched = await t.services.payments.listUnmatchedDeposits();
    const deposit = unmatched.find((d) => d.tx_hash === tx.hash)!;
    expect(deposit).toMatchObject({
      status: 'unmatched',
      amount_cents: 1500,
      comment: 'please credit my account',
      user_id: null,
    });

    const audits: string[] = [];
    const assigned = await t.services.payments.assignDeposit(
      0,
      deposit.id,
      user,
      async (_tx, action) => void audits.push(action),
    );
    expect(assigned).toMatchObject({ creditedCents: 1500, balanceCents: await balanceOf(user) });
    expect(assigned.deposit).toMatchObject({ status: 'assigned', user_id: user, assigned_by: 0 });
    expect(audits).toEqual(['assign-deposit']);
    await expect(t.services.payments.assignDeposit(0, deposit.id, user)).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect(
      (await t.services.payments.listUnmatchedDeposits()).some((d) => d.id === deposit.id),
    ).toBe(false);

    const bounced = indexer.addIncoming({ nanotons: TON, comment: String(user), bounced: true });
    await watcher().pollOnce();
    const [bouncedRow] = await t.services.payments.listDeposits({ status: 'bounced' });
    expect(bouncedRow?.tx_hash).toBe(bounced.hash);
    await expect(t.services.payments.assignDeposit(0, bouncedRow!.id, user)).rejects.toBeInstanceOf(
      ConflictError,
    );
    await expect(t.services.payments.assignDeposit(0, 987654321, user)).rejects.toThrow(
      /not found/,
    );
    await expectBooksBalanced();
  });
});
