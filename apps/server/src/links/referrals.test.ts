/**
 * Referrals against the real database: an invitee is recorded only when first seen through the
 * link (new, not themselves, once); the first real top-up pays both sides free messages once,
 * in the top-up's transaction, even when the same top-up arrives twice at once or two top-ups
 * race; the monthly cap; demo and admin credits do not qualify; an admin's reversal.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { signInitData } from '../auth/init-data.js';
import { TEST_BOT_TOKEN } from '../test/harness.js';
import { receiptText } from '../bot/receipts.js';

const ADMIN = 990_001;
const APP_URL = 'https://t.me/seer_test_bot/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    seed: false,
    env: {
      TELEGRAM_APP_URL: APP_URL,
      ADMIN_TELEGRAM_IDS: String(ADMIN),
      REFERRAL_FREE_MESSAGES: '3',
      REFERRAL_MONTHLY_CAP: '2',
      REFERRAL_MIN_TOP_UP_CENTS: '500',
      FREE_MESSAGES: '3',
    },
  });
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST', url: string, auth: string, payload?: object) {
  const response = await t.app.inject({
    method,
    url,
    headers: { authorization: auth },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** Opens the app as this user (creating them when new), through a link with this start parameter. */
async function open(userId: number, startParam?: string) {
  const initData = signInitData(
    TEST_BOT_TOKEN,
    { id: userId, first_name: `User${userId}` },
    startParam ? { extra: { start_param: startParam } } : {},
  );
  const answer = await call('GET', '/api/GetUser.php', initData);
  expect(answer.status).toBe(200);
  return initData;
}

async function inviteOf(userId: number) {
  const answer = await call('GET', '/api/GetInvite.php', t.initData(userId));
  expect(answer.status).toBe(200);
  return CALLS.GetInvite.answer.parse(answer.body);
}

async function freeMessages(userId: number): Promise<number> {
  const [row] = await t.db.sql<{ free_messages: number }[]>`
    SELECT free_messages FROM users WHERE telegram_id = ${userId}`;
  return row!.free_messages;
}

async function bonuses(userId: number) {
  return t.db.sql<{ reference: string; free_messages_delta: number }[]>`
    SELECT reference, free_messages_delta FROM ledger
    WHERE user_id = ${userId} AND reason = 'referral_bonus' ORDER BY id`;
}

/** A Stars top-up as the payments service credits it (reason stars, the charge id as reference). */
function topUp(userId: number, reference: string, cents = 500) {
  return t.services.money.change({ userId, reason: 'stars', amountCents: cents, reference });
}

/** An inviter (already a user) and a new invitee who opened the app through the invite link. */
async function invited(): Promise<{ inviter: number; invitee: number; code: string }> {
  const inviter = newUserId();
  await open(inviter);
  const { code } = await inviteOf(inviter);
  const invitee = newUserId();
  await open(invitee, `ref_${code}`);
  return { inviter, invitee, code };
}

describe('the invite code and link', () => {
  it('is one code per user, in a Mini App link with startapp=ref_<code>', async () => {
    const user = newUserId();
    await open(user);
    const first = await inviteOf(user);
    expect(first.code).toMatch(/^[a-z0-9]{8}$/);
    expect(first.link).toBe(`${APP_URL}?startapp=ref_${first.code}`);
    expect(first).toMatchObject({ joined: 0, rewarded: 0, earned_free_messages: 0 });
    expect(first.free_messages_per_invite).toBe(3);
    expect((await inviteOf(user)).code).toBe(first.code);
  });
});

describe('recording an invitee', () => {
  it('records a new user who opened the app through the link', async () => {
    const { inviter } = await invited();
    expect((await inviteOf(inviter)).joined).toBe(1);
  });

  it('ignores an existing user, the inviter themselves, a second link and unknown codes', async () => {
    const inviter = newUserId();
    await open(inviter);
    const { code } = await inviteOf(inviter);
    // An existing user opening the link later is not an invitee.
    const existing = newUserId();
    await open(existing);
    await open(existing, `ref_${code}`);
    // The inviter opening their own link (new init data, same user).
    await open(inviter, `ref_${code}`);
    // Unknown and malformed codes.
    await open(newUserId(), 'ref_zzzzzzzz');
    await open(newUserId(), 'ref_<script>');
    expect((await inviteOf(inviter)).joined).toBe(0);

    // Once: an invitee of one inviter cannot later be another's.
    const other = newUserId();
    await open(other);
    const otherCode = (await inviteOf(other)).code;
    const invitee = newUserId();
    await open(invitee, `ref_${code}`);
    await open(invitee, `ref_${otherCode}`);
    expect((await inviteOf(inviter)).joined).toBe(1);
    expect((await inviteOf(other)).joined).toBe(0);
  });
});

