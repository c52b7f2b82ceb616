/**
 * Disputes over HTTP (decision 049): a case opened only about the caller's own recent paid
 * messages to one advisor, one open case per dialog and one case per message; staff refund it
 * exactly once (parallel decisions, retries), the advisor's earning reversed in the same share,
 * balance = ledger afterwards; no message paid back twice with a satisfaction credit; no case on
 * one's own advisor; the user told by the bot in their language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '@seer/contract';
import { startTestApp, type TestApp } from '../test/harness.js';
import { aDialog, anAdvisor, aUser, linkAdvisor } from '../test/builders.js';

const ADMIN = 881_200_001;
const OTHER_ADMIN = 881_200_002;
const PRICE = 150;
const WINDOW_DAYS = 14;
/** OpenDispute calls per user per hour in these tests (5 in the app). */
const LIMIT = 12;

let t: TestApp;
let advisorId: number;
let otherAdvisorId: number;
beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: {
      ADMIN_TELEGRAM_IDS: `${ADMIN},${OTHER_ADMIN}`,
      DISPUTE_WINDOW_DAYS: String(WINDOW_DAYS),
      SATISFACTION_MAX_CENTS: '100000',
    },
    rateLimits: {
      dispute: { calls: LIMIT, perSeconds: 3600, counted: 'shared', what: 'disputes' },
    },
  });
  advisorId = await anAdvisor(t, { name: 'Vera', priceCents: PRICE });
  otherAdvisorId = await anAdvisor(t, { name: 'Orion', priceCents: PRICE });
});
afterAll(async () => {
  await t?.close();
});

type Language = 'en' | 'ru';
const languages = new Map<number, Language>();

/** A user with a balance who lets the bot write, speaking `language`. */
async function aClient(language: Language = 'en', balanceCents = 5000, freeMessages = 0) {
  const id = await aUser(t, {
    balanceCents,
    freeMessages,
    languageCode: language,
    allowsWriteToPm: true,
  });
  languages.set(id, language);
  return id;
}

