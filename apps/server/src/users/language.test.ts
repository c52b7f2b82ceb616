/**
 * The one language rule on the server (docs/decisions/042-one-language-rule.md): the language a
 * user chose in Settings is kept (UpdatePreferences), and the catalogue, the bot's notices and
 * commands, Stars invoices, checkout refusals and receipts speak it even when Telegram says
 * another; without a choice Telegram's language decides.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, formatMoney } from '@seer/contract';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { anAdvisor } from '../test/builders.js';
import { TelegramBot } from '../bot/telegram-bot.js';
import { registerBotHandlers } from '../bot/bot-handlers.js';
import { signInitData } from '../auth/init-data.js';
import { localeOfUser } from './language.js';

const PUBLIC_URL = 'https://seer.example';
const SUPPORT_URL = 'https://t.me/seer_help_desk';

let bot: FakeBotApi;
let t: TestApp;
beforeAll(async () => {
  bot = await FakeBotApi.start(TEST_BOT_TOKEN);
  t = await startTestApp({
    env: { BOT_API_URL: bot.url, PUBLIC_URL, SUPPORT_URL, DEMO_REPLY_DELAY_MS: '600000-600000' },
  });
  t.services.bot!.start();
});
afterAll(async () => {
  await t?.close();
  await bot?.close();
});

/** A call from a user whose Telegram speaks English and who lets the bot write to them. */
function asEnglishUser(userId: number, method: 'GET' | 'POST', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: {
      authorization: t.initData(userId, { language_code: 'en', allows_write_to_pm: true }),
    },
    ...(payload ? { payload } : {}),
  });
}

async function choose(userId: number, language: 'ru' | 'en' | null) {
  const answer = await asEnglishUser(userId, 'POST', '/api/UpdatePreferences.php', { language });
  expect(answer.statusCode, answer.body).toBe(200);
  return CALLS.UpdatePreferences.answer.parse(answer.json()).preferences;
}

/** A user of an English Telegram who chose Russian in Settings. */
async function russianByChoice(): Promise<number> {
  const userId = newUserId();
  await choose(userId, 'ru');
  return userId;
}

describe('the language chosen in Settings', () => {
  it('is kept and answered with the preferences, and null (Auto) forgets it', async () => {
    const userId = newUserId();
    expect(await choose(userId, 'ru')).toMatchObject({ language: 'ru', theme: 'system' });
    const profile = await asEnglishUser(userId, 'GET', '/api/GetUser.php');
    expect(profile.json()).toMatchObject({ language_code: 'en', preferences: { language: 'ru' } });
    // Other preferences leave it as it is.
    const sound = await asEnglishUser(userId, 'POST', '/api/UpdatePreferences.php', {
      sound: false,
    });
    expect(sound.json().preferences).toMatchObject({ sound: false, language: 'ru' });
    expect(await choose(userId, null)).toMatchObject({ language: null });
  });

  it('refuses a language Seer does not speak with a 400 that says what is allowed', async () => {
    const userId = newUserId();
    for (const language of ['de', 'RU', 'ru-RU', '', 5, true, ['ru'], { ru: true }]) {
      const answer = await asEnglishUser(userId, 'POST', '/api/UpdatePreferences.php', {
        language,
      });
      expect(answer.statusCode, JSON.stringify(language)).toBe(400);
      expect(answer.json().message).toMatch(/^language: language must be one of: ru, en/);
    }
    const profile = await asEnglishUser(userId, 'GET', '/api/GetUser.php');
    expect(profile.json().preferences.language).toBeNull();
  });

  it("outlives Telegram's next language code, which decides again once the choice is forgotten", async () => {
    const userId = await russianByChoice();
    // Telegram now says German: init data signed after the choice.
    const later = signInitData(
      TEST_BOT_TOKEN,
      { id: userId, first_name: 'Ann', language_code: 'de' },
      { authDate: Math.floor(Date.now() / 1000) + 60 },
    );
    const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: later },
        ...(payload ? { payload } : {}),
      });
    expect((await call('GET', '/api/GetUser.php')).json()).toMatchObject({
      language_code: 'de',
      preferences: { language: 'ru' },
    });
    expect(await t.services.users.localeOf(userId)).toBe('ru');
    expect((await call('POST', '/api/UpdatePreferences.php', { language: null })).statusCode).toBe(
      200,
    );
    expect(await t.services.users.localeOf(userId)).toBe('en');
  });
});

