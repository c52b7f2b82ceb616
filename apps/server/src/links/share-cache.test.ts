/**
 * ShareAdvisor keeps the prepared message per user, advisor and language while Telegram keeps it
 * (its expiration_date, less a minute) and the card is the same: repeated or parallel shares make
 * one savePreparedInlineMessage call; another advisor, language or user, a changed card, an
 * expiring message or a refusal asks Telegram again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Api } from 'grammy';
import { CALLS } from '@seer/contract';
import { BotApi } from '../bot/bot-api.js';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { DeepLinks } from './deep-links.js';
import { PREPARED_MESSAGE_MARGIN_MS, ShareService } from './share.service.js';

let t: TestApp;
let bot: FakeBotApi;
beforeAll(async () => {
  t = await startTestApp();
  bot = t.botApi!;
});
afterAll(async () => {
  await t?.close();
});

async function share(userId: number, advisorId: number, lang?: 'en' | 'ru') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/ShareAdvisor.php',
    headers: { authorization: t.initData(userId) },
    payload: { manager_id: advisorId, ...(lang ? { lang } : {}) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return CALLS.ShareAdvisor.answer.parse(response.json()).prepared_message_id;
}

const preparedCalls = () => bot.callsOf('savePreparedInlineMessage').length;

describe('ShareAdvisor.php', () => {
  it('prepares the card once for repeated shares of one advisor in one language', async () => {
    const user = newUserId();
    const before = preparedCalls();
    const first = await share(user, 1, 'en');
    expect(first).not.toBeNull();
    for (let i = 0; i < 5; i++) expect(await share(user, 1, 'en')).toBe(first);
    expect(preparedCalls() - before).toBe(1);
    // Another language, advisor or user is another message.
    const russian = await share(user, 1, 'ru');
    const other = await share(user, 2, 'en');
    const someoneElse = await share(newUserId(), 1, 'en');
    expect(new Set([first, russian, other, someoneElse]).size).toBe(4);
    expect(preparedCalls() - before).toBe(4);
    expect(bot.preparedMessages.get(first!)?.userId).toBe(user);
  });

  it('makes one call for a burst of parallel shares', async () => {
    const user = newUserId();
    const before = preparedCalls();
    const ids = await Promise.all(Array.from({ length: 10 }, () => share(user, 3, 'en')));
    expect(new Set(ids).size).toBe(1);
    expect(ids[0]).not.toBeNull();
    expect(preparedCalls() - before).toBe(1);
  });

  it('prepares again once the card changed', async () => {
    const user = newUserId();
    const before = await share(user, 4, 'en');
    // Renamed behind the app's back: the card's content alone must tell the cache it changed.
    await t.db.sql`UPDATE advisors SET name = 'Renamed Advisor' WHERE id = 4`;
    const after = await share(user, 4, 'en');
    expect(after).not.toBe(before);
    expect(bot.preparedMessages.get(after!)?.result).toMatchObject({ title: 'Renamed Advisor' });
    expect(await share(user, 4, 'en')).toBe(after);
  });

  it('keeps no refusal: a user Telegram did not know is asked for again', async () => {
    const user = newUserId();
    bot.unknownUsers.add(user);
    const before = preparedCalls();
    expect(await share(user, 1, 'en')).toBeNull();
    expect(await share(user, 1, 'en')).toBeNull();
    bot.unknownUsers.delete(user);
    expect(await share(user, 1, 'en')).not.toBeNull();
    expect(preparedCalls() - before).toBe(3);
  });
});

describe('a prepared message near its expiration_date', () => {
  it('is reused until a minute before it, then prepared again', async () => {
    let now = Date.now();
    const service = new ShareService(
      t.services.advisors,
      new DeepLinks({
        telegramAppUrl: 'https://t.me/seer_test_bot/app',
        botUsername: () => 'seer_test_bot',
        publicUrl: 'https://seer.example',
      }),
      new BotApi(new Api(TEST_BOT_TOKEN, { apiRoot: bot.url })),
      () => {},
      () => now,
    );
    const user = newUserId();
    const before = preparedCalls();
    const first = await service.prepareAdvisorShare(user, 1, 'en');
    const call = bot.callsOf('savePreparedInlineMessage').at(-1)!;
    expect(call.params.user_id).toBe(user);
    const expiresAtMs = bot.preparedMessages.get(first.preparedMessageId!)!.expirationDate * 1000;

    now = expiresAtMs - PREPARED_MESSAGE_MARGIN_MS - 1000;
    expect((await service.prepareAdvisorShare(user, 1, 'en')).preparedMessageId).toBe(
      first.preparedMessageId,
    );
    expect(preparedCalls() - before).toBe(1);

    now = expiresAtMs - PREPARED_MESSAGE_MARGIN_MS + 1000;
    const renewed = await service.prepareAdvisorShare(user, 1, 'en');
    expect(renewed.preparedMessageId).not.toBe(first.preparedMessageId);
    expect(preparedCalls() - before).toBe(2);
  });

  it('is not kept when Telegram gives it less than a minute', async () => {
    const user = newUserId();
    bot.preparedMessageLifetimeSeconds = 30;
    try {
      const before = preparedCalls();
      const first = await share(user, 5, 'en');
      const second = await share(user, 5, 'en');
      expect(second).not.toBe(first);
      expect(preparedCalls() - before).toBe(2);
    } finally {
      bot.preparedMessageLifetimeSeconds = FakeBotApi.PREPARED_MESSAGE_LIFETIME_SECONDS;
    }
  });
});
