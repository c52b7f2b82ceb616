/**
 * Advisors paid in TON, against the fake toncenter v3 indexer and a real PostgreSQL: requests
 * (checked addresses, minimum, payable after the hold, one open at a time even in parallel),
 * cancelling (once), batches recorded before the wallet signs, and the deposit watcher marking
 * each payout paid exactly once — batch confirmed, one message missing, the same transaction seen
 * twice, a restart in between, a bounce — with every advisor's owed amount equal to the sum of
 * their earning and ledger rows.
 */
import { randomBytes } from 'node:crypto';
import { Address, Cell } from '@ton/core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, payoutIdFromComment } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { aDialog, anAdvisor, linkAdvisor } from '../test/builders.js';
import { FakeToncenter } from '../test/fakes/toncenter.js';
import { ToncenterClient } from '../payments/toncenter.js';
import { TonDepositWatcher } from '../payments/ton-watcher.js';

const ADMIN = 777_000_047;
/** TON_USD_RATE=2.5: $1 is 0.4 TON. */
const MICRO_USD_PER_TON = 2_500_000n;
const nanotonsOf = (cents: number) =>
  (BigInt(cents) * 1_000_000_000n * 10_000n) / MICRO_USD_PER_TON;

let indexer: FakeToncenter;
let t: TestApp;
const watchers: TonDepositWatcher[] = [];
const advisors: number[] = [];

beforeAll(async () => {
  indexer = await FakeToncenter.start();
  t = await startTestApp({
    seed: false,
    env: {
      TON_WALLET_ADDRESS: indexer.account,
      TON_API_URL: indexer.url,
      TON_USD_RATE: '2.5',
      ADMIN_TELEGRAM_IDS: String(ADMIN),
      PAYOUT_HOLD_DAYS: '7',
      PAYOUT_MINIMUM_CENTS: '500',
      PAYOUT_CONFIRM_MINUTES: '10',
    },
  });
});
afterEach(async () => {
  await Promise.all(watchers.splice(0).map((w) => w.stop()));
});
afterAll(async () => {
  // Whatever happened, every advisor's books add up.
  if (t) for (const id of advisors) await expectBooksBalanced(id);
  await t?.close();
  await indexer?.close();
});

/** A watcher as the payments module builds it, but polled by hand (pollOnce) or started. */
function watcher(options: Partial<ConstructorParameters<typeof TonDepositWatcher>[0]> = {}) {
  const w = new TonDepositWatcher({
    wallet: indexer.account,
    client: new ToncenterClient(indexer.url, undefined, 2_000),
    payments: t.services.payments,
    outgoing: t.services.payoutConfirmations,
    sql: null,
    intervalMs: 50,
    pageSize: 4,
    backoff: { baseMs: 20, maxMs: 200 },
    ...options,
  });
  watchers.push(w);
  return w;
}

function call(userId: number, name: string, payload?: object) {
  return t.app.inject({
    method: payload ? 'POST' : 'GET',
    url: `/api/${name}.php`,
    headers: { authorization: t.initData(userId) },
    ...(payload ? { payload } : {}),
  });
}

interface Advisor {
  id: number;
  telegramId: number;
}

/** A linked advisor the bot may write to, with paid messages earned `daysAgo`. */
async function anEarningAdvisor(earnings: { cents: number; daysAgo: number }[]): Promise<Advisor> {
  const id = await anAdvisor(t);
  const telegramId = await linkAdvisor(t, id);
  advisors.push(id);
  await t.db.sql`UPDATE users SET allows_write_to_pm = true WHERE telegram_id = ${telegramId}`;
  await earn(id, earnings);
  return { id, telegramId };
}

async function speaksEnglish(a: Advisor) {
  await t.db.sql`UPDATE users SET chosen_language = 'en' WHERE telegram_id = ${a.telegramId}`;
}

