/** The client card's rights and consent, the advisor's note and quick replies, over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_CARD_LIMITS, SELF_SERVICE_CATEGORY_ID } from '@seer/contract';
import { startTestApp, type TestApp } from '../test/harness.js';
import { aDialog, aUser, anAdvisor, linkAdvisor } from '../test/builders.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(async () => {
  await t?.close();
});

/** An advisor linked to a Telegram account, and the headers that account calls with. */
async function anAdvisorAccount(categoryId = 1) {
  const advisorId = await anAdvisor(t, { categoryId });
  const telegramId = await linkAdvisor(t, advisorId);
  return { advisorId, telegramId, headers: { authorization: t.initData(telegramId) } };
}

async function cardOf(headers: { authorization: string }, userId: number) {
  return t.app.inject({
    method: 'GET',
    url: `/api/ManagerGetClientCard.php?telegram_user_id=${userId}`,
    headers,
  });
}

/** A user with a name and birth data (5 August 1990, 14:30, Moscow: Sun in Leo, Moon in Capricorn). */
async function aClientBornInMoscow(): Promise<number> {
  const userId = await aUser(t, { freeMessages: 5 });
  const update = await t.app.inject({
    method: 'POST',
    url: '/api/UpdateUser.php',
    headers: { authorization: t.initData(userId, { first_name: 'Maria', username: 'maria_s' }) },
    payload: {
      name: 'Maria S',
      dateOfBirth: '1990-08-05',
      timeOfBirth: '14:30',
      birthPlace: 'moscow',
    },
  });
  expect(update.statusCode).toBe(200);
  return userId;
}

const allow = (userId: number, allowed: boolean) =>
  t.post(userId, 'SetBirthDataSharing.php', { allowed });

describe('client card', () => {
  it("shows the client's name and no birth data, sign or natal points until the client allows it", async () => {
    const advisor = await anAdvisorAccount();
    const userId = await aClientBornInMoscow();
    await aDialog(t, {
      advisorId: advisor.advisorId,
      userId,
      messages: [{ from: 'user', secondsAgo: 60 }],
    });

    const before = await cardOf(advisor.headers, userId);
    expect(before.statusCode).toBe(200);
    expect(before.json().card).toMatchObject({
      telegram_user_id: userId,
      name: 'Maria S',
      username: 'maria_s',
      shares_birth_data: false,
      astrology: null,
      note: null,
    });
    expect(JSON.stringify(before.json())).not.toMatch(/1990|leo|capricorn|moscow/);

    // "Not now" answers the question but still shows nothing.
    expect((await allow(userId, false)).json().sharing).toEqual({ allowed: false, answered: true });
    expect((await cardOf(advisor.headers, userId)).json().card.astrology).toBeNull();
  });

  it('shows birth data, sign, natal Sun and Moon once the client allows it, and hides them again when taken back', async () => {
    const advisor = await anAdvisorAccount();
    const userId = await aClientBornInMoscow();
    await aDialog(t, {
      advisorId: advisor.advisorId,
      userId,
      messages: [{ from: 'user', secondsAgo: 60 }],
    });

    expect((await allow(userId, true)).json().sharing).toEqual({ allowed: true, answered: true });
    const card = (await cardOf(advisor.headers, userId)).json().card;
    expect(card.shares_birth_data).toBe(true);
    expect(card.astrology).toEqual({
      birth_date: '1990-08-05',
      birth_time: '14:30',
      birth_place: 'moscow',
      sign: 'leo',
      sun: 'leo',
      moon: ['capricorn'],
      exact: true,
    });

    await allow(userId, false);
    expect((await cardOf(advisor.headers, userId)).json().card.astrology).toBeNull();
  });

  it("refuses another advisor's client with 403, and a user who is not an advisor", async () => {
    const advisor = await anAdvisorAccount();
    const other = await anAdvisorAccount();
    const userId = await aClientBornInMoscow();
    await allow(userId, true);
    await aDialog(t, {
      advisorId: advisor.advisorId,
      userId,
      messages: [{ from: 'user', secondsAgo: 60 }],
    });

    const refused = await cardOf(other.headers, userId);
    expect(refused.statusCode).toBe(403);
    expect(JSON.stringify(refused.json())).not.toMatch(/1990|Maria/);
    const note = await t.post(other.telegramId, 'ManagerSaveClientNote.php', {
      telegram_user_id: userId,
      text: 'not mine',
    });
    expect(note.statusCode).toBe(403);
    expect((await cardOf({ authorization: t.initData(userId) }, userId)).statusCode).toBe(403);
  });

  it("lists the client's earlier tarot and dream requests to this advisor, newest first, and no one else's", async () => {
    const advisor = await anAdvisorAccount(SELF_SERVICE_CATEGORY_ID);
    const elsewhere = await anAdvisorAccount(SELF_SERVICE_CATEGORY_ID);
    const userId = await aUser(t, { freeMessages: 5 });
    const send = (advisorId: number, message: string, request_type?: 'tarot' | 'dream') =>
      t.post(userId, 'CreateMessage.php', { manager_id: advisorId, message, request_type });
    expect((await send(advisor.advisorId, 'Three cards about work', 'tarot')).statusCode).toBe(200);
    expect((await send(advisor.advisorId, 'Just a question')).statusCode).toBe(200);
    expect((await send(advisor.advisorId, 'A dream of a river', 'dream')).statusCode).toBe(200);
    expect((await send(elsewhere.advisorId, 'Another tarot', 'tarot')).statusCode).toBe(200);

    const card = (await cardOf(advisor.headers, userId)).json().card;
    expect(card.requests.map((r: { kind: string; text: string }) => [r.kind, r.text])).toEqual([
      ['dream', 'A dream of a river'],
      ['tarot', 'Three cards about work'],
    ]);
  });
});

