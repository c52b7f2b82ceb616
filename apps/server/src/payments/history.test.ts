/**
 * GetPaymentHistory.php against the real database: top-ups made the way the product makes them
 * (a TON transfer through the deposit path, a Stars payment, a NOWPayments IPN), credits and
 * refunds through the money path. Only the caller's rows, newest first, never a message charge,
 * each with its receipt; pages by `before` with no repeat or gap; a bad query is a 400.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { CALLS, type GetPaymentHistoryAnswer, type PaymentHistoryEntry } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { aSpend, aTopUp } from '../test/builders.js';
import { FakeToncenter, TON } from '../test/fakes/toncenter.js';
import { FakeNowPayments, type FakeInvoice } from '../test/fakes/nowpayments.js';
import { LEDGER_REASONS } from '../money/index.js';
import { PaymentsRepository } from './payments.repository.js';
import { IPN_PATH } from './crypto.service.js';

const API_KEY = 'history-np-key';
const IPN_SECRET = 'history-np-secret';

let t: TestApp;
let indexer: FakeToncenter;
let np: FakeNowPayments;
let ipnUrl: string;

beforeAll(async () => {
  indexer = await FakeToncenter.start();
  np = await FakeNowPayments.start({ apiKey: API_KEY, ipnSecret: IPN_SECRET });
  t = await startTestApp({
    seed: false,
    listen: true,
    env: {
      PUBLIC_URL: 'https://seer.example',
      TON_WALLET_ADDRESS: indexer.account,
      TON_USD_RATE: '3',
      NOWPAYMENTS_API_KEY: API_KEY,
      NOWPAYMENTS_IPN_SECRET: IPN_SECRET,
      NOWPAYMENTS_API_URL: np.url,
    },
  });
  ipnUrl = `${t.base}${IPN_PATH}`;
});
afterAll(async () => {
  await t?.close();
  await np?.close();
  await indexer?.close();
});

async function history(user: number, query = ''): Promise<GetPaymentHistoryAnswer> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/GetPaymentHistory.php${query}`,
    headers: { authorization: t.initData(user) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return CALLS.GetPaymentHistory.answer.parse(response.json());
}

/** A user who has opened the app, so a TON memo with their id names a known user. */
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

/** A TON transfer to the deposit wallet with the user's id as memo, recorded as the watcher does. */
async function tonTopUp(user: number, nanotons: bigint): Promise<string> {
  const tx = indexer.addIncoming({ nanotons, comment: String(user) });
  const recorded = await t.services.payments.recordTonTransaction(indexer.account, {
    ...tx,
    lt: BigInt(tx.lt),
    in_msg: { ...tx.in_msg!, message_content: { decoded: tx.in_msg!.message_content.decoded } },
  });
  expect(recorded).toMatchObject({ status: 'credited', userId: user });
  return tx.hash;
}

/** A Stars top-up: the invoice from the app, then Telegram's successful payment. */
async function starsTopUp(
  user: number,
  dollars: string,
): Promise<{ chargeId: string; stars: number }> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/CreateStarsInvoice.php',
    headers: { authorization: t.initData(user) },
    payload: { amount: dollars },
  });
  expect(created.statusCode, created.body).toBe(200);
  const link = CALLS.CreateStarsInvoice.answer.parse(created.json()).invoice_link;
  const invoice = t.botApi!.invoices.get(link)!;
  const chargeId = `charge-${randomUUID()}`;
  const paid = await t.services.payments.recordStarsPayment(user, {
    currency: 'XTR',
    total_amount: invoice.amount,
    invoice_payload: invoice.payload,
    telegram_payment_charge_id: chargeId,
    provider_payment_charge_id: '',
  });
  expect(paid.credited).toBe(true);
  return { chargeId, stars: invoice.amount };
}

async function cryptoInvoice(user: number, dollars: string): Promise<FakeInvoice> {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/CreateCryptoInvoice.php',
    headers: { authorization: t.initData(user) },
    payload: { amount: dollars },
  });
  expect(created.statusCode, created.body).toBe(200);
  const url = CALLS.CreateCryptoInvoice.answer.parse(created.json()).invoice_url;
  return np.invoices.find((invoice) => invoice.invoice_url === url)!;
}

