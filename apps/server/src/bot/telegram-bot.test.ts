/** The update intake: commands route to their handlers, and an update whose critical handler fails comes again. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { createTestDatabase, TEST_BOT_TOKEN } from '../test/harness.js';
import type { Database } from '../db/database.js';
import { parseCommand } from './bot-updates.js';
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

describe('parseCommand', () => {
  it('reads /name and /name@bot, nothing else', () => {
    expect(parseCommand('/start')).toBe('start');
    expect(parseCommand('/start@seer_bot payload')).toBe('start');
    expect(parseCommand('/Start')).toBe('start');
    expect(parseCommand('hello /start')).toBeNull();
    expect(parseCommand('/start-now')).toBeNull();
    expect(parseCommand(undefined)).toBeNull();
  });
});

describe('long polling', () => {
  it('retries an update whose critical handler failed, and confirms the others', async () => {
    const bot = newBot();
    const seen: string[] = [];
    let failures = 1;
    bot.updates.onMessage(
      async (message) => {
        if (message.text === 'pay' && failures-- > 0) throw new Error('database unavailable');
        seen.push(message.text ?? '');
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
      expect(seen).toEqual(['hello', 'pay', '/boom']);
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