/** Paid messages' earnings, as the send writes them (one row per message), at chosen ages. */
async function earn(advisorId: number, earnings: { cents: number; daysAgo: number }[]) {
  if (earnings.length === 0) return [];
  await aDialog(t, {
    advisorId,
    messages: earnings.map(() => ({ from: 'user' as const, secondsAgo: 60 })),
  });
  const messages = await t.db.sql<{ id: number }[]>`
    SELECT m.id FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE d.advisor_id = ${advisorId} AND NOT EXISTS (SELECT 1 FROM advisor_earnings e WHERE e.message_id = m.id)
    ORDER BY m.id`;
  for (const [i, e] of earnings.entries()) {
    await t.db.sql`
      INSERT INTO advisor_earnings (advisor_id, message_id, amount_cents, created_at)
      VALUES (${advisorId}, ${messages[i]!.id}, ${e.cents}, now() - make_interval(days => ${e.daysAgo}))`;
  }
  return messages.map((m) => m.id);
}

function aWallet() {
  return new Address(0, randomBytes(32));
}
const friendly = (a: Address, bounceable = false) =>
  a.toString({ urlSafe: true, bounceable, testOnly: false });

async function statementOf(a: Advisor) {
  const response = await call(a.telegramId, 'ManagerGetPayouts');
  expect(response.statusCode, response.body).toBe(200);
  return CALLS.ManagerGetPayouts.answer.parse(response.json()).statement;
}

async function request(a: Advisor, address: string, amount: string | number) {
  return call(a.telegramId, 'ManagerRequestPayout', { address, amount });
}

async function batch(ids: number[], wallet = indexer.account) {
  return call(ADMIN, 'AdminCreatePayoutBatch', { payout_ids: ids, wallet });
}

async function payout(id: number) {
  const [row] = await t.db.sql<
    {
      status: string;
      tx_hash: string | null;
      msg_hash: string | null;
      mismatch_tx_hash: string | null;
      amount_nanotons: string | null;
    }[]
  >`SELECT status, tx_hash, msg_hash, mismatch_tx_hash, amount_nanotons::text AS amount_nanotons
    FROM payouts WHERE id = ${id}`;
  return row!;
}

async function ledgerOf(payoutId: number) {
  return t.db.sql<{ reason: string; amount_cents: number; reference: string }[]>`
    SELECT reason, amount_cents::int AS amount_cents, reference FROM advisor_ledger
    WHERE payout_id = ${payoutId} ORDER BY id`;
}

async function noticesTo(telegramId: number) {
  return t.db.sql<{ text: string }[]>`
    SELECT text FROM bot_outbox WHERE chat_id = ${telegramId} ORDER BY id`;
}

/**
 * Owed = sum of earnings + sum of ledger rows; each payout's ledger rows net to its amount taken
 * off while it stands (requested, sent, paid) and to nothing once it is undone.
 */
async function expectBooksBalanced(advisorId: number) {
  const [sums] = await t.db.sql<{ earned: string; ledger: string }[]>`
    SELECT
      (SELECT COALESCE(sum(amount_cents), 0) FROM advisor_earnings WHERE advisor_id = ${advisorId})::text AS earned,
      (SELECT COALESCE(sum(amount_cents), 0) FROM advisor_ledger WHERE advisor_id = ${advisorId})::text AS ledger`;
  const balance = await t.services.payouts.statement({ id: advisorId });
  expect(balance.owed_cents).toBe(Number(sums!.earned) + Number(sums!.ledger));
  const payouts = await t.db.sql<
    { id: number; status: string; amount_cents: number; net: string }[]
  >`
    SELECT p.id, p.status, p.amount_cents::int AS amount_cents,
      (SELECT COALESCE(sum(l.amount_cents), 0) FROM advisor_ledger l WHERE l.payout_id = p.id)::text AS net
    FROM payouts p WHERE p.advisor_id = ${advisorId}`;
  for (const p of payouts) {
    const standing = ['requested', 'sent', 'paid'].includes(p.status);
    expect(Number(p.net), `payout ${p.id} (${p.status})`).toBe(standing ? -p.amount_cents : 0);
  }
}

