/**
 * The bot's notices against the fake Bot API, with two instances on one database (PostgreSQL
 * LISTEN/NOTIFY between them): a notice only when the recipient allowed the bot to write and has
 * no socket open on any instance, one per message, at most one per dialog per interval.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advisor } from '@seer/contract';
import { FakeBotApi, type RecordedCall } from '../test/fakes/bot-api.js';
import { createTestDatabase, newUserId, TEST_BOT_TOKEN } from '../test/harness.js';
import { seedDemoData } from '../demo/seed.js';
import type { Database } from '../db/database.js';
import { PostgresTransport } from '../realtime/transports/postgres-transport.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { linkAdvisor } from '../test/builders.js';

const PUBLIC_URL = 'https://seer.example';
const quiet = { warn: () => {} };

let fake: FakeBotApi;
let db: Database;
let a: LiveApp;
let b: LiveApp;
let advisors: Advisor[];
let nextAdvisor = 0;

beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  db = await createTestDatabase();
  await seedDemoData(db.sql);
  const env = { BOT_API_URL: fake.url, PUBLIC_URL };
  a = await startLiveApp({ db, env, transport: new PostgresTransport(db.url, quiet), seed: false });
  b = await startLiveApp({ db, env, transport: new PostgresTransport(db.url, quiet), seed: false });
  advisors = (
    await a.call<{ data: { managers: Advisor[] } }>('GET', '/api/GetAllManagers.php', newUserId())
  ).body.data.managers;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.close();
  await fake?.close();
});

/** A fresh advisor linked to a new Telegram id, and a user who has written to them once. */
async function dialog(options: { userAllows: boolean; advisorAllows?: boolean }) {
  const advisor = advisors[nextAdvisor++]!;
  const advisorTelegramId = newUserId();
  const userId = newUserId();
  await linkAdvisor([a, b], advisor.id, advisorTelegramId);
  // Signing in records the users; the advisor allows writing (or not) before the user's message.
  await a.call('GET', '/api/GetUser.php', advisorTelegramId);
  await a.call('POST', '/api/SetWriteAccess.php', advisorTelegramId, {
    allowed: options.advisorAllows ?? false,
  });
  const sent = await a.call(
    'POST',
    '/api/CreateMessage.php',
    userId,
    { manager_id: advisor.id, message: 'Hello' },
    { first_name: 'Anna' },
  );
  expect(sent.status).toBe(200);
  // Same Telegram profile as above: signing in with another name would rename the user before the notice is written.
  await a.call(
    'POST',
    '/api/SetWriteAccess.php',
    userId,
    { allowed: options.userAllows },
    { first_name: 'Anna' },
  );
  return { advisor, advisorTelegramId, userId };
}

function reply(
  app: LiveApp,
  advisorTelegramId: number,
  userId: number,
  text = 'The cards say yes',
) {
  return app.call('POST', '/api/ManagerSendMessage.php', advisorTelegramId, {
    telegram_user_id: userId,
    message: text,
  });
}

const noticesTo = (chatId: number): RecordedCall[] =>
  fake.callsOf('sendMessage').filter((c) => c.params.chat_id === chatId);

