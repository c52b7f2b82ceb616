/**
 * Two app instances on one database, each with its own event transport, as in production:
 * messages and presence cross between sockets on different instances, both ways, through
 * PostgreSQL LISTEN/NOTIFY and through Redis pub/sub (skipped, saying why, when no Redis answers).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { Advisor } from '@seer/contract';
import { createTestDatabase, newUserId } from '../../test/harness.js';
import { seedDemoData } from '../../demo/seed.js';
import type { Database } from '../../db/database.js';
import type { DomainEvent, EventTransport } from '../event-bus.js';
import { startLiveApp, type LiveApp } from '../../test/socket-test-kit.js';
import { linkAdvisor } from '../../test/builders.js';
import { PostgresTransport } from './postgres-transport.js';
import { RedisTransport, redisChannelFor } from './redis-transport.js';

const REDIS_URL = 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<string | null> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    client.disconnect();
  }
}

const quiet = { warn: () => {} };
const kinds: { name: string; make: (db: Database) => EventTransport }[] = [
  { name: 'PostgreSQL LISTEN/NOTIFY', make: (db) => new PostgresTransport(db.url, quiet) },
  {
    name: 'Redis pub/sub',
    make: (db) => new RedisTransport(REDIS_URL, redisChannelFor(db.url), quiet),
  },
];

const redisProblem = await redisAnswers();
if (redisProblem)
  console.log(
    `[cross-instance] Redis case skipped: nothing answers at ${REDIS_URL} (${redisProblem})`,
  );

describe.each(kinds)('two instances over $name', ({ name, make }) => {
  const skip = name.startsWith('Redis') && redisProblem !== null;
  let db: Database;
  let a: LiveApp;
  let b: LiveApp;
  let advisors: Advisor[];

  beforeAll(async () => {
    if (skip) return;
    db = await createTestDatabase();
    await seedDemoData(db.sql);
    a = await startLiveApp({ db, transport: make(db), seed: false });
    b = await startLiveApp({ db, transport: make(db), seed: false });
    advisors = (
      await a.call<{ data: { managers: Advisor[] } }>('GET', '/api/GetAllManagers.php', newUserId())
    ).body.data.managers;
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await db?.close();
  });

  async function link(index: number) {
    const advisor = advisors[index]!;
    const telegramId = await linkAdvisor([a, b], advisor.id);
    return { advisor, telegramId };
  }

  it.skipIf(skip)(
    'delivers messages between sockets on different instances, both ways',
    async () => {
      const { advisor, telegramId } = await link(0);
      const userId = newUserId();
      const userOnA = await a.connect(userId);
      userOnA.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
      await userOnA.next('subscribed');
      const advisorOnB = await b.connect(telegramId);
      advisorOnB.send({
        type: 'manager_connect',
        user_id: telegramId,
        data: { manager_id: advisor.id, role: 'manager' },
      });
      await advisorOnB.next('connected');

      // A → B: the user writes through instance A; the advisor is connected to B.
      const sent = await a.call<{ data: { message: { id: number } } }>(
        'POST',
        '/api/CreateMessage.php',
        userId,
        { manager_id: advisor.id, message: 'Across instances?' },
      );
      expect(sent.status).toBe(200);
      expect((await advisorOnB.next('new_message')).data).toMatchObject({
        id: sent.body.data.message.id,
        message: 'Across instances?',
        sender: 'user',
      });
      expect((await userOnA.next('new_message')).data.id).toBe(sent.body.data.message.id);

      // B → A: the advisor replies through instance B; the user is connected to A.
      const reply = await b.call<{ data: { message: { id: number } } }>(
        'POST',
        '/api/ManagerSendMessage.php',
        telegramId,
        { telegram_user_id: userId, message: 'Yes, across.' },
      );
      expect(reply.status).toBe(200);
      expect(
        (await userOnA.next('new_message', (f) => f.data.sender === 'manager')).data,
      ).toMatchObject({ id: reply.body.data.message.id, message: 'Yes, across.' });

      // Balance events reach the user's socket on the other instance too.
      const userOnB = await b.connect(userId);
      await userOnB.roundTrip();
      await a.call('POST', '/api/CreateMessage.php', userId, {
        manager_id: advisor.id,
        message: 'again',
      });
      expect((await userOnB.next('balance')).data.free_messages).toBe(1);

      // Each socket got each message once, however many instances relayed it.
      await userOnA.roundTrip();
      const ids = userOnA.all('new_message').map((f) => f.data.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const socket of [userOnA, userOnB, advisorOnB]) socket.close();
    },
  );

  it.skipIf(skip)('shares presence between instances, both ways', async () => {
    const { advisor, telegramId } = await link(1);
    const userId = newUserId();
    const watcherOnB = await b.connect(userId);
    watcherOnB.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
    await watcherOnB.next('subscribed');
    expect((await watcherOnB.next('presence')).data.isOnline).toBe(false);
    const watcherOnA = await a.connect(userId);
    watcherOnA.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
    await watcherOnA.next('subscribed');
    await watcherOnA.next('presence');

    const online = async (app: LiveApp) =>
      (await app.call<{ manager: Advisor }>('GET', `/api/GetManager.php?id=${advisor.id}`, userId))
        .body.manager.isOnline;

    // Connected to A: B's sockets and B's answers say online.
    const advisorOnA = await a.connect(telegramId);
    advisorOnA.send({ type: 'manager_connect', user_id: telegramId });
    await advisorOnA.next('connected');
    expect((await watcherOnB.next('presence')).data).toEqual({
      manager_id: advisor.id,
      isOnline: true,
    });
    await expect.poll(() => online(b), { timeout: 5_000 }).toBe(true);

    // Gone from A: offline on B after the grace period.
    advisorOnA.close();
    expect((await watcherOnB.next('presence')).data.isOnline).toBe(false);
    await expect.poll(() => online(b), { timeout: 5_000 }).toBe(false);

    // Connected to B: A's sockets and answers say online.
    const advisorOnB = await b.connect(telegramId);
    advisorOnB.send({ type: 'manager_connect', user_id: telegramId });
    await advisorOnB.next('connected');
    expect((await watcherOnA.next('presence', (f) => f.data.isOnline)).data.isOnline).toBe(true);
    await expect.poll(() => online(a), { timeout: 5_000 }).toBe(true);

    // "Away" set through A while the socket is on B: offline everywhere.
    await a.call('POST', '/api/ManagerSetStatus.php', telegramId, { online: false });
    expect((await watcherOnB.next('presence', (f) => !f.data.isOnline)).data.isOnline).toBe(false);
    await expect.poll(() => online(b), { timeout: 5_000 }).toBe(false);
    await a.call('POST', '/api/ManagerSetStatus.php', telegramId, { online: true });
    for (const socket of [watcherOnA, watcherOnB, advisorOnB]) socket.close();
  });

  it.skipIf(skip)(
    'forgets the advisors of an instance that died without saying goodbye',
    { timeout: 30_000 },
    async () => {
      const { advisor, telegramId } = await link(2);
      const transport = make(db);
      const doomed = await startLiveApp({ db, transport, seed: false });
      const advisorSocket = await doomed.connect(telegramId);
      advisorSocket.send({ type: 'manager_connect', user_id: telegramId });
      await advisorSocket.next('connected');
      const online = async () =>
        (
          await b.call<{ manager: Advisor }>(
            'GET',
            `/api/GetManager.php?id=${advisor.id}`,
            newUserId(),
          )
        ).body.manager.isOnline;
      const until = async (want: boolean) => {
        const deadline = Date.now() + 10_000;
        while ((await online()) !== want) {
          if (Date.now() > deadline) throw new Error(`isOnline never became ${want}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      await until(true);
      // Cut its line to the others first, so no "bye" gets out: as if the process was killed.
      await transport.stop();
      const cutAt = Date.now();
      await doomed.close();
      await until(false);
      expect(Date.now() - cutAt).toBeGreaterThanOrEqual(500); // the claim expired; it was not withdrawn
    },
  );

  it.skipIf(skip)(
    'a lone instance keeps chat traffic to itself, and shares it again once a second one starts',
    { timeout: 30_000 },
    async () => {
      const own = await createTestDatabase();
      await seedDemoData(own.sql);
      // Every envelope on the PostgreSQL channel, whoever sent it (Redis carries its own).
      const notified: string[] = [];
      const listening = name.startsWith('PostgreSQL')
        ? await own.sql.listen('seer_events', (payload) => notified.push(payload))
        : null;
      const instances = { startupGraceMs: 100, helloIntervalMs: 60_000, aloneAfterMs: 60_000 };
      const lone = await startLiveApp({ db: own, transport: make(own), seed: false, instances });
      let late: LiveApp | null = null;
      try {
        const [advisor] = (
          await lone.call<{ data: { managers: Advisor[] } }>(
            'GET',
            '/api/GetAllManagers.php',
            newUserId(),
          )
        ).body.data.managers;
        const telegramId = await linkAdvisor(lone, advisor!.id);
        const userId = newUserId();
        await expect.poll(() => lone.services.userSockets.othersMayListen).toBe(false);

        notified.length = 0;
        const alone = await lone.call('POST', '/api/CreateMessage.php', userId, {
          manager_id: advisor!.id,
          message: 'Is anyone else here?',
        });
        expect(alone.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 200));
        if (listening) expect(notified).toEqual([]);

        late = await startLiveApp({ db: own, transport: make(own), seed: false, instances });
        late.services.advisors.invalidate();
        await expect.poll(() => lone.services.userSockets.othersMayListen).toBe(true);
        const advisorOnLate = await late.connect(telegramId);
        advisorOnLate.send({ type: 'manager_connect', user_id: telegramId });
        await advisorOnLate.next('connected');
        const sent = await lone.call<{ data: { message: { id: number } } }>(
          'POST',
          '/api/CreateMessage.php',
          userId,
          { manager_id: advisor!.id, message: 'Now there are two.' },
        );
        expect((await advisorOnLate.next('new_message')).data).toMatchObject({
          id: sent.body.data.message.id,
          message: 'Now there are two.',
        });
        advisorOnLate.close();
      } finally {
        await late?.close();
        await lone.close();
        await listening?.unlisten();
        await own.close();
      }
    },
  );

  it.skipIf(skip)('carries events larger than one NOTIFY payload', async () => {
    const sender = make(db);
    const receiver = make(db);
    const received: DomainEvent[] = [];
    await sender.start(() => {});
    await receiver.start((event) => received.push(event));
    const big: DomainEvent = {
      type: 'message',
      userId: 1,
      advisorId: 2,
      message: {
        id: 3,
        message_text: 'Ж\u0001"'.repeat(9000),
        sender: 'manager',
        manager_id: 2,
        telegram_user_id: 1,
        message_date: new Date().toISOString(),
        kind: 'text',
        image_url: null,
        read: false,
      },
    };
    sender.send(big);
    sender.send({ type: 'presence', advisorId: 2, isOnline: true });
    const deadline = Date.now() + 3000;
    while (received.length < 2 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toEqual([big, { type: 'presence', advisorId: 2, isOnline: true }]);
    await sender.stop();
    await receiver.stop();
  });
});