describe('the advisor statement', () => {
  it('owes earnings plus ledger rows (a dispute reversal too), holds the last 7 days, by day and month', async () => {
    const a = await anEarningAdvisor([
      { cents: 3000, daysAgo: 10 },
      { cents: 1000, daysAgo: 1 },
      { cents: 700, daysAgo: 0 },
    ]);
    const [message] = await earn(a.id, [{ cents: 400, daysAgo: 20 }]);
    // Another module (disputes) takes a refunded message's earning back with a 'reversal' row.
    await t.db.sql`
      INSERT INTO advisor_ledger (advisor_id, amount_cents, reason, message_id, reference)
      VALUES (${a.id}, -400, 'reversal', ${message!}, ${`dispute:1:${message!}`})`;
    const s = await statementOf(a);
    expect(s).toMatchObject({
      owed_cents: 4700,
      held_cents: 1700,
      payable_cents: 3000,
      minimum_cents: 500,
      hold_days: 7,
      open: null,
      history: [],
      enabled: true,
      network: 'mainnet',
    });
    const heldUntil = Date.parse(s.held_until!);
    expect(Math.abs(heldUntil - (Date.now() + 7 * 86_400_000))).toBeLessThan(120_000);
    expect(s.days.reduce((sum, d) => sum + d.earned_cents, 0)).toBe(5100);
    expect(s.days.reduce((sum, d) => sum + d.reversed_cents, 0)).toBe(-400);
    expect(s.days.reduce((sum, d) => sum + d.messages, 0)).toBe(4);
    expect(s.days[0]!.period).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(s.months.reduce((sum, m) => sum + m.earned_cents, 0)).toBe(5100);
    expect(s.months[0]!.period).toMatch(/^\d{4}-\d{2}$/);

    // Reversals can take more than is payable: payable never goes below zero.
    const [other] = await earn(a.id, [{ cents: 100, daysAgo: 30 }]);
    await t.db.sql`
      INSERT INTO advisor_ledger (advisor_id, amount_cents, reason, message_id, reference)
      VALUES (${a.id}, -4500, 'reversal', ${other!}, ${`dispute:2:${other!}`})`;
    expect(await statementOf(a)).toMatchObject({ owed_cents: 300, payable_cents: 0 });
  });

  it('is only for advisors', async () => {
    expect((await call(newUserId(), 'ManagerGetPayouts')).statusCode).toBe(403);
  });
});