function call(userId: number, name: string, payload?: object) {
  const language = languages.get(userId) ?? 'en';
  return t.app.inject({
    method: payload === undefined ? 'GET' : 'POST',
    url: `/api/${name}`,
    headers: {
      authorization: t.initData(userId, { language_code: language, allows_write_to_pm: true }),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Sends `count` messages to the advisor; answers their ids. */
async function send(userId: number, count: number, to = advisorId): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const sent = await call(userId, 'CreateMessage.php', { manager_id: to, message: `q${i}` });
    expect(sent.statusCode, sent.body).toBe(200);
    ids.push(sent.json().data.message.id);
  }
  return ids;
}

function open(userId: number, messageIds: number[], to = advisorId) {
  return call(userId, 'OpenDispute.php', {
    manager_id: to,
    message_ids: messageIds,
    text: 'Something went wrong with this reading',
  });
}

async function opened(userId: number, messageIds: number[]): Promise<number> {
  const answer = await open(userId, messageIds);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().dispute.id;
}

const resolve = (admin: number, payload: object) =>
  t.post(admin, 'AdminResolveDispute.php', payload);

async function balanceAndLedger(userId: number) {
  const [row] = await t.db.sql<{ balance: number; ledger: number }[]>`
    SELECT u.balance_cents AS balance,
      (SELECT COALESCE(sum(amount_cents), 0)::bigint FROM ledger WHERE user_id = u.telegram_id) AS ledger
    FROM users u WHERE telegram_id = ${userId}`;
  return row!;
}

async function refundRows(disputeId: number) {
  return t.db.sql<{ amount_cents: number }[]>`
    SELECT amount_cents FROM ledger WHERE reason = 'dispute_refund' AND reference = ${`dispute:${disputeId}`}`;
}

async function reversals(disputeId: number) {
  return t.db.sql<{ message_id: number; amount_cents: number }[]>`
    SELECT message_id, amount_cents FROM advisor_ledger
    WHERE reason = 'reversal' AND reference LIKE ${`dispute:${disputeId}:%`} ORDER BY message_id`;
}

/** The bot's texts about cases sent to this chat (their button opens /disputes), oldest first. */
const caseNotices = (chatId: number): string[] =>
  t
    .botApi!.callsOf('sendMessage')
    .filter(
      (c) =>
        c.params.chat_id === chatId && JSON.stringify(c.params.reply_markup).includes('/disputes'),
    )
    .map((c) => String(c.params.text));

/** Waits for a case notice containing `text`. */
async function noticeWith(chatId: number, text: string): Promise<string> {
  await expect
    .poll(() => caseNotices(chatId).find((n) => n.includes(text)), { timeout: 10_000 })
    .toBeDefined();
  return caseNotices(chatId).find((n) => n.includes(text))!;
}

async function unlink(): Promise<void> {
  await t.db.sql`UPDATE advisors SET telegram_id = NULL WHERE id = ${advisorId}`;
  t.services.advisors.invalidate();
  t.services.auth.forgetAdvisorLinks();
}

async function disputeCount(userId: number): Promise<number> {
  const [row] = await t.db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM disputes WHERE user_id = ${userId}`;
  return row!.n;
}

describe('opening a case', () => {
  it('takes the caller’s recent paid messages, shows the case and tells the user in Russian', async () => {
    const user = await aClient('ru');
    const ids = await send(user, 3);
    const before = await call(user, `GetDisputableMessages.php?manager_id=${advisorId}`);
    expect(before.json()).toMatchObject({ window_days: WINDOW_DAYS, open_dispute: null });
    expect(before.json().messages.map((m: { id: number }) => m.id)).toEqual([...ids].reverse());

    const answer = await open(user, ids.slice(0, 2));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().dispute).toMatchObject({
      manager_id: advisorId,
      advisor_name: 'Vera',
      status: 'open',
      claimed_cents: 2 * PRICE,
      refunded_cents: 0,
      messages: [
        { id: ids[0], refundable_cents: PRICE, refunded_cents: 0 },
        { id: ids[1], refundable_cents: PRICE, refunded_cents: 0 },
      ],
    });

    const after = (await call(user, `GetDisputableMessages.php?manager_id=${advisorId}`)).json();
    expect(after.messages.map((m: { id: number }) => m.id)).toEqual([ids[2]]);
    expect(after.open_dispute).toMatchObject({ id: answer.json().dispute.id, status: 'open' });
    const mine = (await call(user, 'GetMyDisputes.php')).json();
    expect(mine.disputes).toHaveLength(1);

    const notice = await noticeWith(user, 'Мы получили ваше обращение');
    expect(notice).toContain(
      `о консультации с экспертом Vera (оплаченных сообщений: 2, ${formatMoney(300, 'ru')})`,
    );
  });

  it('refuses messages that are not paid, not the caller’s, another advisor’s or too old, with a 4xx and nothing opened', async () => {
    const user = await aClient('en', 5000, 1);
    const [free] = await send(user, 1); // the free message
    const [paid, old] = await send(user, 2);
    const [toOther] = await send(user, 1, otherAdvisorId);
    const stranger = await aClient();
    const [strangers] = await send(stranger, 1);
    await aDialog(t, { advisorId, userId: user, messages: [{ from: 'manager', secondsAgo: 1 }] });
    const [reply] = await t.db.sql<{ id: number }[]>`
      SELECT m.id FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      WHERE d.user_id = ${user} AND d.advisor_id = ${advisorId} AND m.sender = 'manager'`;
    await t.db.sql`UPDATE messages SET created_at = now() - interval '15 days' WHERE id = ${old!}`;

    const cases: Array<[number[], RegExp]> = [
      [[free!], /not paid for with money/],
      [[reply!.id], /not paid for with money/],
      [[strangers!], /not one of your messages/],
      [[987_654_321], /not one of your messages/],
      [[toOther!], /not sent to this advisor/],
      [[old!], /more than 14 days old/],
      [[paid!, paid!], /must not repeat/],
      [[], /at least one paid message/],
    ];
    for (const [ids, message] of cases) {
      const answer = await open(user, ids);
      expect(answer.statusCode, `${ids}: ${answer.body}`).toBe(400);
      expect(answer.json().message).toMatch(message);
    }
    // A good message with a bad one: all refused.
    expect((await open(user, [paid!, toOther!])).statusCode).toBe(400);
    expect((await open(user, [paid!], 2_000_000)).statusCode).toBe(404);
    const empty = await call(user, 'OpenDispute.php', {
      manager_id: advisorId,
      message_ids: [paid],
      text: '   ',
    });
    expect(empty.statusCode).toBe(400);
    expect(await disputeCount(user)).toBe(0);
  });

  it('keeps one open case per dialog, also for two opened at once, and a message in one case ever', async () => {
    const user = await aClient();
    const ids = await send(user, 4);
    const both = await Promise.all([open(user, [ids[0]!]), open(user, [ids[1]!])]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await disputeCount(user)).toBe(1);
    const first = both.find((a) => a.statusCode === 200)!.json().dispute;
    const taken = first.messages[0].id as number;

    const refused = await resolve(ADMIN, {
      id: first.id,
      decision: 'refuse',
      reason: 'The advisor answered in full.',
    });
    expect(refused.statusCode, refused.body).toBe(200);
    const again = await open(user, [taken]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/in another case already/);
    // Another case about other messages of the same chat, once the first is decided.
    expect((await open(user, [ids[2]!])).statusCode).toBe(200);
  });

  it('refuses a case by the person linked to the advisor (own advisor)', async () => {
    const user = await aClient();
    const ids = await send(user, 1);
    await linkAdvisor(t, advisorId, user);
    try {
      const answer = await open(user, ids);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('own_advisor');
      expect(await disputeCount(user)).toBe(0);
    } finally {
      await unlink();
    }
  });

  it('is limited per user, refused calls counted too', async () => {
    const user = await aClient();
    const answers = [];
    for (let i = 0; i <= LIMIT; i++) answers.push((await open(user, [1])).statusCode);
    expect(answers).toEqual([...Array(LIMIT).fill(400), 429]);
  });
});

describe('deciding a case', () => {
  it('refunds exactly once under parallel decisions by two admins and retries; balance = ledger; the advisor’s earning reversed', async () => {
    const user = await aClient('en');
    const ids = await send(user, 3);
    const id = await opened(user, ids);
    const before = await balanceAndLedger(user);

    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        resolve(i % 2 ? ADMIN : OTHER_ADMIN, { id, decision: 'refund' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => !a.json().already_resolved)).toHaveLength(1);
    const retry = await resolve(ADMIN, { id, decision: 'refund' });
    expect(retry.json()).toMatchObject({ already_resolved: true, dispute: { status: 'refunded' } });

    expect(await refundRows(id)).toEqual([{ amount_cents: 3 * PRICE }]);
    const after = await balanceAndLedger(user);
    expect(after.balance).toBe(before.balance + 3 * PRICE);
    expect(after.balance).toBe(after.ledger);
    expect((await reversals(id)).map((r) => r.amount_cents)).toEqual([-PRICE, -PRICE, -PRICE]);
    const [audit] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM admin_audit WHERE action = 'refund-dispute'
        AND (details->>'disputeId')::bigint = ${id}`;
    expect(audit!.n).toBe(1);

    // Another decision afterwards is refused and changes nothing.
    const late = await resolve(ADMIN, { id, decision: 'refuse', reason: 'Too late.' });
    expect(late.statusCode).toBe(409);
    const partial = await resolve(ADMIN, { id, decision: 'refund', refund_cents: 100 });
    expect(partial.statusCode).toBe(409);
    expect((await balanceAndLedger(user)).balance).toBe(after.balance);

    const mine = (await call(user, 'GetMyDisputes.php')).json().disputes[0];
    expect(mine).toMatchObject({ status: 'refunded', refunded_cents: 3 * PRICE });
    // Each notice once: the case opened, then decided (the outbox may deliver them in either order).
    await noticeWith(user, 'We have received your case');
    await noticeWith(user, 'is decided: $4.50 is back on your balance.');
    expect(caseNotices(user)).toHaveLength(2);
  });

  it('decides two different decisions sent at once one way: the other answers 409', async () => {
    const user = await aClient();
    const ids = await send(user, 2);
    const id = await opened(user, ids);
    const [a, b] = await Promise.all([
      resolve(ADMIN, { id, decision: 'refund', refund_cents: 100 }),
      resolve(OTHER_ADMIN, { id, decision: 'refuse', reason: 'Nothing went wrong.' }),
    ]);
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
    const rows = await refundRows(id);
    expect(rows.length).toBe(a!.statusCode === 200 ? 1 : 0);
    const money = await balanceAndLedger(user);
    expect(money.balance).toBe(money.ledger);
  });

  it('refunds part, shared among the messages, and reverses the same share of each earning; Russian notice with the note', async () => {
    const user = await aClient('ru');
    const ids = await send(user, 3);
    const id = await opened(user, ids);
    const before = await balanceAndLedger(user);
    const tooMuch = await resolve(ADMIN, { id, decision: 'refund', refund_cents: 3 * PRICE + 1 });
    expect(tooMuch.statusCode).toBe(400);
    const answer = await resolve(ADMIN, {
      id,
      decision: 'refund',
      refund_cents: 200,
      note: 'Половина ответа была не по вопросу.',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().dispute).toMatchObject({
      status: 'partly_refunded',
      refunded_cents: 200,
      resolution_note: 'Половина ответа была не по вопросу.',
    });
    const shares = answer
      .json()
      .dispute.messages.map((m: { refunded_cents: number }) => m.refunded_cents);
    expect(shares).toEqual([67, 67, 66]);
    expect((await reversals(id)).map((r) => r.amount_cents)).toEqual([-67, -67, -66]);
    const after = await balanceAndLedger(user);
    expect(after.balance - before.balance).toBe(200);
    expect(after.balance).toBe(after.ledger);
    const notice = await noticeWith(
      user,
      `на баланс вернулось ${formatMoney(200, 'ru')} из ${formatMoney(450, 'ru')}`,
    );
    expect(notice).toContain('Половина ответа была не по вопросу.');
    expect(notice).toContain(`Баланс: ${formatMoney(before.balance + 200, 'ru')}`);
  });

  it('refuses with a reason the user is told, and refunds nothing', async () => {
    const user = await aClient('en');
    const ids = await send(user, 1);
    const id = await opened(user, ids);
    const before = await balanceAndLedger(user);
    const noReason = await resolve(ADMIN, { id, decision: 'refuse', reason: '' });
    expect(noReason.statusCode).toBe(400);
    const answer = await resolve(ADMIN, {
      id,
      decision: 'refuse',
      reason: 'The reading was complete.',
    });
    expect(answer.json().dispute).toMatchObject({ status: 'refused', refunded_cents: 0 });
    expect(await balanceAndLedger(user)).toEqual(before);
    expect(await reversals(id)).toEqual([]);
    await noticeWith(user, 'was refused. The reason:\n\nThe reading was complete.');
  });

  it('is staff only, and 404 for no such case', async () => {
    const user = await aClient();
    const ids = await send(user, 1);
    const id = await opened(user, ids);
    expect(
      (await call(user, 'AdminResolveDispute.php', { id, decision: 'refund' })).statusCode,
    ).toBe(403);
    expect((await call(user, 'AdminDisputes.php')).statusCode).toBe(403);
    expect((await resolve(ADMIN, { id: 99_999_999, decision: 'refund' })).statusCode).toBe(404);
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/AdminDisputes.php?status=open',
      headers: { authorization: t.initData(ADMIN) },
    });
    expect(queue.json().disputes.map((d: { id: number }) => d.id)).toContain(id);
  });

  it('refuses to refund the advisor’s own person (linked after opening)', async () => {
    const user = await aClient();
    const ids = await send(user, 1);
    const id = await opened(user, ids);
    await linkAdvisor(t, advisorId, user);
    try {
      const before = await balanceAndLedger(user);
      const answer = await resolve(ADMIN, { id, decision: 'refund' });
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('own_advisor');
      expect(await balanceAndLedger(user)).toEqual(before);
      expect(await reversals(id)).toEqual([]);
    } finally {
      await unlink();
    }
  });
});

