/** What a paid message's text may be: invisible texts are refused uncharged, bidi controls stripped, emoji counted as people see them. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
let advisorId: number;
beforeAll(async () => {
  t = await startTestApp();
  advisorId = (await t.services.advisors.list())[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

function send(userId: number, payload: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/CreateMessage.php',
    headers: { authorization: t.initData(userId) },
    payload: { manager_id: advisorId, ...payload },
  });
}

async function walletOf(userId: number) {
  const [row] = await t.db.sql<{ balance_cents: number; free_messages: number }[]>`
    SELECT balance_cents, free_messages FROM users WHERE telegram_id = ${userId}`;
  return row!;
}

async function storedTexts(userId: number): Promise<string[]> {
  const rows = await t.db.sql<{ text: string }[]>`
    SELECT m.text FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE d.user_id = ${userId} ORDER BY m.id`;
  return rows.map((row) => row.text);
}

/** A user who has used the free messages and holds a balance, so both kinds of payment are watched. */
async function payingUser(): Promise<number> {
  const userId = newUserId();
  for (let i = 0; i < 3; i++)
    expect((await send(userId, { message: `hi ${i}` })).statusCode).toBe(200);
  await t.services.money.change({ userId, amountCents: 10_000, reason: 'admin_credit' });
  return userId;
}

describe('a message with nothing visible', () => {
  it('answers 400 and charges nothing: no free message, no balance, no message row', async () => {
    const freeUser = newUserId();
    const paying = await payingUser();
    const invisible = [
      '\u200B\u200B\u200B',
      '\u200B \u00A0\uFEFF\u2060\u200D',
      '\u3164\u115F\u1160',
      '\u2800\u2800',
      '\u00AD\u034F\u180E',
      '\u202E\u2066\u2069',
    ];
    // Opening the wallet first makes the user exist with the free messages.
    await t.app.inject({
      method: 'GET',
      url: '/api/GetUser.php',
      headers: { authorization: t.initData(freeUser) },
    });
    for (const userId of [freeUser, paying]) {
      const before = { wallet: await walletOf(userId), texts: await storedTexts(userId) };
      for (const message of invisible) {
        for (const extra of [{}, { request_type: 'tarot' }]) {
          const answer = await send(userId, { message, ...extra });
          expect(answer.statusCode).toBe(400);
          expect(answer.json()).toMatchObject({
            status: 'error',
            code: 'bad_request',
            message: 'message: message must not be empty',
          });
        }
      }
      expect(await walletOf(userId)).toEqual(before.wallet);
      expect(await storedTexts(userId)).toEqual(before.texts);
    }
  });
});

describe('bidi controls', () => {
  it('strips override and isolate controls before the message is stored and shown', async () => {
    const userId = newUserId();
    const answer = await send(userId, { message: 'invoice\u202Egpj.exe \u2067x\u2069' });
    expect(answer.statusCode).toBe(200);
    const sent = CALLS.CreateMessage.answer.parse(answer.json());
    expect(sent.data.message.message_text).toBe('invoicegpj.exe x');
    expect(await storedTexts(userId)).toEqual(['invoicegpj.exe x']);
  });
});

describe('length in user-perceived characters', () => {
  const emoji26 = '👨‍👩‍👧‍👦👩‍👩‍👧👨‍💻🧑🏽‍🚀👩🏻‍❤️‍💋‍👨🏼🏳️‍🌈🏳️‍⚧️🏴‍☠️🇺🇦🇯🇵🇧🇷🇺🇸🏴󠁧󠁢󠁥󠁮󠁧󠁿🏴󠁧󠁢󠁳󠁣󠁴󠁿👍🏽👋🏿🤝🏻✌️❤️1️⃣#️⃣😀🔮🌙⭐🃏';

  it('accepts 26 emoji in a 50-character message and stores them intact', async () => {
    const userId = newUserId();
    const answer = await send(userId, { message: emoji26 });
    expect(answer.statusCode).toBe(200);
    expect(await storedTexts(userId)).toEqual([emoji26]);
    const history = CALLS.GetAllMessages.answer.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/GetAllMessages.php?manager_id=${advisorId}`,
          headers: { authorization: t.initData(userId) },
        })
      ).json(),
    );
    expect(history.messages.map((m) => m.message_text)).toEqual([emoji26]);
  });

  it('accepts 50 flags and refuses 51 without charging', async () => {
    const userId = newUserId();
    expect((await send(userId, { message: '🇺🇦'.repeat(50) })).statusCode).toBe(200);
    const before = await walletOf(userId);
    const answer = await send(userId, { message: '🇺🇦'.repeat(51) });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toBe('message: message must be at most 50 characters');
    expect(await storedTexts(userId)).toEqual(['🇺🇦'.repeat(50)]);
    expect(await walletOf(userId)).toEqual(before);
  });
});