describe('a payout request', () => {
  it('refuses bad addresses and amounts with a 400 and changes nothing', async () => {
    const a = await anEarningAdvisor([{ cents: 5000, daysAgo: 9 }]);
    const wallet = friendly(aWallet());
    const broken = wallet.slice(0, -1) + (wallet.endsWith('A') ? 'B' : 'A');
    const testnet = aWallet().toString({ urlSafe: true, bounceable: false, testOnly: true });
    const masterchain = new Address(-1, randomBytes(32)).toString({ bounceable: false });
    const seer = Address.parse(indexer.account).toString({ bounceable: true });
    const cases: [string, string | number, RegExp][] = [
      ['not an address', 20, /not a TON address/],
      [broken, 20, /checksum/],
      [testnet, 20, /testnet/],
      [masterchain, 20, /basechain/],
      [seer, 20, /own wallet/],
      [wallet, 'twenty', /positive amount/],
      [wallet, 4.99, /at least \$5\.00/],
      [wallet, 50.01, /at most \$50\.00/],
      [wallet, -10, /positive amount/],
    ];
    for (const [address, amount, message] of cases) {
      const response = await request(a, address, amount);
      expect(response.statusCode, `${address} ${amount}: ${response.body}`).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const rows = await t.db.sql`SELECT id FROM payouts WHERE advisor_id = ${a.id}`;
    expect(rows).toHaveLength(0);
    expect(await statementOf(a)).toMatchObject({ owed_cents: 5000, payable_cents: 5000 });
    // Not an advisor: refused before anything is read.
    expect((await request({ id: 0, telegramId: newUserId() }, wallet, 20)).statusCode).toBe(403);
  });

  it('takes bounceable, non-bounceable and raw forms, each naming the same wallet', async () => {
    const a = await anEarningAdvisor([{ cents: 9000, daysAgo: 8 }]);
    const w = aWallet();
    for (const form of [
      friendly(w, true),
      friendly(w, false),
      w.toRawString(),
      ` ${friendly(w)} `,
    ]) {
      const response = await request(a, form, 10);
      expect(response.statusCode, response.body).toBe(200);
      const { payout, estimate_nanotons } = CALLS.ManagerRequestPayout.answer.parse(
        response.json(),
      );
      expect(payout).toMatchObject({ status: 'requested', amount_cents: 1000 });
      expect(Address.parse(payout.address).equals(w)).toBe(true);
      expect(estimate_nanotons).toBe(nanotonsOf(1000).toString());
      const cancel = await call(a.telegramId, 'ManagerCancelPayout', { payout_id: payout.id });
      expect(cancel.statusCode, cancel.body).toBe(200);
    }
    expect(await statementOf(a)).toMatchObject({ owed_cents: 9000, payable_cents: 9000 });
    await expectBooksBalanced(a.id);
  });

  it('lets only one of two parallel requests through, and one open request at a time', async () => {
    const a = await anEarningAdvisor([{ cents: 3000, daysAgo: 8 }]);
    const address = friendly(aWallet());
    const answers = await Promise.all([
      request(a, address, 20),
      request(a, address, 20),
      request(a, address, 25),
    ]);
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c >= 400 && c < 500)).toHaveLength(2);
    const rows = await t.db.sql<{ amount_cents: number }[]>`
      SELECT amount_cents FROM payouts WHERE advisor_id = ${a.id}`;
    expect(rows).toHaveLength(1);
    const s = await statementOf(a);
    expect(s.owed_cents).toBe(3000 - rows[0]!.amount_cents);
    expect(s.open).toMatchObject({ status: 'requested', amount_cents: rows[0]!.amount_cents });
    // The leftover is payable but waits for the open request.
    const again = await request(a, address, 5);
    expect(again.statusCode).toBe(409);
    await expectBooksBalanced(a.id);
  });

  it('is cancelled once: a second cancel (even in parallel) returns nothing more', async () => {
    const a = await anEarningAdvisor([{ cents: 2000, daysAgo: 8 }]);
    const created = await request(a, friendly(aWallet()), 15);
    const id = created.json().payout.id as number;
    expect((await statementOf(a)).payable_cents).toBe(500);
    const answers = await Promise.all([
      call(a.telegramId, 'ManagerCancelPayout', { payout_id: id }),
      call(a.telegramId, 'ManagerCancelPayout', { payout_id: id }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await call(a.telegramId, 'ManagerCancelPayout', { payout_id: id })).statusCode).toBe(
      409,
    );
    expect(await ledgerOf(id)).toEqual([
      { reason: 'payout', amount_cents: -1500, reference: `payout:${id}` },
      { reason: 'payout_returned', amount_cents: 1500, reference: `payout:${id}` },
    ]);
    expect(await statementOf(a)).toMatchObject({ payable_cents: 2000, open: null });
    expect((await statementOf(a)).history[0]).toMatchObject({ id, status: 'cancelled' });
    // Someone else's payout is not found.
    const b = await anEarningAdvisor([{ cents: 900, daysAgo: 8 }]);
    const other = await request(b, friendly(aWallet()), 6);
    const foreign = await call(a.telegramId, 'ManagerCancelPayout', {
      payout_id: other.json().payout.id,
    });
    expect(foreign.statusCode).toBe(404);
    await expectBooksBalanced(a.id);
    await expectBooksBalanced(b.id);
  });
});

/** Requests `dollars` for each advisor and puts them in one batch; answers ids and the batch. */
async function requestedAndBatched(list: { a: Advisor; dollars: number; wallet: Address }[]) {
  const ids: number[] = [];
  for (const { a, dollars, wallet } of list) {
    const response = await request(a, friendly(wallet, true), dollars);
    expect(response.statusCode, response.body).toBe(200);
    ids.push(response.json().payout.id);
  }
  const response = await batch(ids);
  expect(response.statusCode, response.body).toBe(200);
  return { ids, batch: CALLS.AdminCreatePayoutBatch.answer.parse(response.json()) };
}

