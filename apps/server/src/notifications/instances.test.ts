/**
 * Two instances on one database (PostgreSQL LISTEN/NOTIFY between them): a reply published on one
 * is one notification, live on the user's socket held by the other; a favourite's presence change,
 * derived by both instances, is told once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { createTestDatabase, newUserId, TEST_BOT_TOKEN } from '../test/harness.js';
import type { Database } from '../db/database.js';
import { PostgresTransport } from '../realtime/transports/postgres-transport.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { anAdvisor } from '../test/builders.js';

const quiet = { warn: () => {} };
let fake: FakeBotApi;
let db: Database;
let a: LiveApp;
let b: LiveApp;
let advisorId: number;

beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  db = await createTestDatabase();
  const env = { BOT_API_URL: fake.url, PUBLIC_URL: 'https://seer.example' };
  a = await startLiveApp({ db, env, transport: new PostgresTransport(db.url, quiet), seed: false });
  b = await startLiveApp({ db, env, transport: new PostgresTransport(db.url, quiet), seed: false });
  advisorId = await anAdvisor([a, b], { name: 'Twin Advisor', priceCents: 100 });
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.close();
  await fake?.close();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe('several instances', () => {
  it('a reply on one instance is one notification, live on the socket the other holds', async () => {
    const userId = newUserId();
    expect(
      (
        await a.call('POST', '/api/CreateMessage.php', userId, {
          manager_id: advisorId,
          message: 'Hello',
        })
      ).status,
    ).toBe(200);
    const socket = await a.connect(userId);
    socket.send({ type: 'user_connect', user_id: userId });
    await socket.next('connected');
    const advisor = (await b.services.advisors.find(advisorId))!;
    await b.services.chat.sendAdvisorMessage(advisor, userId, 'Yes');
    const frame = await socket.next('notification');
    expect(frame.data.notification).toMatchObject({ kind: 'reply', count: 1 });
    await settle();
    const rows = await db.sql`SELECT id FROM notifications WHERE user_id = ${userId}`;
    expect(rows).toHaveLength(1);
  });

  it("a favourite's presence change, derived by both, is told once", async () => {
    const userId = newUserId();
    await a.call('POST', '/api/AddFavourite.php', userId, { manager_id: advisorId });
    await a.call('POST', '/api/SetFavouriteAlerts.php', userId, { enabled: true });
    await a.call('POST', '/api/SetWriteAccess.php', userId, { allowed: true });
    // Each instance derives the change from the shared claims and delivers it locally.
    a.services.events.publishLocal({ type: 'presence', advisorId, isOnline: true });
    b.services.events.publishLocal({ type: 'presence', advisorId, isOnline: true });
    await fake.waitFor(
      () => fake.callsOf('sendMessage').find((c) => c.params.chat_id === userId),
      5000,
    );
    await settle();
    expect(fake.callsOf('sendMessage').filter((c) => c.params.chat_id === userId)).toHaveLength(1);
    const rows = await db.sql`SELECT id FROM notifications WHERE user_id = ${userId}`;
    expect(rows).toHaveLength(1);
  });
});