describe('the reward at the first top-up', () => {
  it('gives both sides the free messages once, in the top-up transaction', async () => {
    const { inviter, invitee } = await invited();
    const before = { inviter: await freeMessages(inviter), invitee: await freeMessages(invitee) };
    const wallet = await topUp(invitee, `charge-${invitee}-1`);
    // The top-up's own answer already counts the bonus.
    expect(wallet.freeMessages).toBe(before.invitee + 3);
    expect(await freeMessages(inviter)).toBe(before.inviter + 3);
    expect(await bonuses(invitee)).toEqual([
      { reference: `referral:${invitee}:invitee`, free_messages_delta: 3 },
    ]);
    expect(await bonuses(inviter)).toEqual([
      { reference: `referral:${invitee}:inviter`, free_messages_delta: 3 },
    ]);
    // A second top-up pays nothing more.
    await topUp(invitee, `charge-${invitee}-2`);
    expect(await freeMessages(invitee)).toBe(before.invitee + 3);
    expect(await freeMessages(inviter)).toBe(before.inviter + 3);
    expect(await inviteOf(inviter)).toMatchObject({
      joined: 1,
      rewarded: 1,
      earned_free_messages: 3,
    });
  });

  it('waits until real top-ups add up to REFERRAL_MIN_TOP_UP_CENTS: not at $0.01, less Stars given back', async () => {
    const { inviter, invitee } = await invited();
    await topUp(invitee, `min-${invitee}-1`, 1);
    await topUp(invitee, `min-${invitee}-2`, 300);
    // Stars given back do not count.
    await t.services.money.change({
      userId: invitee,
      reason: 'stars_refund',
      amountCents: -300,
      reference: `min-${invitee}-2`,
    });
    await topUp(invitee, `min-${invitee}-3`, 498);
    expect(await bonuses(invitee)).toEqual([]);
    expect(await bonuses(inviter)).toEqual([]);
    expect(await inviteOf(inviter)).toMatchObject({ joined: 1, rewarded: 0 });
    // 1 + 300 - 300 + 498 + 1 = 500: this top-up qualifies, once.
    await topUp(invitee, `min-${invitee}-4`, 1);
    expect(await bonuses(invitee)).toHaveLength(1);
    expect(await bonuses(inviter)).toHaveLength(1);
    await topUp(invitee, `min-${invitee}-5`, 500);
    expect(await bonuses(inviter)).toHaveLength(1);
  });

  it('does not come from a test payment or an admin credit, only from a real top-up after them', async () => {
    const { inviter, invitee } = await invited();
    await t.services.money.change({ userId: invitee, reason: 'test_payment', amountCents: 500 });
    await t.services.money.change({ userId: invitee, reason: 'admin_credit', amountCents: 500 });
    expect(await bonuses(invitee)).toEqual([]);
    expect(await bonuses(inviter)).toEqual([]);
    await t.services.money.change({
      userId: invitee,
      reason: 'crypto_deposit',
      amountCents: 1000,
      reference: `np-${invitee}`,
    });
    expect((await bonuses(invitee)).length).toBe(1);
    expect((await bonuses(inviter)).length).toBe(1);
  });

  it('pays once when the same top-up is delivered twice at once', async () => {
    const { inviter, invitee } = await invited();
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () => topUp(invitee, `charge-${invitee}-dup`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const [credits] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM ledger WHERE user_id = ${invitee} AND reason = 'stars'`;
    expect(credits!.n).toBe(1);
    expect(await bonuses(invitee)).toHaveLength(1);
    expect(await bonuses(inviter)).toHaveLength(1);
  });

  it('pays once when two different top-ups race', async () => {
    const { inviter, invitee } = await invited();
    const before = await freeMessages(invitee);
    await Promise.all([
      topUp(invitee, `charge-${invitee}-a`),
      t.services.money.change({
        userId: invitee,
        reason: 'ton_deposit',
        amountCents: 700,
        reference: `ton-${invitee}`,
      }),
      topUp(invitee, `charge-${invitee}-b`),
    ]);
    expect(await bonuses(invitee)).toHaveLength(1);
    expect(await bonuses(inviter)).toHaveLength(1);
    expect(await freeMessages(invitee)).toBe(before + 3);
  });

  it('stops rewarding the inviter past the monthly cap; the invitee still gets theirs', async () => {
    const inviter = newUserId();
    await open(inviter);
    const { code } = await inviteOf(inviter);
    const invitees = [newUserId(), newUserId(), newUserId()];
    for (const invitee of invitees) await open(invitee, `ref_${code}`);
    // Three invitees' first top-ups at once against a cap of 2.
    await Promise.all(invitees.map((invitee) => topUp(invitee, `cap-${invitee}`)));
    expect(await bonuses(inviter)).toHaveLength(2);
    for (const invitee of invitees) expect(await bonuses(invitee)).toHaveLength(1);
    expect(await inviteOf(inviter)).toMatchObject({
      joined: 3,
      rewarded: 2,
      earned_free_messages: 6,
    });
  });
});

describe('the admin', () => {
  it('sees referral credits and reverses one once, never below zero, audit-logged', async () => {
    const admin = await open(ADMIN);
    const { inviter, invitee } = await invited();
    await topUp(invitee, `charge-${invitee}-admin`);
    const listed = CALLS.AdminReferralCredits.answer.parse(
      (await call('GET', `/api/AdminReferralCredits.php?telegram_user_id=${inviter}`, admin)).body,
    );
    expect(listed.credits.map((c) => [c.role, c.telegram_user_id])).toEqual([
      ['inviter', inviter],
      ['invitee', invitee],
    ]);
    const inviteeCredit = listed.credits.find((c) => c.role === 'invitee')!;
    expect(inviteeCredit).toMatchObject({
      inviter_id: inviter,
      invitee_id: invitee,
      free_messages: 3,
      reversed_free_messages: null,
    });

    // The invitee spent all but one free message: the reversal takes back what is left.
    const spend = (await freeMessages(invitee)) - 1;
    await t.services.money.change({
      userId: invitee,
      reason: 'message',
      freeMessagesDelta: -spend,
    });
    const refused = await call('POST', '/api/AdminReverseReferral.php', t.initData(invitee), {
      ledger_id: inviteeCredit.ledger_id,
      reason: 'abuse',
    });
    expect(refused.status).toBe(403);
    const reversed = await call('POST', '/api/AdminReverseReferral.php', admin, {
      ledger_id: inviteeCredit.ledger_id,
      reason: 'same person, two accounts',
    });
    expect(reversed.status).toBe(200);
    expect(reversed.body).toMatchObject({ taken_back: 1, already_used: 2 });
    expect(await freeMessages(invitee)).toBe(0);
    const again = await call('POST', '/api/AdminReverseReferral.php', admin, {
      ledger_id: inviteeCredit.ledger_id,
      reason: 'again',
    });
    expect(again.status).toBe(409);
    const notACredit = await call('POST', '/api/AdminReverseReferral.php', admin, {
      ledger_id: 999_999_999,
      reason: 'x',
    });
    expect(notACredit.status).toBe(404);

    const after = CALLS.AdminReferralCredits.answer.parse(
      (await call('GET', `/api/AdminReferralCredits.php?telegram_user_id=${invitee}`, admin)).body,
    );
    expect(after.credits.find((c) => c.role === 'invitee')!.reversed_free_messages).toBe(1);
    const [audit] = await t.db.sql<{ action: string; details: Record<string, unknown> }[]>`
      SELECT action, details FROM admin_audit WHERE action = 'reverse_referral' ORDER BY id DESC LIMIT 1`;
    expect(audit!.details).toMatchObject({ telegramId: invitee, takenBack: 1, alreadyUsed: 2 });
    const [row] = await t.db.sql<{ free_messages_delta: number; reference: string }[]>`
      SELECT free_messages_delta, reference FROM ledger
      WHERE user_id = ${invitee} AND reason = 'referral_reversal'`;
    expect(row).toEqual({
      free_messages_delta: -1,
      reference: `referral:${invitee}:invitee:reversed`,
    });
  });
});

describe('receipts of referral credits', () => {
  it('name the free messages in English and Russian', () => {
    const entry = {
      reason: 'referral_bonus' as const,
      amountCents: 0,
      balanceCents: 0,
      freeMessagesDelta: 3,
      freeMessages: 6,
    };
    expect(receiptText(entry, 'en')).toBe(
      'Thanks for inviting a friend: 3 free messages added.\nFree messages: 6',
    );
    expect(receiptText(entry, 'ru')).toBe(
      'Спасибо за приглашение друга: начислено 3 бесплатных сообщения.\nБесплатных сообщений: 6',
    );
    expect(
      receiptText(
        { ...entry, reason: 'referral_reversal', freeMessagesDelta: -1, freeMessages: 0 },
        'ru',
      ),
    ).toBe(
      'Seer отменил бонус за приглашение: списано 1 бесплатное сообщение.\nБесплатных сообщений: 0',
    );
  });
});
