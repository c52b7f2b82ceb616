/**
 * Favourites (idempotent calls, the list, consent and time zone) and the "favourite online"
 * alert against the fake Bot API: only with the user's consent and the bot's write access, at
 * most once per advisor per 6 hours whatever instance or how many presence changes, not at night
 * in the user's time zone, and an app notification every time it is told.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS } from '@seer/contract';
import { newUserId } from '../test/harness.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { TEST_BOT_TOKEN } from '../test/harness.js';
import { anAdvisor, type AdvisorFixture } from '../test/builders.js';
import { isQuietHour, localHour } from './favourite-alerts.js';

const PUBLIC_URL = 'https://seer.example';
const ADMIN_ID = 424_242;
let fake: FakeBotApi;
let t: LiveApp;
let nextAdvisor = 1;

beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  t = await startLiveApp({
    seed: false,
    env: { BOT_API_URL: fake.url, PUBLIC_URL, ADMIN_TELEGRAM_IDS: String(ADMIN_ID) },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const newAdvisor = (advisor: AdvisorFixture = {}) =>
  anAdvisor(t, { name: `Fav Advisor ${nextAdvisor++}`, ...advisor });

const favourites = async (userId: number) =>
  CALLS.GetFavourites.answer.parse((await t.call('GET', '/api/GetFavourites.php', userId)).body);

/** A user who hearted the advisor, allowed the alerts and the bot, in this time zone. */
async function fan(advisorId: number, options: { timeZone?: string; botAllowed?: boolean } = {}) {
  const userId = newUserId();
  expect(
    (await t.call('POST', '/api/AddFavourite.php', userId, { manager_id: advisorId })).status,
  ).toBe(200);
  await t.call('POST', '/api/SetFavouriteAlerts.php', userId, { enabled: true });
  await t.call('POST', '/api/SetWriteAccess.php', userId, {
    allowed: options.botAllowed ?? true,
  });
  if (options.timeZone)
    expect(
      (await t.call('POST', '/api/SetTimeZone.php', userId, { time_zone: options.timeZone }))
        .status,
    ).toBe(200);
  return userId;
}

const alertsTo = (chatId: number) =>
  fake.callsOf('sendMessage').filter((c) => c.params.chat_id === chatId);
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

