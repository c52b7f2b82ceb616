/**
 * The update intake (long polling with grammY's runner): commands route to their handlers, updates
 * are handled concurrently, and an update whose critical handler fails comes again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import type { AddressInfo } from 'node:net';
import { createTestDatabase, startTestApp, TEST_BOT_TOKEN } from '../test/harness.js';
import type { Database } from '../db/database.js';
import { TelegramBot } from './telegram-bot.js';

let fake: FakeBotApi;
let db: Database;
beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  db = await createTestDatabase();
});
afterAll(async () => {
  await fake?.close();
  await db?.close();
});

function newBot(): TelegramBot {
  return new TelegramBot({
    token: TEST_BOT_TOKEN,
    apiUrl: fake.url,
    publicUrl: 'https://seer.example',
    webhookSecret: undefined,
    sql: db.sql,
    pollTimeoutSeconds: 1,
    backoff: { baseMs: 20, maxMs: 100 },
  });
}

describe('commands', () => {
  it('routes /name and /name@bot to the command, and not a mention inside a text', async () => {
    const bot = newBot();
    const seen: string[] = [];
    bot.updates.onCommand('start', async (ctx) => {
      seen.push(ctx.message?.text ?? '');
    });
    let update = 1;
    const text = (t: string) =>
      bot.handleUpdate({
        update_id: update++,
        message: {
          message_id: update,
          date: Math.floor(Date.now() / 1000),
          chat: { id: 5, type: 'private', first_name: 'T' },
          from: { id: 5, is_bot: false, first_name: 'T' },
          text: t,
          entities: t.startsWith('/')
            ? [{ type: 'bot_command', offset: 0, length: t.split(' ')[0]!.length }]
            : [],
        },
      });
    await text('/start');
    await text('/start@seer_test_bot payload');
    await text('hello /start');
    expect(seen).toEqual(['/start', '/start@seer_test_bot payload']);
  });
});

describe('long polling', () => {
  it('retries an update whose critical handler failed, and confirms the others', async () => {
    const bot = newBot();
    const seen: string[] = [];
    let failures = 1;
    bot.updates.onMessage(
      async (ctx) => {
        if (ctx.message.text === 'pay' && failures-- > 0) throw new Error('database unavailable');
        seen.push(ctx.message.text ?? '');
      },
      { critical: true },
    );
    let ordinaryFailures = 0;
    bot.updates.onCommand('boom', async () => {
      ordinaryFailures += 1;
      throw new Error('a notification failed');
    });
    bot.start();
    try {
      await fake.sendText({ id: 5 }, 'hello');
      await fake.sendText({ id: 5 }, 'pay');
      await fake.sendText({ id: 5 }, '/boom');
      await fake.waitFor(() => (seen.length === 3 ? true : undefined), 10_000);
      // handled concurrently: the failed one comes again after the others
      expect([...seen].sort()).toEqual(['/boom', 'hello', 'pay']);
      // the ordinary handler's failure did not hold the update back
      expect(ordinaryFailures).toBe(1);
      await fake.waitFor(() => (fake.pendingUpdates.length === 0 ? true : undefined), 5_000);
      expect(fake.pendingUpdates).toHaveLength(0);
      expect(fake.callsOf('deleteWebhook')).toHaveLength(1);
    } finally {
      await bot.stop();
    }
  });

  it('lets one instance poll at a time', async () => {
    const a = newBot();
    const b = newBot();
    a.start();
    b.start();
    try {
      const before = fake.callsOf('getUpdates').length;
      await new Promise((resolve) => setTimeout(resolve, 300));
      await fake.sendText({ id: 6 }, 'x');
      await fake.waitFor(() => (fake.pendingUpdates.length === 0 ? true : undefined), 5_000);
      // Telegram answers 409 to a second concurrent getUpdates; the fake would not, so count callers instead.
      expect(fake.callsOf('getUpdates').length).toBeGreaterThan(before);
      expect(fake.callsOf('deleteWebhook').length).toBe(2); // one from the previous test, one from the leader here
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

describe('concurrency', () => {
  it('answers a pre_checkout_query while a slow handler of an earlier update is still running', async () => {
    const bot = newBot();
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    bot.updates.onMessage(async (ctx) => {
      if (ctx.message.text === 'slow') await slow;
    });
    bot.updates.onPreCheckoutQuery(async (ctx) => {
      await ctx.answerPreCheckoutQuery(true);
    });
    bot.start();
    try {
      await fake.sendText({ id: 7 }, 'slow');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const asked = Date.now();
      await fake.pushUpdate({
        pre_checkout_query: {
          id: 'query-behind-a-slow-handler',
          from: { id: 7, is_bot: false, first_name: 'Payer' },
          currency: 'XTR',
          total_amount: 50,
          invoice_payload: 'x',
        },
      });
      const answer = await fake.waitFor(
        () =>
          fake
            .callsOf('answerPreCheckoutQuery')
            .find((c) => c.params.pre_checkout_query_id === 'query-behind-a-slow-handler'),
        5_000,
      );
      expect(answer).toBeDefined();
      expect(Date.now() - asked).toBeLessThan(3_000);
      // the slow update is not confirmed until it is done
      expect(fake.pendingUpdates.some((u) => u.message?.text === 'slow')).toBe(true);
      release();
      await fake.waitFor(() => (fake.pendingUpdates.length === 0 ? true : undefined), 5_000);
      expect(fake.pendingUpdates).toHaveLength(0);
    } finally {
      release();
      await bot.stop();
    }
  });
});

describe('webhook', () => {
  it('answers a pre_checkout_query while an earlier delivery is still being handled', async () => {
    const secret = 'webhook_secret-456';
    const t = await startTestApp({
      db,
      seed: false,
      env: {
        BOT_API_URL: fake.url,
        PUBLIC_URL: 'https://seer.example',
        BOT_WEBHOOK_SECRET: secret,
      },
    });
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      t.services.bot!.updates.onMessage(async (ctx) => {
        if (ctx.message.text === 'slow webhook') await slow;
      });
      t.services.bot!.start();
      await fake.waitFor(() => fake.webhook ?? undefined, 5_000);
      fake.webhook!.url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/bot/webhook`;
      const slowDelivery = fake.sendText({ id: 8 }, 'slow webhook');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const asked = Date.now();
      const { webhookStatus } = await fake.pushUpdate({
        pre_checkout_query: {
          id: 'webhook-query-behind-a-slow-handler',
          from: { id: 8, is_bot: false, first_name: 'Payer' },
          currency: 'XTR',
          total_amount: 50,
          invoice_payload: 'unknown-invoice',
        },
      });
      expect(webhookStatus).toBe(200);
      expect(Date.now() - asked).toBeLessThan(3_000);
      // an invoice Seer never made is refused, but answered
      expect(
        fake
          .callsOf('answerPreCheckoutQuery')
          .find((c) => c.params.pre_checkout_query_id === 'webhook-query-behind-a-slow-handler')
          ?.params.ok,
      ).toBe(false);
      release();
      expect((await slowDelivery).webhookStatus).toBe(200);
    } finally {
      release();
      await t.close();
      fake.webhook = null;
    }
  });
});
