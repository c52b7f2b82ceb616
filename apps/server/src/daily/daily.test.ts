/**
 * The daily ritual (decision 054): the onboarding offered once, the morning message due at the
 * user's local hour across time zones and summer time, once a local day even with two instances
 * at once, only to users the bot may write to, stopped by its button through the fake Bot API;
 * the line of the day for the home card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { aUser } from '../test/builders.js';
import { DailyRepository } from './daily.repository.js';
import { MorningMessages, STOP_MORNING } from './morning-messages.js';
import { cardOfTheDay, CARD_WORDS } from './daily-texts.js';

const PUBLIC_URL = 'https://seer.example';
let fake: FakeBotApi;
let t: TestApp;
/** The morning worker's clock. */
let clock = new Date('2030-01-15T07:00:00Z');

beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  t = await startTestApp({
    seed: false,
    env: { BOT_API_URL: fake.url, PUBLIC_URL },
    morningMessages: { now: () => clock },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

async function call(method: 'GET' | 'POST', name: string, userId: number, payload?: object) {
  const response = await t.app.inject({
    method,
    url: `/api/${name}`,
    headers: { authorization: t.initData(userId) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> };
}

/** A user who let the bot write and asked for the morning message at `hour` in `zone`. */
async function earlyBird(zone: string, hour = 8, options: { language?: string } = {}) {
  const userId = await aUser(t, {
    allowsWriteToPm: true,
    ...(options.language ? { languageCode: options.language } : {}),
  });
  const saved = await call('POST', 'SetMorningMessage.php', userId, {
    enabled: true,
    hour,
    time_zone: zone,
  });
  expect(saved.status).toBe(200);
  // Enabling after the hour (by the real clock) counts that real day as done; the tests' clock
  // runs in 2030, after it.
  return userId;
}

async function outboxOf(chatId: number) {
  return t.db.sql<Array<{ text: string; reply_markup: unknown }>>`
    SELECT text, reply_markup FROM bot_outbox WHERE chat_id = ${chatId} ORDER BY id`;
}

const tick = () => t.services.morningMessages!.tick();

describe('the onboarding', () => {
  it('is offered to a new user until finished or skipped, and never to one with a birth date', async () => {
    const user = newUserId();
    const first = await call('GET', 'GetDailyRitual.php', user);
    expect(first.status).toBe(200);
    expect(CALLS.GetDailyRitual.answer.parse(first.body)).toMatchObject({
      onboarding: true,
      morning: { enabled: false, hour: 8, time_zone: null },
    });
    expect((await call('POST', 'CloseOnboarding.php', user, { outcome: 'skipped' })).status).toBe(
      200,
    );
    expect((await call('GET', 'GetDailyRitual.php', user)).body.onboarding).toBe(false);
    // Finishing after skipping changes nothing; it stays closed.
    await call('POST', 'CloseOnboarding.php', user, { outcome: 'done' });
    expect((await call('GET', 'GetDailyRitual.php', user)).body.onboarding).toBe(false);

    const withBirth = newUserId();
    await call('POST', 'UpdateUser.php', withBirth, { dateOfBirth: '1990-08-10' });
    expect((await call('GET', 'GetDailyRitual.php', withBirth)).body.onboarding).toBe(false);

    const bad = await call('POST', 'CloseOnboarding.php', newUserId(), { outcome: 'later' });
    expect(bad.status).toBe(400);
  });
});

describe('the morning message setting', () => {
  it('refuses a bad hour or time zone with a 400 and keeps the setting', async () => {
    const user = await earlyBird('Europe/Moscow', 9);
    for (const payload of [
      { enabled: true, hour: 3, time_zone: 'Europe/Moscow' },
      { enabled: true, hour: 8.5, time_zone: 'Europe/Moscow' },
      { enabled: true, hour: 8, time_zone: 'Mars/Olympus' },
      { enabled: true, hour: 8, time_zone: '' },
      { enabled: 'yes', hour: 8, time_zone: 'Europe/Moscow' },
    ]) {
      const answer = await call('POST', 'SetMorningMessage.php', user, payload);
      expect(answer.status, JSON.stringify(payload)).toBe(400);
    }
    expect((await call('GET', 'GetDailyRitual.php', user)).body.morning).toEqual({
      enabled: true,
      hour: 9,
      time_zone: 'Europe/Moscow',
    });
  });

  it('chosen after the hour has come today, the first message comes tomorrow', async () => {
    const repository = new DailyRepository(t.db.sql);
    const user = await aUser(t, { allowsWriteToPm: true });
    // 10:30 in Moscow, hour 8: today is done already.
    const row = await repository.setMorning(user, {
      enabled: true,
      hour: 8,
      timeZone: 'Europe/Moscow',
      now: new Date('2031-03-01T07:30:00Z'),
    });
    expect(row.last_morning_on).toBe('2031-03-01');
    const earlier = await repository.setMorning(user, {
      enabled: true,
      hour: 11,
      timeZone: 'Europe/Moscow',
      now: new Date('2031-03-02T05:00:00Z'),
    });
    expect(earlier.last_morning_on).toBe('2031-03-01');
  });
});

describe('the morning message', () => {
  it('is due at the chosen local hour in each time zone, through summer time', async () => {
    const berlin = await earlyBird('Europe/Berlin', 8);
    const tokyo = await earlyBird('Asia/Tokyo', 8);
    const newYork = await earlyBird('America/New_York', 7, { language: 'ru' });

    // 07:00 UTC in January: 08:00 in Berlin (UTC+1), 16:00 in Tokyo, 02:00 in New York.
    clock = new Date('2030-01-15T07:00:00Z');
    await tick();
    expect(await outboxOf(berlin)).toHaveLength(1);
    expect(await outboxOf(tokyo)).toHaveLength(0);
    expect(await outboxOf(newYork)).toHaveLength(0);

    // 12:00 UTC: 07:00 in New York (UTC-5).
    clock = new Date('2030-01-15T12:00:00Z');
    await tick();
    expect(await outboxOf(newYork)).toHaveLength(1);
    // 23:00 UTC on the 15th is 08:00 on the 16th in Tokyo.
    clock = new Date('2030-01-15T23:00:00Z');
    await tick();
    expect(await outboxOf(tokyo)).toHaveLength(1);

    // In July Berlin is UTC+2: 07:00 UTC is 09:00 there (within the window, still due that day),
    // and 06:00 UTC is 08:00 — but one message a day, so only the first counts.
    clock = new Date('2030-07-15T05:59:00Z');
    await tick();
    expect(await outboxOf(berlin)).toHaveLength(1);
    clock = new Date('2030-07-15T06:00:00Z');
    await tick();
    expect(await outboxOf(berlin)).toHaveLength(2);
    clock = new Date('2030-07-15T07:00:00Z');
    await tick();
    expect(await outboxOf(berlin)).toHaveLength(2);
    // New York in July is UTC-4: 11:00 UTC is 07:00.
    clock = new Date('2030-07-15T11:00:00Z');
    await tick();
    expect(await outboxOf(newYork)).toHaveLength(2);
    // Three hours after the chosen hour it is too late for the day: nothing at 11:00 local.
    const late = await earlyBird('Europe/Berlin', 8);
    clock = new Date('2030-07-16T09:00:00Z');
    await tick();
    expect(await outboxOf(late)).toHaveLength(0);
  });

  it("says today's card and the sky in the user's language, with a button into the app and one that stops", async () => {
    const user = await earlyBird('Europe/Moscow', 8, { language: 'ru' });
    clock = new Date('2030-02-01T05:00:00Z'); // 08:00 in Moscow
    await tick();
    const [notice] = await outboxOf(user);
    const card = cardOfTheDay(user, '2030-02-01');
    expect(notice!.text).toContain('Доброе утро');
    expect(notice!.text).toContain(CARD_WORDS[card.card].name.ru);
    expect(notice!.text).toMatch(/Луна/);
    expect(notice!.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Вытянуть свою карту в Seer', web_app: { url: `${PUBLIC_URL}/tarot` } }],
        [{ text: 'Не присылать по утрам', callback_data: STOP_MORNING }],
      ],
    });
    // The card is the user's for the day: the same at any hour, usually another tomorrow.
    expect(cardOfTheDay(user, '2030-02-01')).toEqual(card);
  });

  it('is written once a local day even when two instances look at the same moment', async () => {
    const users = await Promise.all(
      Array.from({ length: 12 }, () => earlyBird('Asia/Yekaterinburg', 6)),
    );
    clock = new Date('2030-03-10T01:00:00Z'); // 06:00 in Yekaterinburg (UTC+5)
    const second = new MorningMessages(
      {
        sql: t.db.sql,
        repository: new DailyRepository(t.db.sql),
        users: t.services.users,
        horoscope: t.services.horoscope,
        notices: t.services.notices!,
        log: () => {},
      },
      { now: () => clock, batch: 5 },
    );
    const [a, b, c] = await Promise.all([tick(), second.tick(), second.tick()]);
    expect((a ?? 0) + (b ?? 0) + (c ?? 0)).toBeGreaterThanOrEqual(12);
    for (const user of users) expect(await outboxOf(user)).toHaveLength(1);
    await Promise.all([tick(), second.tick()]);
    for (const user of users) expect(await outboxOf(user)).toHaveLength(1);
  });

  it('is not sent to a user the bot may not write to', async () => {
    const user = await earlyBird('Europe/London', 8);
    await call('POST', 'SetWriteAccess.php', user, { allowed: false });
    clock = new Date('2030-01-20T08:00:00Z');
    await tick();
    expect(await outboxOf(user)).toHaveLength(0);
  });

  it('stops with its button: the bot answers, drops the button, and no message comes the next day', async () => {
    t.services.bot!.start();
    const user = await earlyBird('Europe/Paris', 8, { language: 'en' });
    clock = new Date('2030-01-21T07:00:00Z');
    await tick();
    expect(await outboxOf(user)).toHaveLength(1);

    const queryId = await fake.pressButton({ id: user, language_code: 'en' }, STOP_MORNING, 42);
    const answered = await fake.waitFor(
      () =>
        fake
          .acceptedCallsOf('answerCallbackQuery')
          .find((c) => c.params.callback_query_id === queryId),
      10_000,
    );
    expect(answered?.params.text).toBe(
      'Morning messages are off. You can turn them on again in Settings.',
    );
    const edited = await fake.waitFor(
      () =>
        fake
          .acceptedCallsOf('editMessageReplyMarkup')
          .find((c) => c.params.chat_id === user && c.params.message_id === 42),
      10_000,
    );
    expect(edited?.params.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Draw your own card in Seer', web_app: { url: `${PUBLIC_URL}/tarot` } }],
      ],
    });
    expect((await call('GET', 'GetDailyRitual.php', user)).body.morning).toMatchObject({
      enabled: false,
    });
    clock = new Date('2030-01-22T07:00:00Z');
    await tick();
    expect(await outboxOf(user)).toHaveLength(1);

    // A second press says it is off already.
    const again = await fake.pressButton({ id: user, language_code: 'en' }, STOP_MORNING, 42);
    const second = await fake.waitFor(
      () =>
        fake
          .acceptedCallsOf('answerCallbackQuery')
          .find((c) => c.params.callback_query_id === again),
      10_000,
    );
    expect(second?.params.text).toBe('Morning messages are already off.');
  });
});

describe('GetDailyLine', () => {
  it("answers the Moon's line without a birth date, and the sign with one", async () => {
    const user = newUserId();
    const plain = await call('GET', 'GetDailyLine.php?lang=en&tz=Europe/Moscow', user);
    expect(plain.status).toBe(200);
    const line = CALLS.GetDailyLine.answer.parse(plain.body);
    expect(line.sign).toBeNull();
    expect(line.line).toMatch(/^Today the Moon is /);

    await call('POST', 'UpdateUser.php', user, { dateOfBirth: '1990-08-10' });
    const personal = CALLS.GetDailyLine.answer.parse(
      (await call('GET', 'GetDailyLine.php?lang=ru', user)).body,
    );
    expect(personal.sign).toBe('leo');
    expect(personal.line.length).toBeGreaterThan(10);
    expect(personal.line).not.toContain('\n');

    expect((await call('GET', 'GetDailyLine.php?tz=Nowhere/Land', user)).status).toBe(400);
  });
});
