/**
 * TON at the market's price (decision 037), against a fake CoinGecko, the fake toncenter indexer
 * and a real PostgreSQL: quotes, the Telegram-id memo at the current rate, deposits held while
 * the rate is stale, exactly-once credits, and a transfer that always fails parked for an admin.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { FakeToncenter, TON } from '../test/fakes/toncenter.js';
import { FakeCoinGecko } from '../test/fakes/coingecko.js';
import { ToncenterClient } from './toncenter.js';
import { TonDepositWatcher, type TonWatcherOptions } from './ton-watcher.js';

const ADMIN = 990_037;
/** The rates API is asked again after this long (TON_RATE_REFRESH_SECONDS=1). */
const REFRESH_MS = 1_000;

let indexer: FakeToncenter;
let rates: FakeCoinGecko;
let t: TestApp;
const watchers: TonDepositWatcher[] = [];

beforeAll(async () => {
  indexer = await FakeToncenter.start();
  rates = await FakeCoinGecko.start();
  t = await startTestApp({
    seed: false,
    env: {
      TON_WALLET_ADDRESS: indexer.account,
      TON_API_URL: indexer.url,
      TON_RATE_API_URL: rates.url,
      TON_RATE_REFRESH_SECONDS: '1',
      TON_RATE_MAX_AGE_SECONDS: '60',
      ADMIN_TELEGRAM_IDS: String(ADMIN),
    },
  });
});
beforeEach(async () => {
  await setPrice(2.5);
});
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  await t?.close();
  await indexer?.close();
  await rates?.close();
});

function watcher(options: Partial<TonWatcherOptions> = {}): TonDepositWatcher {
  const w = new TonDepositWatcher({
    wallet: indexer.account,
    client: new ToncenterClient(indexer.url, undefined, 300),
    payments: t.services.payments,
    sql: t.db.sql,
    intervalMs: 50,
    pageSize: 4,
    backoff: { baseMs: 10, maxMs: 50 },
    ...options,
  });
  watchers.push(w);
  return w;
}

/** Sets the market price (fresh, or last updated `ageSeconds` ago) and waits until the server has read it. */
async function setPrice(usd: number, ageSeconds = 0): Promise<void> {
  rates.recover();
  rates.tonUsd = usd;
  rates.updatedAt = ageSeconds ? new Date(Date.now() - ageSeconds * 1000) : null;
  const asked = rates.requests.length;
  await new Promise((resolve) => setTimeout(resolve, REFRESH_MS + 50));
  await t.services.payments.depositInfo(1); // makes the server read the rate now
  expect(rates.requests.length).toBeGreaterThan(asked);
}

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