async function ipn(payment: ReturnType<FakeNowPayments['startPayment']>, status: string) {
  const answer = await np.sendIpn(ipnUrl, np.ipn(payment, status));
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

function hex(base64: string): string {
  return Buffer.from(base64, 'base64').toString('hex');
}

async function ledgerCount(user: number): Promise<number> {
  const [row] = await t.db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM ledger WHERE user_id = ${user}`;
  return row!.n;
}

describe('GetPaymentHistory', () => {
  it("lists the caller's top-ups, refunds and credits newest first with receipts, never a message charge or another user's row", async () => {
    const user = await newUser();
    const other = await newUser();
    const otherTon = await tonTopUp(other, 5n * TON);
    await aTopUp(t, other, 700);

    const tonHash = await tonTopUp(user, 2n * TON); // $6.00 at $3
    await aSpend(t, user, 150);
    const stars = await starsTopUp(user, '4.00');
    const invoice = await cryptoInvoice(user, '7.25');
    const coin = np.startPayment(invoice, { payCurrency: 'usdttrc20', payAmount: 7.31 });
    await ipn(coin, 'finished');
    await aSpend(t, user, 250);
    await aTopUp(t, user, 500); // a credit from Seer's staff
    await t.services.money.change({
      userId: user,
      amountCents: 250,
      reason: LEDGER_REASONS.disputeRefund,
      reference: `dispute:${user}`,
    });
    await t.services.money.change({
      userId: user,
      freeMessagesDelta: 3,
      reason: LEDGER_REASONS.referralBonus,
      reference: `referral:${user}`,
    });

    const page = await history(user);
    expect(
      page.entries.map((entry) => [entry.kind, entry.amount_cents, entry.free_messages]),
    ).toEqual([
      ['referral_bonus', 0, 3],
      ['dispute_refund', 250, 0],
      ['admin_credit', 500, 0],
      ['crypto_deposit', 725, 0],
      ['stars', 400, 0],
      ['ton_deposit', 600, 0],
    ]);
    const ids = page.entries.map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.next_before).toBeNull();
    expect(page.spent_cents).toBe(400);
    expect(page.pending).toEqual([]);

    const byKind = (kind: string) => page.entries.find((entry) => entry.kind === kind)!;
    expect(byKind('ton_deposit').receipt).toEqual({
      status: 'completed',
      paid: { method: 'ton', amount_nanotons: String(2n * TON) },
      reference: {
        kind: 'ton_transaction',
        value: hex(tonHash),
        url: `https://tonviewer.com/transaction/${hex(tonHash)}`,
      },
    });
    expect(byKind('stars').receipt).toEqual({
      status: 'completed',
      paid: { method: 'stars', stars: stars.stars },
      reference: { kind: 'telegram_charge', value: stars.chargeId, url: null },
    });
    expect(byKind('crypto_deposit').receipt).toEqual({
      status: 'completed',
      paid: { method: 'crypto', currency: 'usdttrc20', amount: '7.31' },
      reference: { kind: 'nowpayments_payment', value: String(coin.payment_id), url: null },
    });
    for (const kind of ['admin_credit', 'dispute_refund', 'referral_bonus'])
      expect(byKind(kind).receipt).toEqual({ status: 'completed', paid: null, reference: null });
    for (const entry of page.entries)
      expect(Math.abs(Date.parse(entry.created_at) - Date.now())).toBeLessThan(60_000);

    // The other user sees their own two rows, and none of the caller's.
    const theirs = await history(other);
    expect(theirs.entries.map((entry) => [entry.kind, entry.amount_cents])).toEqual([
      ['admin_credit', 700],
      ['ton_deposit', 1500],
    ]);
    expect(theirs.entries[1]!.receipt.reference?.value).toBe(hex(otherTon));
    expect(theirs.spent_cents).toBe(0);
    const mine = new Set(ids);
    expect(theirs.entries.some((entry) => mine.has(entry.id))).toBe(false);
  });

  it('marks a Stars top-up refunded and lists the refund that took it back', async () => {
    const user = await newUser();
    const stars = await starsTopUp(user, '2.00');
    expect(await t.services.payments.recordStarsRefundNotice(stars.chargeId)).toEqual({
      debitedCents: 200,
      shortCents: 0,
    });
    const page = await history(user);
    expect(
      page.entries.map((entry) => [entry.kind, entry.amount_cents, entry.receipt.status]),
    ).toEqual([
      ['stars_refund', -200, 'completed'],
      ['stars', 200, 'refunded'],
    ]);
    for (const entry of page.entries)
      expect(entry.receipt.reference).toEqual({
        kind: 'telegram_charge',
        value: stars.chargeId,
        url: null,
      });
  });

  it('shows payments on their way on the first page, until they are credited', async () => {
    const user = await newUser();
    const invoice = await cryptoInvoice(user, '3.00');
    const coin = np.startPayment(invoice, { payCurrency: 'btc', payAmount: 0.00005 });
    await ipn(coin, 'confirming');
    const short = np.startPayment(await cryptoInvoice(user, '9.00'), { payCurrency: 'eth' });
    await ipn(short, 'partially_paid');
    const failed = np.startPayment(await cryptoInvoice(user, '1.00'));
    await ipn(failed, 'failed');
    // A TON transfer that arrived while no fresh price was known (decision 037): kept pending.
    const hash = Buffer.from(randomUUID().replace(/-/g, '').repeat(2), 'hex').toString('base64');
    const depositId = await t.db.sql.begin((tx) =>
      new PaymentsRepository(t.db.sql).insertDeposit(tx, {
        wallet: indexer.account,
        txHash: hash,
        txLt: 1n,
        txTime: new Date(),
        source: null,
        nanotons: 3n * TON,
        comment: String(user),
        rateMicroUsdPerTon: null,
        rateSource: null,
        quoteId: null,
        amountCents: 0,
        userId: user,
        status: 'pending',
        note: 'waiting for a fresh TON rate',
      }),
    );

    let page = await history(user);
    expect(page.entries).toEqual([]);
    expect(page.pending).toEqual([
      {
        id: `ton:${depositId}`,
        kind: 'ton_deposit',
        amount_cents: null,
        created_at: expect.any(String),
        receipt: {
          status: 'pending',
          paid: { method: 'ton', amount_nanotons: String(3n * TON) },
          reference: {
            kind: 'ton_transaction',
            value: hex(hash),
            url: `https://tonviewer.com/transaction/${hex(hash)}`,
          },
        },
      },
      {
        id: `crypto:${short.payment_id}`,
        kind: 'crypto_deposit',
        amount_cents: 900,
        created_at: expect.any(String),
        receipt: {
          status: 'partially_paid',
          paid: expect.objectContaining({ method: 'crypto', currency: 'eth' }),
          reference: { kind: 'nowpayments_payment', value: String(short.payment_id), url: null },
        },
      },
      {
        id: `crypto:${coin.payment_id}`,
        kind: 'crypto_deposit',
        amount_cents: 300,
        created_at: expect.any(String),
        receipt: {
          status: 'pending',
          paid: { method: 'crypto', currency: 'btc', amount: '0.00005' },
          reference: { kind: 'nowpayments_payment', value: String(coin.payment_id), url: null },
        },
      },
    ]);

    // Finished: off the list of payments on their way, on the history with its receipt.
    await ipn(coin, 'finished');
    page = await history(user);
    expect(page.pending.map((item) => item.id)).toEqual([
      `ton:${depositId}`,
      `crypto:${short.payment_id}`,
    ]);
    expect(page.entries).toEqual([
      expect.objectContaining({
        kind: 'crypto_deposit',
        amount_cents: 300,
        receipt: expect.objectContaining({ status: 'completed' }),
      }),
    ]);
    // Another user is never shown these.
    expect((await history(await newUser())).pending).toEqual([]);
  });

  it('pages by `before` with no entry repeated or skipped, also when a new one arrives between pages', async () => {
    const user = await newUser();
    for (let i = 1; i <= 7; i++) {
      await aTopUp(t, user, i * 100);
      await aSpend(t, user, 10);
    }
    const all = (await history(user, '?limit=50')).entries;
    expect(all.map((entry) => entry.amount_cents)).toEqual([700, 600, 500, 400, 300, 200, 100]);

    const seen: PaymentHistoryEntry[] = [];
    let page = await history(user, '?limit=3');
    expect(page.spent_cents).toBe(70);
    seen.push(...page.entries);
    // A top-up between two pages is on the next first page, not in the middle of this walk.
    await aTopUp(t, user, 5000);
    while (page.next_before !== null) {
      page = await history(user, `?limit=3&before=${page.next_before}`);
      expect(page.pending).toEqual([]);
      expect(page.spent_cents).toBeNull();
      seen.push(...page.entries);
    }
    expect(seen.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
    expect((await history(user, '?limit=1')).entries[0]!.amount_cents).toBe(5000);
    // A page says where the next starts; exactly a page's worth left ends the walk (no empty page).
    const middle = await history(user, `?limit=4&before=${all[0]!.id}`);
    expect(middle.entries.map((entry) => entry.id)).toEqual(all.slice(1, 5).map((e) => e.id));
    expect(middle.next_before).toBe(all[4]!.id);
    const last = await history(user, `?limit=2&before=${all[4]!.id}`);
    expect(last.entries.map((entry) => entry.id)).toEqual(all.slice(5).map((e) => e.id));
    expect(last.next_before).toBeNull();
  });

  it('refuses a bad query with 400 and changes nothing; needs a signed-in user', async () => {
    const user = await newUser();
    await aTopUp(t, user, 300);
    const before = { ledger: await ledgerCount(user), page: await history(user) };
    for (const query of [
      'before=0',
      'before=-1',
      'before=abc',
      'before=1.5',
      'before=18446744073709551616',
      'before=',
      'before=1&before=2',
      'limit=0',
      'limit=51',
      'limit=-3',
      'limit=ten',
      'limit=2.5',
      'limit=',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/GetPaymentHistory.php?${query}`,
        headers: { authorization: t.initData(user) },
      });
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(response.json(), query).toMatchObject({ status: 'error', code: 'bad_request' });
      expect(response.json().message, query).toMatch(/^(before|limit): /);
    }
    const unsigned = await t.app.inject({ method: 'GET', url: '/api/GetPaymentHistory.php' });
    expect(unsigned.statusCode).toBe(401);
    expect(await ledgerCount(user)).toBe(before.ledger);
    expect(await history(user)).toEqual(before.page);
  });
});