describe("advisor's private note", () => {
  it('is saved, seen only by its advisor, and removed by an empty text', async () => {
    const advisor = await anAdvisorAccount();
    const other = await anAdvisorAccount();
    const userId = await aUser(t);
    await aDialog(t, {
      advisorId: advisor.advisorId,
      userId,
      messages: [{ from: 'user', secondsAgo: 60 }],
    });
    await aDialog(t, {
      advisorId: other.advisorId,
      userId,
      messages: [{ from: 'user', secondsAgo: 60 }],
    });

    const saved = await t.post(advisor.telegramId, 'ManagerSaveClientNote.php', {
      telegram_user_id: userId,
      text: '  Prefers short answers.\nAsked about work twice.  ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().note.text).toBe('Prefers short answers.\nAsked about work twice.');
    expect((await cardOf(advisor.headers, userId)).json().card.note.text).toBe(
      'Prefers short answers.\nAsked about work twice.',
    );
    expect((await cardOf(other.headers, userId)).json().card.note).toBeNull();

    const cleared = await t.post(advisor.telegramId, 'ManagerSaveClientNote.php', {
      telegram_user_id: userId,
      text: '   ',
    });
    expect(cleared.json().note).toBeNull();
    expect((await cardOf(advisor.headers, userId)).json().card.note).toBeNull();
  });

  it('refuses a note over the limit or without text with 400', async () => {
    const advisor = await anAdvisorAccount();
    const userId = await aUser(t);
    await aDialog(t, {
      advisorId: advisor.advisorId,
      userId,
      messages: [{ from: 'user', secondsAgo: 60 }],
    });
    const tooLong = await t.post(advisor.telegramId, 'ManagerSaveClientNote.php', {
      telegram_user_id: userId,
      text: 'x'.repeat(CLIENT_CARD_LIMITS.noteMaxLength + 1),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/at most 2000 characters/);
    const missing = await t.post(advisor.telegramId, 'ManagerSaveClientNote.php', {
      telegram_user_id: userId,
    });
    expect(missing.statusCode).toBe(400);
    const full = await t.post(advisor.telegramId, 'ManagerSaveClientNote.php', {
      telegram_user_id: userId,
      text: 'x'.repeat(CLIENT_CARD_LIMITS.noteMaxLength),
    });
    expect(full.statusCode).toBe(200);
  });
});

describe('quick replies', () => {
  const list = async (headers: { authorization: string }) =>
    (await t.app.inject({ method: 'GET', url: '/api/ManagerGetQuickReplies.php', headers })).json()
      .quick_replies as Array<{ id: number; language: string; text: string }>;

  it('are added per language in order, edited and deleted only by their advisor', async () => {
    const advisor = await anAdvisorAccount();
    const other = await anAdvisorAccount();
    const add = (language: string, text: string) =>
      t.post(advisor.telegramId, 'ManagerAddQuickReply.php', { language, text });
    const first = (await add('en', 'Thank you for your question!')).json().quick_reply;
    await add('ru', 'Спасибо за вопрос!');
    await add('en', 'Let me look at the cards.');
    expect((await list(advisor.headers)).map((r) => [r.language, r.text])).toEqual([
      ['en', 'Thank you for your question!'],
      ['en', 'Let me look at the cards.'],
      ['ru', 'Спасибо за вопрос!'],
    ]);
    expect(await list(other.headers)).toEqual([]);

    const foreignEdit = await t.post(other.telegramId, 'ManagerEditQuickReply.php', {
      id: first.id,
      text: 'mine now',
    });
    expect(foreignEdit.statusCode).toBe(404);
    const foreignDelete = await t.post(other.telegramId, 'ManagerDeleteQuickReply.php', {
      id: first.id,
    });
    expect(foreignDelete.statusCode).toBe(404);

    const edited = await t.post(advisor.telegramId, 'ManagerEditQuickReply.php', {
      id: first.id,
      text: 'Thanks for writing!',
    });
    expect(edited.json().quick_reply).toEqual({
      id: first.id,
      language: 'en',
      text: 'Thanks for writing!',
    });
    expect(
      (await t.post(advisor.telegramId, 'ManagerDeleteQuickReply.php', { id: first.id }))
        .statusCode,
    ).toBe(200);
    expect((await list(advisor.headers)).map((r) => r.text)).toEqual([
      'Let me look at the cards.',
      'Спасибо за вопрос!',
    ]);
  });

  it('refuse bad input with 4xx: an unknown language, empty or too long text, more than the limit per language', async () => {
    const advisor = await anAdvisorAccount();
    const add = (payload: object) =>
      t.post(advisor.telegramId, 'ManagerAddQuickReply.php', payload);
    expect((await add({ language: 'de', text: 'Hallo' })).statusCode).toBe(400);
    expect((await add({ language: 'en', text: '  ' })).statusCode).toBe(400);
    expect(
      (await add({ language: 'en', text: 'x'.repeat(CLIENT_CARD_LIMITS.quickReplyMaxLength + 1) }))
        .statusCode,
    ).toBe(400);
    expect((await add({ language: 'en', text: 7 })).statusCode).toBe(400);
    expect(
      (await t.post(advisor.telegramId, 'ManagerEditQuickReply.php', { id: 'x', text: 'a' }))
        .statusCode,
    ).toBe(400);

    await Promise.all(
      Array.from({ length: CLIENT_CARD_LIMITS.quickRepliesPerLanguage }, (_, i) =>
        add({ language: 'en', text: `Reply ${i}` }),
      ).map(async (answer) => expect((await answer).statusCode).toBe(200)),
    );
    const over = await add({ language: 'en', text: 'One too many' });
    expect(over.statusCode).toBe(409);
    expect((await add({ language: 'ru', text: 'Другой язык' })).statusCode).toBe(200);
    expect((await list(advisor.headers)).filter((r) => r.language === 'en')).toHaveLength(
      CLIENT_CARD_LIMITS.quickRepliesPerLanguage,
    );
  });

  it('are for advisors only', async () => {
    const userId = await aUser(t);
    expect(
      (await t.post(userId, 'ManagerAddQuickReply.php', { language: 'en', text: 'Hi' })).statusCode,
    ).toBe(403);
  });
});

describe('birth data consent', () => {
  it('is off and unanswered for a new user, and answered once set', async () => {
    const userId = await aUser(t);
    const get = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/GetBirthDataSharing.php',
          headers: { authorization: t.initData(userId) },
        })
      ).json().sharing;
    expect(await get()).toEqual({ allowed: false, answered: false });
    await allow(userId, true);
    expect(await get()).toEqual({ allowed: true, answered: true });
    expect((await t.post(userId, 'SetBirthDataSharing.php', { allowed: 'yes' })).statusCode).toBe(
      400,
    );
  });
});