async function call(url: string, as: number, payload?: object) {
  const response = await t.app.inject({
    method: payload ? 'POST' : 'GET',
    url,
    headers: { authorization: t.initData(as) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

async function quote(user: number, amount: string) {
  const answer = await call('/api/CreateTonQuote.php', user, { amount });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return CALLS.CreateTonQuote.answer.parse(answer.body);
}

async function balanceOf(id: number): Promise<number> {
  const [row] = await t.db.sql<
    { balance_cents: number }[]
  >`SELECT balance_cents FROM users WHERE telegram_id = ${id}`;
  return row!.balance_cents;
}

async function deposit(hash: string) {
  const [row] = await t.db.sql<
    {
      status: string;
      user_id: number | null;
      amount_cents: number;
      rate_micro_usd_per_ton: number | null;
      rate_source: string | null;
      note: string | null;
    }[]
  >`SELECT status, user_id, amount_cents, rate_micro_usd_per_ton, rate_source, note FROM ton_deposits WHERE tx_hash = ${hash}`;
  return row;
}

/** Balances equal ledgers and no transaction hash was credited twice. */
async function expectBooksBalanced(): Promise<void> {
  const mismatched = await t.db.sql`
    SELECT u.telegram_id FROM users u LEFT JOIN ledger l ON l.user_id = u.telegram_id
    GROUP BY u.telegram_id, u.balance_cents HAVING u.balance_cents <> COALESCE(SUM(l.amount_cents), 0)`;
  expect(mismatched).toHaveLength(0);
  const twice = await t.db.sql`
    SELECT reference FROM ledger WHERE reason = 'ton_deposit' GROUP BY reference HAVING count(*) > 1`;
  expect(twice).toHaveLength(0);
}

describe('the rate', () => {
  it("credits the Telegram-id memo at the market's current rate, and GetDepositInfo shows it", async () => {
    const user = await newUser();
    const info = await call('/api/GetDepositInfo.php', user);
    expect(info.body).toMatchObject({ ton_usd_rate: 2.5, memo: String(user) });
    const tx = indexer.addIncoming({ nanotons: 2n * TON, comment: String(user) });
    await watcher().pollOnce();
    expect(await balanceOf(user)).toBe(500);
    expect(await deposit(tx.hash)).toMatchObject({
      status: 'credited',
      amount_cents: 500,
      rate_micro_usd_per_ton: 2_500_000,
      rate_source: 'market',
    });
    await expectBooksBalanced();
  });

  it('holds a deposit as pending while the rate is stale, and credits it once a fresh rate arrives', async () => {
    const user = await newUser();
    await setPrice(2.5, 600); // last updated 10 minutes ago, older than TON_RATE_MAX_AGE_SECONDS
    expect((await call('/api/GetDepositInfo.php', user)).body).toMatchObject({
      ton_usd_rate: null,
    });
    const refused = await call('/api/CreateTonQuote.php', user, { amount: '10' });
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ status: 'error', code: 'unavailable' });

    const tx = indexer.addIncoming({ nanotons: 2n * TON, comment: String(user) });
    const w = watcher();
    await w.pollOnce();
    expect(await deposit(tx.hash)).toMatchObject({
      status: 'pending',
      user_id: user,
      amount_cents: 0,
      rate_micro_usd_per_ton: null,
    });
    expect(await balanceOf(user)).toBe(0);
    // The rates API fails outright: still pending.
    rates.failAlways(500);
    await new Promise((resolve) => setTimeout(resolve, REFRESH_MS + 50));
    await w.pollOnce();
    expect((await deposit(tx.hash))?.status).toBe('pending');

    await setPrice(4);
    w.start();
    await until(async () => (await balanceOf(user)) === 800);
    const polls = w.polls;
    await until(async () => w.polls >= polls + 3);
    expect(await balanceOf(user)).toBe(800);
    expect(await deposit(tx.hash)).toMatchObject({
      status: 'credited',
      amount_cents: 800,
      rate_micro_usd_per_ton: 4_000_000,
      rate_source: 'market',
    });
    await expectBooksBalanced();
  });
});

describe('quotes', () => {
  it('answer a memo, the nanotons, the cents and 15 minutes, checked like every top-up amount', async () => {
    const user = await newUser();
    const before = Date.now();
    const q = await quote(user, '10');
    expect(q).toMatchObject({
      amount_nanotons: '4000000000',
      amount_cents: 1000,
      ton_usd_rate: 2.5,
      ton_network: '-239',
    });
    expect(q.memo).toMatch(/^SEER-[0-9A-HJKMNP-TV-Z]{8}$/);
    const expires = Date.parse(q.expires_at);
    expect(expires - before).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(expires - before).toBeLessThan(15 * 60_000 + 5_000);
    expect((await quote(user, '10')).memo).not.toBe(q.memo);
    for (const amount of ['0', '-1', '1.001', 'ten', '100000.01']) {
      const bad = await call('/api/CreateTonQuote.php', user, { amount });
      expect(bad.status, amount).toBe(400);
    }
  });

  it('credit a transfer with the memo at the quoted rate within ±1 %, though the market moved', async () => {
    const user = await newUser();
    const q = await quote(user, '10'); // 4 TON at $2.50
    await setPrice(5);
    // 0.5 % short of the quote: credited for what was sent, at the quoted rate.
    const tx = indexer.addIncoming({
      nanotons: 3_980_000_000n,
      comment: ` ${q.memo.toLowerCase()}`,
    });
    await watcher().pollOnce();
    expect(await balanceOf(user)).toBe(995);
    expect(await deposit(tx.hash)).toMatchObject({
      status: 'credited',
      user_id: user,
      rate_micro_usd_per_ton: 2_500_000,
      rate_source: 'quote',
    });
    // The quoted rate is honoured once: the same memo again is credited at the current rate.
    const again = indexer.addIncoming({ nanotons: 4n * TON, comment: q.memo });
    await watcher().pollOnce();
    expect(await deposit(again.hash)).toMatchObject({
      status: 'credited',
      amount_cents: 2000,
      rate_source: 'market',
    });
    expect((await deposit(again.hash))?.note).toMatch(/already paid/);
    expect(await balanceOf(user)).toBe(995 + 2000);
    await expectBooksBalanced();
  });

  it('credit at the quoted rate even while the market rate is stale', async () => {
    const user = await newUser();
    const q = await quote(user, '10');
    await setPrice(5, 600);
    const tx = indexer.addIncoming({ nanotons: 4n * TON, comment: q.memo });
    await watcher().pollOnce();
    expect(await deposit(tx.hash)).toMatchObject({ status: 'credited', amount_cents: 1000 });
    expect(await balanceOf(user)).toBe(1000);
  });

  it('credit at the current rate after expiry, and outside the tolerance either way', async () => {
    const user = await newUser();
    const expired = await quote(user, '10');
    const over = await quote(user, '10');
    const under = await quote(user, '10');
    const edge = await quote(user, '10');
    // Fifteen minutes pass for the first quote.
    await t.db
      .sql`UPDATE ton_quotes SET expires_at = now() - interval '1 second' WHERE memo = ${expired.memo}`;
    await setPrice(5);
    const txs = [
      indexer.addIncoming({ nanotons: 4n * TON, comment: expired.memo }),
      indexer.addIncoming({ nanotons: 4_040_000_001n, comment: over.memo }), // just over +1 %
      indexer.addIncoming({ nanotons: 3_959_999_999n, comment: under.memo }), // just under -1 %
      indexer.addIncoming({ nanotons: 4_040_000_000n, comment: edge.memo }), // exactly +1 %
    ];
    await watcher().pollOnce();
    const rows = await Promise.all(txs.map((tx) => deposit(tx.hash)));
    expect(rows.map((r) => [r?.status, r?.rate_source, r?.amount_cents])).toEqual([
      ['credited', 'market', 2000],
      ['credited', 'market', 2020],
      ['credited', 'market', 1979],
      ['credited', 'quote', 1010],
    ]);
    expect(rows[0]?.note).toMatch(/expired/);
    expect(rows[1]?.note).toMatch(/more than 1%/);
    expect(await balanceOf(user)).toBe(2000 + 2020 + 1979 + 1010);
    await expectBooksBalanced();
  });

  it('is held as pending after expiry while the rate is stale, with the user known', async () => {
    const user = await newUser();
    const q = await quote(user, '10');
    // The quote runs out (its end moved back).
    await t.db
      .sql`UPDATE ton_quotes SET expires_at = now() - interval '1 second' WHERE memo = ${q.memo}`;
    await setPrice(5, 600);
    const tx = indexer.addIncoming({ nanotons: 4n * TON, comment: q.memo });
    const w = watcher();
    await w.pollOnce();
    expect(await deposit(tx.hash)).toMatchObject({ status: 'pending', user_id: user });
    await setPrice(5);
    await w.pollOnce();
    expect(await deposit(tx.hash)).toMatchObject({ status: 'credited', amount_cents: 2000 });
    expect(await balanceOf(user)).toBe(2000);
  });

  it("keep a memo that names no quote unmatched, and credit the quote's owner whoever sends", async () => {
    const user = await newUser();
    const q = await quote(user, '1');
    const unknown = indexer.addIncoming({ nanotons: TON, comment: 'SEER-00000000' });
    const fromAnyone = indexer.addIncoming({ nanotons: 400_000_000n, comment: q.memo });
    await watcher().pollOnce();
    expect(await deposit(unknown.hash)).toMatchObject({ status: 'unmatched', user_id: null });
    expect(await deposit(fromAnyone.hash)).toMatchObject({ status: 'credited', user_id: user });
    expect(await balanceOf(user)).toBe(100);
  });

  it('credit a transfer seen twice, or by racing watchers, exactly once', async () => {
    const user = await newUser();
    const q = await quote(user, '10');
    const tx = indexer.addIncoming({ nanotons: 4n * TON, comment: q.memo });
    const second = indexer.addIncoming({ nanotons: 4n * TON, comment: q.memo });
    const racers = Array.from({ length: 4 }, () => watcher({ sql: null, pageSize: 1 }));
    await Promise.all(racers.map((r) => r.pollOnce()));
    const parsed = {
      ...tx,
      lt: BigInt(tx.lt),
      in_msg: { ...tx.in_msg!, message_content: { decoded: tx.in_msg!.message_content.decoded } },
    };
    const again = await t.services.payments.recordTonTransaction(indexer.account, parsed);
    expect(again.inserted).toBe(false);
    expect(await deposit(tx.hash)).toMatchObject({ status: 'credited', rate_source: 'quote' });
    expect(await deposit(second.hash)).toMatchObject({ status: 'credited', rate_source: 'market' });
    expect(await balanceOf(user)).toBe(1000 + 1000);
    await expectBooksBalanced();
  });
});

describe('a transfer that keeps failing', () => {
  it('is kept as unmatched with its error for an admin after a few tries, and the next one is credited', async () => {
    const user = await newUser();
    // Worth more cents than can be counted exactly: crediting it fails every time.
    const poisoned = indexer.addIncoming({ nanotons: 10n ** 29n, comment: String(user) });
    // Wider than even the deposit's column: it cannot be recorded at all.
    const unstorable = indexer.addIncoming({ nanotons: 10n ** 31n, comment: String(user) });
    const next = indexer.addIncoming({ nanotons: TON, comment: String(user) });
    const w = watcher({ maxAttempts: 3 });
    w.start();
    await until(async () => (await balanceOf(user)) === 250);
    expect(await deposit(next.hash)).toMatchObject({ status: 'credited', amount_cents: 250 });
    const parked = await deposit(poisoned.hash);
    expect(parked).toMatchObject({ status: 'unmatched', user_id: null, amount_cents: 0 });
    expect(parked?.note).toMatch(/not credited after 3 tries: amount too large/);
    expect(await deposit(unstorable.hash)).toBeUndefined();
    const failures = await t.db.sql<{ tx_hash: string; attempts: number; last_error: string }[]>`
      SELECT tx_hash, attempts, last_error FROM ton_transfer_failures
      WHERE tx_hash IN ${t.db.sql([poisoned.hash, unstorable.hash])}`;
    expect(failures).toEqual([
      { tx_hash: unstorable.hash, attempts: 3, last_error: expect.stringMatching(/too large/) },
    ]);

    const listed = CALLS.AdminListDeposits.answer.parse(
      (await call('/api/AdminListDeposits.php', ADMIN)).body,
    );
    const shown = listed.deposits.find((d) => d.tx_hash === poisoned.hash);
    expect(shown).toMatchObject({
      status: 'unmatched',
      note: expect.stringMatching(/amount too large/),
    });
    // An admin cannot push it through the app either: a clear 400, nothing credited.
    const assign = await call('/api/AdminAssignDeposit.php', ADMIN, {
      deposit_id: shown!.id,
      telegram_user_id: user,
    });
    expect(assign.status).toBe(400);
    expect(await balanceOf(user)).toBe(250);
    await expectBooksBalanced();
  });
});

async function until(probe: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