/** A fixed-offset zone where it is now `hour` o'clock (Etc/GMT-3 is UTC+3). */
function zoneAtHour(hour: number): string {
  let offset = hour - new Date().getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

describe('favourites', () => {
  it('add and remove are idempotent; the list is newest first; alerts are off by default', async () => {
    const userId = newUserId();
    const [first, second] = [await newAdvisor(), await newAdvisor()];
    expect(await favourites(userId)).toEqual({ status: 'success', manager_ids: [], alerts: false });
    for (let i = 0; i < 2; i++) {
      const added = await t.call('POST', '/api/AddFavourite.php', userId, { manager_id: first });
      expect(added.body).toEqual({ status: 'success', manager_id: first, favourite: true });
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.call('POST', '/api/AddFavourite.php', userId, { manager_id: second });
    expect((await favourites(userId)).manager_ids).toEqual([second, first]);
    for (let i = 0; i < 2; i++) {
      const removed = await t.call('POST', '/api/RemoveFavourite.php', userId, {
        manager_id: first,
      });
      expect(removed.body).toEqual({ status: 'success', manager_id: first, favourite: false });
    }
    expect((await favourites(userId)).manager_ids).toEqual([second]);
  });

  it('refuses an unknown or inactive advisor, and a bad id', async () => {
    const userId = newUserId();
    const gone = await newAdvisor({ isActive: false });
    expect(
      (await t.call('POST', '/api/AddFavourite.php', userId, { manager_id: 99_999 })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/AddFavourite.php', userId, { manager_id: gone })).status,
    ).toBe(404);
    expect(
      (await t.call('POST', '/api/AddFavourite.php', userId, { manager_id: 'x' })).status,
    ).toBe(400);
  });

  it('keeps the alert consent and refuses a time zone that does not exist', async () => {
    const userId = newUserId();
    const on = await t.call('POST', '/api/SetFavouriteAlerts.php', userId, { enabled: true });
    expect(on.body).toEqual({ status: 'success', alerts: true });
    expect((await favourites(userId)).alerts).toBe(true);
    expect(
      (await t.call('POST', '/api/SetTimeZone.php', userId, { time_zone: 'Europe/Moscow' })).status,
    ).toBe(200);
    expect(
      (await t.call('POST', '/api/SetTimeZone.php', userId, { time_zone: 'Mars/Olympus' })).status,
    ).toBe(400);
  });
});

describe('admin', () => {
  it('sees how many users hearted each advisor and how many asked for alerts; others may not', async () => {
    const advisorId = await newAdvisor();
    await fan(advisorId);
    await t.call('POST', '/api/AddFavourite.php', newUserId(), { manager_id: advisorId });
    expect((await t.call('GET', '/api/AdminFavourites.php', newUserId())).status).toBe(403);
    const answer = CALLS.AdminFavourites.answer.parse(
      (await t.call('GET', '/api/AdminFavourites.php', ADMIN_ID)).body,
    );
    expect(answer.advisors.find((row) => row.manager_id === advisorId)).toEqual({
      manager_id: advisorId,
      favourites: 2,
      alerts: 1,
    });
  });
});

describe('a favourite comes online', () => {
  it('the bot says so once per 6 hours with an Open chat button, and the app lists it', async () => {
    const advisorId = await newAdvisor();
    const userId = await fan(advisorId, { timeZone: zoneAtHour(12) });
    // Several instances derive the same change; two at once here, then a flap.
    await Promise.all([
      t.services.favouriteAlerts.cameOnline(advisorId),
      t.services.favouriteAlerts.cameOnline(advisorId),
    ]);
    t.services.events.publish({ type: 'presence', advisorId, isOnline: false });
    t.services.events.publish({ type: 'presence', advisorId, isOnline: true });
    const first = await fake.waitFor(() => alertsTo(userId)[0], 5000);
    expect(first!.params.text).toMatch(
      /^Fav Advisor \d+, one of your favourite advisors, is online in Seer now\.$/,
    );
    expect(first!.params.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Open chat', web_app: { url: `${PUBLIC_URL}/chat/${advisorId}` } }],
      ],
    });
    await settle();
    expect(alertsTo(userId)).toHaveLength(1);
    const feed = CALLS.GetNotifications.answer.parse(
      (await t.call('GET', '/api/GetNotifications.php?v=2', userId)).body,
    );
    expect(feed.notifications).toEqual([
      expect.objectContaining({
        kind: 'favourite_online',
        manager_id: advisorId,
        link: `/operator/${advisorId}`,
        unread: true,
      }),
    ]);

    // Six hours later it may be told again.
    await t.db
      .sql`UPDATE favourite_online_notices SET notified_at = now() - interval '6 hours 1 minute' WHERE user_id = ${userId}`;
    await t.services.favouriteAlerts.cameOnline(advisorId);
    expect(await fake.waitFor(() => alertsTo(userId)[1], 5000)).toBeDefined();
  });

  it('is told when the advisor opens their workspace (their socket makes them online)', async () => {
    const advisorTelegramId = newUserId();
    const advisorId = await newAdvisor({ linkedTelegramId: advisorTelegramId });
    const userId = await fan(advisorId);
    const workspace = await t.connect(advisorTelegramId);
    workspace.send({
      type: 'manager_connect',
      user_id: advisorTelegramId,
      data: { manager_id: advisorId, role: 'manager' },
    });
    await workspace.next('connected');
    const sent = await fake.waitFor(() => alertsTo(userId)[0], 5000);
    expect(JSON.stringify(sent!.params.reply_markup)).toContain(`/chat/${advisorId}`);
  });

  it('is not sent by the bot while the user has the app open; the app gets it live', async () => {
    const advisorId = await newAdvisor();
    const userId = await fan(advisorId);
    const app = await t.connect(userId);
    app.send({ type: 'user_connect', user_id: userId });
    await app.next('connected');
    await t.services.favouriteAlerts.cameOnline(advisorId);
    const frame = await app.next('notification');
    expect(frame.data.notification).toMatchObject({
      kind: 'favourite_online',
      manager_id: advisorId,
    });
    expect(frame.data.unread).toBe(1);
    await settle();
    expect(alertsTo(userId)).toHaveLength(0);
  });

  it('is written in Russian for a Russian user', async () => {
    const advisorId = await newAdvisor();
    const userId = newUserId();
    await t.call(
      'POST',
      '/api/AddFavourite.php',
      userId,
      { manager_id: advisorId },
      {
        language_code: 'ru',
      },
    );
    await t.call(
      'POST',
      '/api/SetFavouriteAlerts.php',
      userId,
      { enabled: true },
      {
        language_code: 'ru',
      },
    );
    await t.call(
      'POST',
      '/api/SetWriteAccess.php',
      userId,
      { allowed: true },
      {
        language_code: 'ru',
      },
    );
    await t.services.favouriteAlerts.cameOnline(advisorId);
    const sent = await fake.waitFor(() => alertsTo(userId)[0], 5000);
    expect(sent!.params.text).toContain('из вашего избранного сейчас в сети');
    expect(JSON.stringify(sent!.params.reply_markup)).toContain('Открыть чат');
  });

  it('stays quiet at night in the user time zone, without consent, or without the bot; the app still lists it with consent', async () => {
    const advisorId = await newAdvisor();
    const night = await fan(advisorId, { timeZone: zoneAtHour(3) });
    const noBot = await fan(advisorId, { botAllowed: false });
    const noConsent = newUserId();
    await t.call('POST', '/api/AddFavourite.php', noConsent, { manager_id: advisorId });
    await t.call('POST', '/api/SetWriteAccess.php', noConsent, { allowed: true });
    await t.services.favouriteAlerts.cameOnline(advisorId);
    await settle();
    for (const userId of [night, noBot, noConsent]) expect(alertsTo(userId)).toHaveLength(0);
    const kinds = async (userId: number) =>
      CALLS.GetNotifications.answer
        .parse((await t.call('GET', '/api/GetNotifications.php?v=2', userId)).body)
        .notifications.map((n) => ('kind' in n ? n.kind : null));
    expect(await kinds(night)).toEqual(['favourite_online']);
    expect(await kinds(noBot)).toEqual(['favourite_online']);
    expect(await kinds(noConsent)).toEqual([]);
  });

  it('quiet hours are 22:00 to 08:00 local time, none while the zone is unknown', () => {
    const at = new Date('2026-01-10T20:30:00Z');
    expect(localHour(at, 'Europe/Moscow')).toBe(23);
    expect(isQuietHour(at, 'Europe/Moscow')).toBe(true);
    expect(isQuietHour(at, 'America/New_York')).toBe(false); // 15:30
    expect(isQuietHour(new Date('2026-01-10T05:00:00Z'), 'Europe/Moscow')).toBe(false); // 08:00
    expect(isQuietHour(new Date('2026-01-10T04:59:00Z'), 'Europe/Moscow')).toBe(true); // 07:59
    expect(isQuietHour(at, null)).toBe(false);
  });
});