describe('with satisfaction credits', () => {
  const rate = async (userId: number, rating: number) => {
    const answer = await call(userId, 'CreateReview.php', {
      manager_id: advisorId,
      rating,
      text: '',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().satisfaction_offer as { id: number; amount_cents: number } | null;
  };
  const claim = (userId: number, offerId: number) =>
    call(userId, 'ClaimSatisfactionCredit.php', { offer_id: offerId });

  it('does not open a case about messages a claimed credit paid back', async () => {
    const user = await aClient();
    const ids = await send(user, 2);
    const offer = (await rate(user, 1))!;
    expect((await claim(user, offer.id)).statusCode).toBe(200);
    const answer = await open(user, ids);
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/satisfaction credit/);
    const choosable = (
      await call(user, `GetDisputableMessages.php?manager_id=${advisorId}`)
    ).json();
    expect(choosable.messages).toEqual([]);
  });

  it('does not refund messages a credit claimed after the case was opened paid back', async () => {
    const user = await aClient();
    const ids = await send(user, 2);
    const offer = (await rate(user, 1))!;
    const id = await opened(user, ids);
    expect((await claim(user, offer.id)).statusCode).toBe(200);
    const before = await balanceAndLedger(user);
    const answer = await resolve(ADMIN, { id, decision: 'refund' });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().message).toMatch(/satisfaction credit/);
    expect(await balanceAndLedger(user)).toEqual(before);
  });

  it('withdraws an unclaimed offer for refunded messages, and offers nothing new for them', async () => {
    const user = await aClient();
    const ids = await send(user, 2);
    const offer = (await rate(user, 2))!;
    const id = await opened(user, ids);
    expect((await resolve(ADMIN, { id, decision: 'refund' })).statusCode).toBe(200);
    const claimed = await claim(user, offer.id);
    expect(claimed.statusCode).toBe(409);
    expect(await refundRows(id)).toHaveLength(1);
    const [credits] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ledger WHERE user_id = ${user} AND reason = 'satisfaction_credit'`;
    expect(credits!.n).toBe(0);
    const money = await balanceAndLedger(user);
    expect(money.balance).toBe(money.ledger);
  });

  it('leaves messages in an open case out of a new offer', async () => {
    const user = await aClient();
    const ids = await send(user, 3);
    await opened(user, ids.slice(0, 2));
    const offer = (await rate(user, 1))!;
    expect(offer).toMatchObject({ amount_cents: PRICE, message_count: 1 });
  });
});