describe("Telegram's language", () => {
  it('is kept when later init data says none (the field is optional), and changed when it says another', async () => {
    const userId = newUserId();
    const now = Math.floor(Date.now() / 1000);
    const getUser = (initData: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/GetUser.php',
        headers: { authorization: initData },
      });
    const signed = (language_code: string | undefined, authDate: number) =>
      signInitData(
        TEST_BOT_TOKEN,
        { id: userId, first_name: 'Ann', ...(language_code ? { language_code } : {}) },
        { authDate },
      );
    expect((await getUser(signed('ru', now))).json()).toMatchObject({ language_code: 'ru' });
    expect((await getUser(signed(undefined, now + 5))).json()).toMatchObject({
      language_code: 'ru',
    });
    expect(await t.services.users.localeOf(userId)).toBe('ru');
    expect((await getUser(signed('en', now + 10))).json()).toMatchObject({ language_code: 'en' });
  });
});

describe('the catalogue without lang', () => {
  it("answers advisors' texts in the chosen language, at once, and in Telegram's without one", async () => {
    const userId = newUserId();
    const first = async () => {
      const answer = await asEnglishUser(userId, 'GET', '/api/GetAllManagers.php');
      return CALLS.GetAllManagers.answer.parse(answer.json()).data.managers[0]!;
    };
    expect((await first()).text_language).toBe('en');
    await choose(userId, 'ru');
    expect((await first()).text_language).toBe('ru');
    const one = await asEnglishUser(userId, 'GET', `/api/GetManager.php?id=${(await first()).id}`);
    expect(one.json().manager.text_language).toBe('ru');
    await choose(userId, null);
    expect((await first()).text_language).toBe('en');
  });
});