describe('paying a batch', () => {
  it('records the batch before the wallet signs: one message per payout, comment `payout <id>`, TON at today’s rate', async () => {
    const a = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const b = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const [wa, wb] = [aWallet(), aWallet()];
    const requested = [
      (await request(a, friendly(wa, true), 30)).json().payout.id as number,
      (await request(b, friendly(wb), 12.34)).json().payout.id as number,
    ];
    const queue = CALLS.AdminPayoutQueue.answer.parse(
      (await call(ADMIN, 'AdminPayoutQueue')).json(),
    );
    expect(queue.max_batch).toBe(4);
    expect(Address.parse(queue.wallet!).equals(Address.parse(indexer.account))).toBe(true);
    expect(queue.payouts.filter((p) => requested.includes(p.id))).toHaveLength(2);

    // Not an admin, a wallet that is not the operator's, five payouts: refused, nothing sent.
    expect(
      (
        await call(a.telegramId, 'AdminCreatePayoutBatch', {
          payout_ids: requested,
          wallet: indexer.account,
        })
      ).statusCode,
    ).toBe(403);
    expect((await batch(requested, friendly(aWallet()))).statusCode).toBe(409);
    expect((await batch([1, 2, 3, 4, 5])).statusCode).toBe(400);
    expect((await batch([requested[0]!, requested[0]!])).statusCode).toBe(400);
    expect((await payout(requested[0]!)).status).toBe('requested');

    const response = await batch(requested);
    expect(response.statusCode, response.body).toBe(200);
    const answer = CALLS.AdminCreatePayoutBatch.answer.parse(response.json());
    expect(answer.network).toBe('-239');
    expect(answer.ton_usd_rate).toBe(2.5);
    expect(answer.valid_until).toBeGreaterThan(Date.now() / 1000);
    expect(answer.messages).toHaveLength(2);
    for (const [i, message] of answer.messages.entries()) {
      const slice = Cell.fromBase64(message.payload).beginParse();
      expect(slice.loadUint(32)).toBe(0);
      expect(payoutIdFromComment(slice.loadStringTail())).toBe(requested[i]);
      expect(Address.parseFriendly(message.address).isBounceable).toBe(false);
    }
    expect(Address.parse(answer.messages[0]!.address).equals(wa)).toBe(true);
    expect(answer.messages[0]!.amount).toBe(nanotonsOf(3000).toString());
    expect(answer.messages[1]!.amount).toBe(nanotonsOf(1234).toString());
    expect((await payout(requested[0]!)).status).toBe('sent');
    // In a batch: the advisor can no longer cancel, and it cannot go into another batch.
    expect(
      (await call(a.telegramId, 'ManagerCancelPayout', { payout_id: requested[0] })).statusCode,
    ).toBe(409);
    expect((await batch([requested[0]!])).statusCode).toBe(409);
  });

  it('batch confirmed: the watcher marks each payout paid with its transaction, tells the advisor once, deposits still credited', async () => {
    const a = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const b = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const [wa, wb] = [aWallet(), aWallet()];
    await speaksEnglish(b);
    const { ids, batch: sent } = await requestedAndBatched([
      { a, dollars: 25, wallet: wa },
      { a: b, dollars: 10, wallet: wb },
    ]);
    const depositor = newUserId();
    await call(depositor, 'GetUser');
    const tx = indexer.addOutgoingTransfers([
      {
        destination: sent.messages[0]!.address,
        nanotons: sent.messages[0]!.amount,
        comment: `payout ${ids[0]}`,
      },
      {
        destination: sent.messages[1]!.address,
        nanotons: sent.messages[1]!.amount,
        comment: `payout ${ids[1]}`,
      },
    ]);
    indexer.addIncoming({ nanotons: 1_000_000_000n, comment: String(depositor) });
    await watcher().pollOnce();

    for (const id of ids)
      expect(await payout(id)).toMatchObject({ status: 'paid', tx_hash: tx.hash });
    const hex = Buffer.from(tx.hash, 'base64').toString('hex');
    const s = await statementOf(a);
    expect(s.open).toBeNull();
    expect(s.history[0]).toMatchObject({
      id: ids[0],
      status: 'paid',
      tx_hash: tx.hash,
      explorer_url: `https://tonviewer.com/transaction/${hex}`,
      amount_nanotons: nanotonsOf(2500).toString(),
    });
    expect(s.owed_cents).toBe(1500);
    const notices = await noticesTo(a.telegramId);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain(`https://tonviewer.com/transaction/${hex}`);
    // In the advisor's language: Russian by default, English when they chose it.
    expect(notices[0]!.text).toMatch(/^Seer отправил вам 10 TON \(25,00\s\$\), выплата \d+\./);
    const [toB] = await noticesTo(b.telegramId);
    expect(toB!.text).toMatch(
      /^Seer has sent you 4 TON \(\$10\.00\), payout \d+\.\nTransaction: https:/,
    );
    const [deposit] = await t.db.sql<{ balance_cents: number }[]>`
      SELECT balance_cents FROM users WHERE telegram_id = ${depositor}`;
    expect(deposit!.balance_cents).toBe(250);

    // The same transaction seen twice: the indexer repeats it, and the cursor is lost.
    indexer.overlap = 5;
    await watcher().pollOnce();
    await t.db
      .sql`DELETE FROM ton_watch_cursor WHERE wallet = ${Address.parse(indexer.account).toRawString()}`;
    await watcher().pollOnce();
    indexer.overlap = 0;
    for (const id of ids) {
      expect(await payout(id)).toMatchObject({ status: 'paid', tx_hash: tx.hash });
      expect(await ledgerOf(id)).toHaveLength(1);
    }
    expect(await noticesTo(a.telegramId)).toHaveLength(1);
    expect(await noticesTo(b.telegramId)).toHaveLength(1);
    const [after] = await t.db.sql<{ balance_cents: number }[]>`
      SELECT balance_cents FROM users WHERE telegram_id = ${depositor}`;
    expect(after!.balance_cents).toBe(250);
    await expectBooksBalanced(a.id);
    await expectBooksBalanced(b.id);
  });

  it('one message missing: that payout is returned once the batch can no longer be sent, the other paid', async () => {
    const a = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const b = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const { ids, batch: sent } = await requestedAndBatched([
      { a, dollars: 20, wallet: aWallet() },
      { a: b, dollars: 30, wallet: aWallet() },
    ]);
    indexer.addOutgoingTransfers([
      {
        destination: sent.messages[0]!.address,
        nanotons: sent.messages[0]!.amount,
        comment: `payout ${ids[0]}`,
      },
    ]);
    await watcher().pollOnce();
    expect((await payout(ids[0]!)).status).toBe('paid');
    // Still within validUntil + PAYOUT_CONFIRM_MINUTES: the missing one waits.
    expect((await payout(ids[1]!)).status).toBe('sent');
    await t.db
      .sql`UPDATE payout_batches SET valid_until = now() - interval '9 minutes' WHERE id = ${sent.batch_id}`;
    await watcher().pollOnce();
    expect((await payout(ids[1]!)).status).toBe('sent');
    await t.db
      .sql`UPDATE payout_batches SET valid_until = now() - interval '11 minutes' WHERE id = ${sent.batch_id}`;
    await watcher().pollOnce();
    await watcher().pollOnce();
    expect((await payout(ids[1]!)).status).toBe('failed');
    expect(await ledgerOf(ids[1]!)).toEqual([
      { reason: 'payout', amount_cents: -3000, reference: `payout:${ids[1]}` },
      { reason: 'payout_returned', amount_cents: 3000, reference: `payout:${ids[1]}` },
    ]);
    expect((await payout(ids[0]!)).status).toBe('paid');
    expect(await statementOf(b)).toMatchObject({ payable_cents: 4000, open: null });
    expect(await noticesTo(b.telegramId)).toHaveLength(0);
    // Payable again: the advisor asks again.
    expect((await request(b, friendly(aWallet()), 30)).statusCode).toBe(200);
    await expectBooksBalanced(a.id);
    await expectBooksBalanced(b.id);
  });

  it('restart in between: a payout recorded before the cursor moved is not paid twice by the next watcher', async () => {
    const a = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const b = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const first = await requestedAndBatched([{ a, dollars: 20, wallet: aWallet() }]);
    const second = await requestedAndBatched([{ a: b, dollars: 20, wallet: aWallet() }]);
    const tx1 = indexer.addOutgoingTransfers([
      {
        destination: first.batch.messages[0]!.address,
        nanotons: first.batch.messages[0]!.amount,
        comment: `payout ${first.ids[0]}`,
      },
    ]);
    const tx2 = indexer.addOutgoingTransfers([
      {
        destination: second.batch.messages[0]!.address,
        nanotons: second.batch.messages[0]!.amount,
        comment: `payout ${second.ids[0]}`,
      },
    ]);
    // The process dies after the payout of tx1 committed and before the cursor moved past it.
    await t.services.payoutConfirmations.recordTransaction(indexer.account, {
      ...tx1,
      lt: BigInt(tx1.lt),
    });
    expect((await payout(first.ids[0]!)).status).toBe('paid');
    // A watcher that dies after recording its first transaction, then a new one (a restart).
    const crashing = watcher({
      pageSize: 1,
      onRecorded: () => {
        throw new Error('the process died here');
      },
    });
    await expect(crashing.pollOnce()).rejects.toThrow('the process died here');
    await watcher().pollOnce();
    expect(await payout(first.ids[0]!)).toMatchObject({ status: 'paid', tx_hash: tx1.hash });
    expect(await payout(second.ids[0]!)).toMatchObject({ status: 'paid', tx_hash: tx2.hash });
    expect(await ledgerOf(first.ids[0]!)).toHaveLength(1);
    expect(await noticesTo(a.telegramId)).toHaveLength(1);
    expect(await noticesTo(b.telegramId)).toHaveLength(1);
    await expectBooksBalanced(a.id);
    await expectBooksBalanced(b.id);
  });

  it('a message naming a payout with another amount is kept for an admin and never returned; a bounce returns a paid one', async () => {
    const a = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const b = await anEarningAdvisor([{ cents: 4000, daysAgo: 8 }]);
    const wb = aWallet();
    const odd = await requestedAndBatched([{ a, dollars: 20, wallet: aWallet() }]);
    const bouncing = await requestedAndBatched([{ a: b, dollars: 20, wallet: wb }]);
    const wrong = indexer.addOutgoingTransfers([
      {
        destination: odd.batch.messages[0]!.address,
        nanotons: 1n,
        comment: `payout ${odd.ids[0]}`,
      },
      {
        destination: bouncing.batch.messages[0]!.address,
        nanotons: bouncing.batch.messages[0]!.amount,
        comment: `payout ${bouncing.ids[0]}`,
      },
    ]);
    await watcher().pollOnce();
    expect(await payout(odd.ids[0]!)).toMatchObject({
      status: 'sent',
      mismatch_tx_hash: wrong.hash,
    });
    await t.db
      .sql`UPDATE payout_batches SET valid_until = now() - interval '1 hour' WHERE id = ${odd.batch.batch_id}`;
    await watcher().pollOnce();
    expect((await payout(odd.ids[0]!)).status).toBe('sent');
    const queue = CALLS.AdminPayoutQueue.answer.parse(
      (await call(ADMIN, 'AdminPayoutQueue')).json(),
    );
    expect(queue.payouts.find((p) => p.id === odd.ids[0])).toMatchObject({
      mismatch_tx_hash: wrong.hash,
    });

    expect((await payout(bouncing.ids[0]!)).status).toBe('paid');
    indexer.addBounce({
      source: wb.toRawString(),
      nanotons: 7_000_000_000n,
      comment: `payout ${bouncing.ids[0]}`,
    });
    await watcher().pollOnce();
    await watcher().pollOnce();
    expect((await payout(bouncing.ids[0]!)).status).toBe('bounced');
    expect((await ledgerOf(bouncing.ids[0]!)).map((l) => l.amount_cents)).toEqual([-2000, 2000]);
    expect(await statementOf(b)).toMatchObject({ payable_cents: 4000 });
    await expectBooksBalanced(a.id);
    await expectBooksBalanced(b.id);
  });
});

