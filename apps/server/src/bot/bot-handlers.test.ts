/**
 * The bot's commands through the fake Bot API: /paysupport and /terms answered in English and
 * Russian (Telegram requires both of a Stars seller), and the command menu published at start.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi, type RecordedCall } from '../test/fakes/bot-api.js';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';

const PUBLIC_URL = 'https://seer.example';
const SUPPORT_URL = 'https://t.me/seer_help_desk';

let bot: FakeBotApi;
let t: TestApp;
beforeAll(async () => {
  bot = await FakeBotApi.start(TEST_BOT_TOKEN);
  t = await startTestApp({
    seed: false,
    env: { BOT_API_URL: bot.url, PUBLIC_URL, SUPPORT_URL },
  });
  t.services.bot!.start();
});
afterAll(async () => {
  await t?.close();
  await bot?.close();
});

async function answerTo(language: string, text: string): Promise<RecordedCall> {
  const user = newUserId();
  await bot.sendText({ id: user, language_code: language }, text);
  const answer = await bot.waitFor(
    () => bot.acceptedCallsOf('sendMessage').find((c) => c.params.chat_id === user),
    10_000,
  );
  if (!answer) throw new Error(`no answer to ${text} within 10 s`);
  return answer;
}

describe('/paysupport', () => {
  it('says in English where to get help with a payment and a refund', async () => {
    const answer = await answerTo('en', '/paysupport');
    const text = String(answer.params.text);
    expect(text).toMatch(/^Help with payments\n/);
    expect(text).toContain(`Write to Seer support: ${SUPPORT_URL}`);
    expect(text).toContain('refunded');
    expect(text).toContain('Telegram support cannot help with purchases made in Seer.');
    expect(answer.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Write to support', url: SUPPORT_URL }]],
    });
  });

  it('says it in Russian to a Russian user', async () => {
    const answer = await answerTo('ru', '/paysupport@seer_test_bot');
    const text = String(answer.params.text);
    expect(text).toMatch(/^Помощь с оплатой\n/);
    expect(text).toContain(`Напишите в поддержку Seer: ${SUPPORT_URL}`);
    expect(text).toContain('Поддержка Telegram не может помочь с покупками в Seer.');
    expect(answer.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Написать в поддержку', url: SUPPORT_URL }]],
    });
  });
});

describe('/terms', () => {
  it('links the terms page, separate from the privacy policy, in English', async () => {
    const answer = await answerTo('en-US', '/terms');
    expect(answer.params.text).toBe(
      `Seer’s terms of service: ${PUBLIC_URL}/terms\nTopping up your balance means you accept them.\nPrivacy policy: ${PUBLIC_URL}/privacy-policy`,
    );
    expect(answer.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Read the terms', web_app: { url: `${PUBLIC_URL}/terms` } }]],
    });
  });

  it('and in Russian', async () => {
    const answer = await answerTo('ru', '/terms');
    expect(answer.params.text).toBe(
      `Условия использования Seer: ${PUBLIC_URL}/terms\nПополняя баланс, вы их принимаете.\nПолитика конфиденциальности: ${PUBLIC_URL}/privacy-policy`,
    );
    expect(answer.params.reply_markup).toEqual({
      inline_keyboard: [[{ text: 'Открыть условия', web_app: { url: `${PUBLIC_URL}/terms` } }]],
    });
  });
});

describe('the command menu', () => {
  it('is published at start for English (also the default) and Russian', async () => {
    await bot.waitFor(() => (bot.myCommands.size === 3 ? true : undefined), 10_000);
    expect(bot.myCommands.get('')).toEqual([
      { command: 'start', description: 'Open Seer' },
      { command: 'paysupport', description: 'Help with payments and refunds' },
      { command: 'terms', description: 'Terms of service' },
    ]);
    expect(bot.myCommands.get('en')).toEqual(bot.myCommands.get(''));
    expect(bot.myCommands.get('ru')).toEqual([
      { command: 'start', description: 'Открыть Seer' },
      { command: 'paysupport', description: 'Помощь с оплатой и возвратами' },
      { command: 'terms', description: 'Условия использования' },
    ]);
    expect(bot.acceptedCallsOf('setMyCommands')).toHaveLength(3);
    // getMe told the bot its name (the deposit info's return link uses it).
    expect(t.services.bot!.username).toBe('seer_test_bot');
  });

  it('is published again after Telegram refused it for a while', async () => {
    const fake = await FakeBotApi.start(TEST_BOT_TOKEN);
    fake.failNext('setMyCommands', 429, 'Too Many Requests: retry after 1', {
      retryAfterSeconds: 1,
    });
    fake.failNext('setMyCommands', 429, 'Too Many Requests: retry after 1', {
      retryAfterSeconds: 1,
    });
    fake.failNext('setMyCommands', 429, 'Too Many Requests: retry after 1', {
      retryAfterSeconds: 1,
    });
    const app = await startTestApp({ seed: false, env: { BOT_API_URL: fake.url, PUBLIC_URL } });
    try {
      app.services.bot!.start();
      await fake.waitFor(() => (fake.myCommands.size === 3 ? true : undefined), 15_000);
      expect(fake.myCommands.size).toBe(3);
      expect(fake.callsOf('setMyCommands').filter((c) => c.status === 429).length).toBe(3);
    } finally {
      await app.close();
      await fake.close();
    }
  });
});