describe('the bot', () => {
  it("writes an advisor's reply notice in the chosen language, not Telegram's", async () => {
    const advisorTelegramId = newUserId();
    const advisorId = await anAdvisor(t, { name: 'Vera', linkedTelegramId: advisorTelegramId });
    const userId = await russianByChoice();
    const sent = await asEnglishUser(userId, 'POST', '/api/CreateMessage.php', {
      manager_id: advisorId,
      message: 'Hello',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const reply = await asEnglishUser(advisorTelegramId, 'POST', '/api/ManagerSendMessage.php', {
      telegram_user_id: userId,
      message: 'The cards say yes',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const notice = await bot.waitFor(
      () => bot.acceptedCallsOf('sendMessage').find((c) => c.params.chat_id === userId),
      10_000,
    );
    expect(notice?.params.text).toBe('Vera ответил(а) вам в Seer.');
    expect(notice?.params.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Открыть чат', web_app: { url: `${PUBLIC_URL}/chat/${advisorId}` } }],
      ],
    });
  });

  it('tells of a favourite advisor coming online in the chosen language', async () => {
    const advisorId = await anAdvisor(t, { name: 'Lena' });
    const userId = await russianByChoice();
    for (const [url, payload] of [
      ['/api/AddFavourite.php', { manager_id: advisorId }],
      ['/api/SetFavouriteAlerts.php', { enabled: true }],
    ] as const)
      expect((await asEnglishUser(userId, 'POST', url, payload)).statusCode).toBe(200);
    await t.services.favouriteAlerts.cameOnline(advisorId);
    const alert = await bot.waitFor(
      () => bot.acceptedCallsOf('sendMessage').find((c) => c.params.chat_id === userId),
      10_000,
    );
    expect(alert?.params.text).toBe('Lena из вашего избранного сейчас в сети в Seer.');
  });

  it('answers a command in the sender’s chosen language, else in the language of the update', async () => {
    // The commands as the app registers them, on a bot of their own that is handed updates directly.
    const commands = new TelegramBot({
      token: TEST_BOT_TOKEN,
      apiUrl: bot.url,
      publicUrl: PUBLIC_URL,
      webhookSecret: undefined,
      sql: t.db.sql,
    });
    registerBotHandlers(commands.updates, {
      publicUrl: PUBLIC_URL,
      supportUrl: SUPPORT_URL,
      users: t.services.users,
    });
    let updateId = 1;
    const answerTo = async (from: { id: number; language_code?: string }) => {
      await commands.handleUpdate({
        update_id: updateId++,
        message: {
          message_id: updateId,
          date: Math.floor(Date.now() / 1000),
          chat: { id: from.id, type: 'private', first_name: 'T' },
          from: { is_bot: false, first_name: 'T', ...from },
          text: '/paysupport',
          entities: [{ type: 'bot_command', offset: 0, length: '/paysupport'.length }],
        },
      });
      const answer = bot
        .acceptedCallsOf('sendMessage')
        .findLast((c) => c.params.chat_id === from.id);
      return String(answer?.params.text).split('\n')[0];
    };
    const chose = await russianByChoice();
    expect(await answerTo({ id: chose, language_code: 'en' })).toBe('Помощь с оплатой');
    expect(await answerTo({ id: newUserId(), language_code: 'en' })).toBe('Help with payments');
    expect(await answerTo({ id: newUserId(), language_code: 'ru-RU' })).toBe('Помощь с оплатой');
    // Neither a choice nor a code: the one fallback.
    expect(await answerTo({ id: newUserId() })).toBe('Помощь с оплатой');
  });
});

describe('Stars', () => {
  it('invoices, refuses at checkout and confirms payment in the chosen language', async () => {
    const userId = await russianByChoice();
    const created = await asEnglishUser(userId, 'POST', '/api/CreateStarsInvoice.php', {
      amount: '12.50',
    });
    expect(created.statusCode, created.body).toBe(200);
    const link = CALLS.CreateStarsInvoice.answer.parse(created.json()).invoice_link;
    const amount = formatMoney(1250, 'ru');
    expect(bot.invoices.get(link)).toMatchObject({
      title: 'Пополнение баланса Seer',
      description: `${amount} на ваш баланс в Seer, оплата в Telegram Stars.`,
    });

    // Telegram gives English with the query; the choice still wins.
    expect(await bot.payInvoice(link, userId, { amount: 1, languageCode: 'en' })).toMatchObject({
      ok: false,
      error: 'Сумма не совпадает со счётом.',
    });
    expect(await bot.payInvoice(link, userId, { languageCode: 'en' })).toMatchObject({ ok: true });
    const receipt = await bot.waitFor(
      () =>
        bot
          .acceptedCallsOf('sendMessage')
          .find((c) => c.params.chat_id === userId && String(c.params.text).includes('Stars')),
      10_000,
    );
    expect(receipt?.params.text).toBe(
      `Получена оплата в Telegram Stars: на баланс зачислено ${amount}.\nБаланс: ${amount}`,
    );
  });

  it("invoices in Telegram's language when nothing was chosen", async () => {
    const userId = newUserId();
    const created = await asEnglishUser(userId, 'POST', '/api/CreateStarsInvoice.php', {
      amount: '12.50',
    });
    const link = CALLS.CreateStarsInvoice.answer.parse(created.json()).invoice_link;
    expect(bot.invoices.get(link)).toMatchObject({ title: 'Seer balance top-up' });
  });
});

describe('localeOfUser', () => {
  it('takes the code of a Telegram update over the stored one, and a choice over both', () => {
    expect(localeOfUser({ chosen_language: null, language_code: 'ru' }, 'en')).toBe('en');
    expect(localeOfUser({ chosen_language: null, language_code: 'ru' }, undefined)).toBe('ru');
    expect(localeOfUser({ chosen_language: 'en', language_code: 'ru' }, 'ru')).toBe('en');
    expect(localeOfUser(null, 'en-US')).toBe('en');
    expect(localeOfUser(null)).toBe('ru');
  });
});