describe('accounting', () => {
  it('AdminPayouts counts reversals and paid payouts; marking paid by hand is gone', async () => {
    const a = await anEarningAdvisor([{ cents: 1000, daysAgo: 0 }]);
    const rows = CALLS.AdminPayouts.answer.parse((await call(ADMIN, 'AdminPayouts')).json());
    expect(rows.payouts.find((r) => r.manager_id === a.id)).toMatchObject({
      messages: 1,
      earned_cents: 1000,
      paid_cents: 0,
      unpaid_cents: 1000,
    });
    expect((await call(ADMIN, 'AdminMarkPaid', { manager_id: a.id })).statusCode).toBe(404);
  });

  it('counts earnings, reversals and paid payouts inside the period only, both days included', async () => {
    const a = await anEarningAdvisor([]);
    const ids = await earn(a.id, [
      { cents: 300, daysAgo: 0 },
      { cents: 1000, daysAgo: 0 },
      { cents: 700, daysAgo: 0 },
      { cents: 80, daysAgo: 0 },
    ]);
    // Each row at noon of a fixed day, so the day it falls on is certain in any time zone.
    const noon = (day: string) => t.db.sql`${day}::date + interval '12 hours'`;
    for (const [i, day] of ['2025-03-09', '2025-03-10', '2025-03-20', '2025-03-21'].entries())
      await t.db
        .sql`UPDATE advisor_earnings SET created_at = ${noon(day)} WHERE message_id = ${ids[i]!}`;
    for (const [message, cents, day] of [
      [ids[1]!, -100, '2025-03-15'],
      [ids[3]!, -50, '2025-03-21'],
    ] as const)
      await t.db.sql`
        INSERT INTO advisor_ledger (advisor_id, amount_cents, reason, message_id, reference, created_at)
        VALUES (${a.id}, ${cents}, 'reversal', ${message}, ${`dispute:${message}`}, ${noon(day)})`;
    for (const [cents, day] of [
      [200, '2025-03-20'],
      [100, '2025-03-09'],
    ] as const)
      await t.db.sql`
        WITH paid AS (
          INSERT INTO payouts (advisor_id, amount_cents, address, address_text, status, method, paid_at, closed_at, created_at)
          VALUES (${a.id}, ${cents}, '', '', 'paid', 'outside', ${noon(day)}, ${noon(day)}, ${noon(day)})
          RETURNING id
        )
        INSERT INTO advisor_ledger (advisor_id, amount_cents, reason, payout_id, reference, created_at)
        SELECT ${a.id}, ${-cents}, 'payout', id, 'payout:' || id, ${noon(day)} FROM paid`;

    const rowIn = async (query: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: `/api/AdminPayouts.php${query}`,
        headers: { authorization: t.initData(ADMIN) },
      });
      const rows = CALLS.AdminPayouts.answer.parse(answer.json()).payouts;
      return rows.find((r) => r.manager_id === a.id);
    };
    // What is owed now does not depend on the period: 2080 earned, 150 reversed, 300 paid.
    expect(await rowIn('?from=2025-03-10&to=2025-03-20')).toMatchObject({
      messages: 2,
      earned_cents: 1600,
      paid_cents: 200,
      unpaid_cents: 1630,
    });
    expect(await rowIn('?from=2025-03-21')).toMatchObject({
      messages: 1,
      earned_cents: 30,
      paid_cents: 0,
      unpaid_cents: 1630,
    });
    expect(await rowIn('?to=2025-03-09')).toMatchObject({
      messages: 1,
      earned_cents: 300,
      paid_cents: 100,
    });
    expect(await rowIn('')).toMatchObject({ messages: 4, earned_cents: 1930, paid_cents: 300 });
  });
});
