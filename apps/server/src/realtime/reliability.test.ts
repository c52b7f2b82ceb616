/**
 * Crash safety of the chat: the real server, killed with SIGKILL in the middle of a burst of
 * paid sends, loses nothing it acknowledged and leaves every balance equal to its ledger; and a
 * socket that drops and reconnects, then reloads the history, gets no message twice.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advisor, Message } from '@seer/contract';
import { createTestDatabase, newUserId, TEST_BOT_TOKEN } from '../test/harness.js';
import type { Database } from '../db/database.js';
import { MoneyRepository } from '../money/money.repository.js';
import { signInitData } from '../auth/init-data.js';
import { callServer, spawnServer, type ServerProcess } from '../test/server-process.js';
import { startLiveApp, TestSocket } from '../test/socket-test-kit.js';
import { linkAdvisor } from '../test/builders.js';

const initData = (userId: number) =>
  signInitData(TEST_BOT_TOKEN, { id: userId, first_name: `Crash${userId}`, language_code: 'en' });

const call = <T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  userId: number,
  body?: unknown,
) => callServer<T>(base, method, path, initData(userId), body);

describe('a server killed during a burst of sends', () => {
  let db: Database;
  let server: ServerProcess | null = null;
  const env = () => ({
    DATABASE_URL: db.url,
    NODE_ENV: 'test',
    BOT_TOKEN: TEST_BOT_TOKEN,
    DEMO: '1', // the demo advisors
    FREE_MESSAGES: '3',
    LOG_LEVEL: 'warn',
    DEMO_REPLY_DELAY_MS: '20-40',
  });

  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await server?.kill('SIGKILL');
    await db?.close();
  });

  it(
    'keeps every acknowledged message and every balance equal to its ledger',
    { timeout: 90_000 },
    async () => {
      server = await spawnServer({ env: env() });
      const advisors = (
        await call<{ data: { managers: Advisor[] } }>(
          server.base,
          'GET',
          '/api/GetAllManagers.php',
          newUserId(),
        )
      ).body.data.managers;
      const users = Array.from({ length: 16 }, () => newUserId());
      const money = new MoneyRepository(db.sql);
      for (const userId of users) {
        expect((await call(server.base, 'GET', '/api/GetUser.php', userId)).status).toBe(200);
        await db.sql.begin((tx) =>
          money.apply(tx, {
            userId,
            amountCents: 2_000,
            freeMessagesDelta: 0,
            reason: 'admin_credit',
            messageId: null,
            reference: null,
            note: 'test',
            createdBy: null,
          }),
        );
      }

      // A socket of the first user, to come back after the crash.
      const watched = users[0]!;
      const watchedAdvisor = advisors[0]!;
      const before = await TestSocket.open(
        `${server.base.replace('http', 'ws')}/ws?initData=${encodeURIComponent(initData(watched))}`,
      );
      before.send({
        type: 'subscribe_dialog',
        telegram_user_id: watched,
        manager_id: watchedAdvisor.id,
      });
      await before.next('subscribed');

      const acknowledged = new Map<number, { userId: number; text: string; charged: number }>();
      let running = true;
      let cutByCrash = 0;
      const burst = users.map(async (userId, index) => {
        const advisor = index === 0 ? watchedAdvisor : advisors[index % advisors.length]!;
        for (let n = 0; running; n++) {
          const text = `u${userId}-m${n}`;
          try {
            const answer = await call<{
              data: { message: Message; payment_info: { charged_cents: number } };
            }>(server!.base, 'POST', '/api/CreateMessage.php', userId, {
              manager_id: advisor.id,
              message: text,
            });
            if (answer.status !== 200) return; // out of funds: this user's burst is over
            acknowledged.set(answer.body.data.message.id, {
              userId,
              text,
              charged: answer.body.data.payment_info.charged_cents,
            });
          } catch {
            cutByCrash++; // the server is gone: this send was never acknowledged
            return;
          }
        }
      });
      while (acknowledged.size < 60) await new Promise((resolve) => setTimeout(resolve, 5));
      server.child.kill('SIGKILL');
      const exit = await server.exited;
      running = false;
      await Promise.all(burst);
      expect(exit.signal).toBe('SIGKILL');
      expect(cutByCrash, 'sends in flight when the server died').toBeGreaterThan(0);
      expect((await before.closed).code).not.toBe(1000); // dropped, not closed politely

      server = await spawnServer({ env: env() });

      // Everything acknowledged is stored, as sent.
      const ids = [...acknowledged.keys()];
      const stored = await db.sql<{ id: number; text: string; user_id: number }[]>`
      SELECT m.id, m.text, d.user_id FROM messages m JOIN dialogs d ON d.id = m.dialog_id WHERE m.id IN ${db.sql(ids)}`;
      expect(stored).toHaveLength(ids.length);
      for (const row of stored)
        expect(row).toMatchObject({
          text: acknowledged.get(row.id)!.text,
          user_id: acknowledged.get(row.id)!.userId,
        });

      // Every balance equals its ledger, and every stored message was paid exactly once.
      const balances = await db.sql<
        { telegram_id: number; balance_cents: number; free_messages: number; ledger: number }[]
      >`
      SELECT u.telegram_id, u.balance_cents, u.free_messages, COALESCE((SELECT sum(amount_cents) FROM ledger l WHERE l.user_id = u.telegram_id), 0)::bigint AS ledger
      FROM users u WHERE u.telegram_id IN ${db.sql(users)}`;
      expect(balances).toHaveLength(users.length);
      for (const row of balances)
        expect(row.balance_cents, `user ${row.telegram_id}`).toBe(row.ledger);
      const payments = await db.sql<
        {
          user_id: number;
          paid_with: string;
          price_cents: number;
          charges: number;
          charged: number;
          earnings: number;
        }[]
      >`
      SELECT d.user_id, m.paid_with, m.price_cents,
        (SELECT count(*) FROM ledger l WHERE l.message_id = m.id)::int AS charges,
        COALESCE((SELECT sum(-amount_cents) FROM ledger l WHERE l.message_id = m.id), 0)::bigint AS charged,
        (SELECT count(*) FROM advisor_earnings e WHERE e.message_id = m.id)::int AS earnings
      FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      WHERE d.user_id IN ${db.sql(users)} AND m.sender = 'user'`;
      for (const row of payments) {
        if (row.paid_with === 'balance')
          expect(row).toMatchObject({ charges: 1, charged: row.price_cents, earnings: 1 });
        else expect(row).toMatchObject({ paid_with: 'free', charges: 0, earnings: 0 });
      }
      for (const user of balances) {
        const free = payments.filter(
          (p) => p.user_id === user.telegram_id && p.paid_with === 'free',
        ).length;
        expect(user.free_messages + free).toBe(3);
      }
      for (const [id, sent] of acknowledged) {
        expect(
          payments.find(
            (p) =>
              p.user_id === sent.userId &&
              (p.paid_with === 'balance' ? p.price_cents : 0) === sent.charged,
          ),
          `message ${id}`,
        ).toBeDefined();
      }

      // The watched user's phone reconnects to the restarted server and reloads: nothing twice.
      const after = await TestSocket.open(
        `${server.base.replace('http', 'ws')}/ws?initData=${encodeURIComponent(initData(watched))}`,
      );
      after.send({
        type: 'subscribe_dialog',
        telegram_user_id: watched,
        manager_id: watchedAdvisor.id,
      });
      await after.next('subscribed');
      await new Promise((resolve) => setTimeout(resolve, 150)); // demo replies to the burst have landed
      const history = (
        await call<{ messages: Message[] }>(
          server.base,
          'GET',
          `/api/GetAllMessages.php?manager_id=${watchedAdvisor.id}`,
          watched,
        )
      ).body.messages;
      const historyIds = history.map((m) => m.id);
      expect(new Set(historyIds).size).toBe(historyIds.length);
      for (const [id, sent] of acknowledged)
        if (sent.userId === watched) expect(historyIds).toContain(id);
      const liveBefore = after.all('new_message').map((f) => f.data.id);
      const fresh = await call<{ data: { message: Message } }>(
        server.base,
        'POST',
        '/api/CreateMessage.php',
        watched,
        { manager_id: watchedAdvisor.id, message: 'after the crash' },
      );
      expect(fresh.status).toBe(200);
      await after.next('new_message', (f) => f.data.id === fresh.body.data.message.id);
      await after.roundTrip();
      const liveIds = after.all('new_message').map((f) => f.data.id);
      expect(new Set(liveIds).size).toBe(liveIds.length);
      // Nothing from before the reconnect was replayed on the new socket.
      for (const id of liveIds.filter((id) => !liveBefore.includes(id)))
        expect(historyIds).not.toContain(id);
      after.close();
      await server.kill('SIGTERM');
      server = null;
    },
  );
});

describe('a socket that drops and reconnects', () => {
  it('gets no message twice when it reloads the history', async () => {
    const t = await startLiveApp();
    try {
      const userId = newUserId();
      const advisorTelegramId = newUserId();
      const [advisor] = await t.db.sql<
        { id: number }[]
      >`SELECT id FROM advisors ORDER BY id LIMIT 1`;
      await linkAdvisor(t, advisor!.id, advisorTelegramId);
      const reply = async (text: string) =>
        (
          await t.call<{ data: { message: Message } }>(
            'POST',
            '/api/ManagerSendMessage.php',
            advisorTelegramId,
            { telegram_user_id: userId, message: text },
          )
        ).body.data.message.id;
      const send = async (text: string) =>
        (
          await t.call<{ data: { message: Message } }>('POST', '/api/CreateMessage.php', userId, {
            manager_id: advisor!.id,
            message: text,
          })
        ).body.data.message.id;

      const first = await t.connect(userId);
      first.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor!.id });
      await first.next('subscribed');
      const seenLive = [await send('one'), await reply('two')];
      for (const id of seenLive) await first.next('new_message', (f) => f.data.id === id);

      // The connection drops (a tunnel, a lift); the advisor keeps writing meanwhile.
      first.terminate();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const missed = [await reply('three'), await reply('four')];

      const second = await t.connect(userId);
      second.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor!.id });
      await second.next('subscribed');
      const history = (
        await t.call<{ messages: Message[] }>(
          'GET',
          `/api/GetAllMessages.php?manager_id=${advisor!.id}`,
          userId,
        )
      ).body.messages;
      expect(history.map((m) => m.id)).toEqual([...seenLive, ...missed]);
      const later = [await reply('five'), await send('six')];
      for (const id of later) await second.next('new_message', (f) => f.data.id === id);
      await second.roundTrip();
      // Live frames on the new socket: only what came after it subscribed, each once.
      expect(second.all('new_message').map((f) => f.data.id)).toEqual(later);
      second.close();
    } finally {
      await t.close();
    }
  });
});