/** Longer than the wait for other instances' answers plus a NOTIFY round trip. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 2_500));

describe('notice to a user about a reply', () => {
  it('is sent once, from one of two instances, with an Open chat button to the dialog', async () => {
    const { advisor, advisorTelegramId, userId } = await dialog({ userAllows: true });
    expect((await reply(b, advisorTelegramId, userId)).status).toBe(200);
    const first = await fake.waitFor(() => noticesTo(userId)[0], 5_000);
    expect(first).toBeDefined();
    expect(first!.params.text).toContain(advisor.name);
    expect(first!.params.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Open chat', web_app: { url: `${PUBLIC_URL}/chat/${advisor.id}` } }],
      ],
    });
    await settle();
    expect(noticesTo(userId)).toHaveLength(1);
  });

  it('is not sent while the user has a socket open on the other instance', async () => {
    const { advisorTelegramId, userId } = await dialog({ userAllows: true });
    const socket = await b.connect(userId);
    socket.send({ type: 'user_connect', user_id: userId });
    await socket.next('connected');
    expect((await reply(a, advisorTelegramId, userId)).status).toBe(200);
    await settle();
    expect(noticesTo(userId)).toHaveLength(0);

    // closed everywhere: now the bot speaks
    socket.close();
    await socket.closed;
    expect((await reply(a, advisorTelegramId, userId)).status).toBe(200);
    expect(await fake.waitFor(() => noticesTo(userId)[0], 5_000)).toBeDefined();
  });

  it('is not sent to a user who did not allow the bot to write', async () => {
    const { advisorTelegramId, userId } = await dialog({ userAllows: false });
    expect((await reply(a, advisorTelegramId, userId)).status).toBe(200);
    await settle();
    expect(noticesTo(userId)).toHaveLength(0);
  });

  it('comes at most once per dialog per interval, from any instance', async () => {
    const { advisorTelegramId, userId } = await dialog({ userAllows: true });
    await reply(a, advisorTelegramId, userId, 'one');
    await fake.waitFor(() => noticesTo(userId)[0], 5_000);
    await reply(b, advisorTelegramId, userId, 'two');
    await reply(a, advisorTelegramId, userId, 'three');
    await settle();
    expect(noticesTo(userId)).toHaveLength(1);

    // two minutes later (moved back in the database) the next reply is announced again
    await db.sql`UPDATE bot_notices SET sent_at = now() - interval '121 seconds' WHERE recipient_telegram_id = ${userId}`;
    await reply(b, advisorTelegramId, userId, 'four');
    expect(await fake.waitFor(() => noticesTo(userId)[1], 5_000)).toBeDefined();
  });

  it('stops writing to a user who blocked the bot (403)', async () => {
    const { advisorTelegramId, userId } = await dialog({ userAllows: true });
    fake.failNext('sendMessage', 403, 'Forbidden: bot was blocked by the user');
    await reply(a, advisorTelegramId, userId);
    await fake.waitFor(
      () =>
        fake.calls.some((c) => c.method === 'sendMessage' && c.params.chat_id === userId)
          ? true
          : undefined,
      5_000,
    );
    await settle();
    const [row] = await db.sql<
      { allows_write_to_pm: boolean }[]
    >`SELECT allows_write_to_pm FROM users WHERE telegram_id = ${userId}`;
    expect(row!.allows_write_to_pm).toBe(false);
  });
});

describe('notice to an advisor about a paid message', () => {
  it('is sent when the advisor has no socket open, with a button to the workspace dialog', async () => {
    const { advisorTelegramId, userId } = await dialog({ userAllows: false, advisorAllows: true });
    const notice = await fake.waitFor(() => noticesTo(advisorTelegramId)[0], 5_000);
    expect(notice).toBeDefined();
    expect(notice!.params.text).toContain('Anna');
    expect(notice!.params.reply_markup).toEqual({
      inline_keyboard: [
        [{ text: 'Open chat', web_app: { url: `${PUBLIC_URL}/workspace/chat/${userId}` } }],
      ],
    });
  });

  it('is not sent while the advisor has the workspace open', async () => {
    const advisor = advisors[nextAdvisor++]!;
    const advisorTelegramId = newUserId();
    await linkAdvisor([a, b], advisor.id, advisorTelegramId);
    await a.call('POST', '/api/SetWriteAccess.php', advisorTelegramId, { allowed: true });
    const socket = await a.connect(advisorTelegramId);
    socket.send({
      type: 'manager_connect',
      user_id: advisorTelegramId,
      data: { manager_id: advisor.id, role: 'manager' },
    });
    await socket.next('connected');
    const userId = newUserId();
    expect(
      (
        await b.call('POST', '/api/CreateMessage.php', userId, {
          manager_id: advisor.id,
          message: 'Hi',
        })
      ).status,
    ).toBe(200);
    await socket.next('new_message');
    await settle();
    expect(noticesTo(advisorTelegramId)).toHaveLength(0);
  });
});

describe('/start', () => {
  it('lets the bot write to whoever started it', async () => {
    const userId = newUserId();
    await a.call('GET', '/api/GetUser.php', userId);
    await a.services.bot!.handleUpdate({
      update_id: 1,
      message: {
        message_id: 1,
        date: Math.floor(Date.now() / 1000),
        chat: { id: userId, type: 'private', first_name: 'Ann' },
        from: { id: userId, is_bot: false, first_name: 'Ann' },
        text: '/start',
        entities: [{ type: 'bot_command', offset: 0, length: 6 }],
      },
    });
    const [row] = await db.sql<
      { allows_write_to_pm: boolean }[]
    >`SELECT allows_write_to_pm FROM users WHERE telegram_id = ${userId}`;
    expect(row!.allows_write_to_pm).toBe(true);
  });
});

describe('a lone instance with an event transport', () => {
  it('sends the notice without waiting for other instances to answer', async () => {
    const ownDb = await createTestDatabase();
    await seedDemoData(ownDb.sql);
    const alone = await startLiveApp({
      db: ownDb,
      env: { BOT_API_URL: fake.url, PUBLIC_URL },
      transport: new PostgresTransport(ownDb.url, quiet),
      seed: false,
    });
    try {
      const [advisor] = (
        await alone.call<{ data: { managers: Advisor[] } }>(
          'GET',
          '/api/GetAllManagers.php',
          newUserId(),
        )
      ).body.data.managers;
      const advisorTelegramId = newUserId();
      const userId = newUserId();
      await linkAdvisor(alone, advisor!.id, advisorTelegramId);
      await alone.call('GET', '/api/GetUser.php', advisorTelegramId);
      await alone.call('POST', '/api/CreateMessage.php', userId, {
        manager_id: advisor!.id,
        message: 'Hello',
      });
      await alone.call('POST', '/api/SetWriteAccess.php', userId, { allowed: true });
      const replied = Date.now();
      expect((await reply(alone, advisorTelegramId, userId)).status).toBe(200);
      const notice = await fake.waitFor(() => noticesTo(userId)[0], 5_000);
      expect(notice).toBeDefined();
      // the wait for other instances' answers is 1.5 s; alone, there is none
      expect(notice!.at - replied).toBeLessThan(1_000);
    } finally {
      await alone.close();
      await ownDb.close();
    }
  });
});
