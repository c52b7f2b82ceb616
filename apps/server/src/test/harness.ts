/**
 * Test harness: a fresh database per test file on the run's PostgreSQL server,
 * the real app built with app.ts, and init data signed like Telegram's.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { connect, type Database } from '../db/database.js';
import { migrate } from '../db/migrate.js';
import { loadConfig, type Config } from '../config.js';
import { buildApp, type BuiltApp } from '../app.js';
import { seedDemoData } from '../demo/seed.js';
import { signInitData, type TelegramUser } from '../auth/init-data.js';
import type { EventTransport } from '../realtime/event-bus.js';
import type { PresenceSource } from '../realtime/presence.js';
import { FakeBotApi } from './fakes/bot-api.js';

export const TEST_BOT_TOKEN = '123456789:TEST-token-for-seer-tests_abcdefghij';

/** A new, migrated database on the test server; dropped by close(). */
export async function createTestDatabase(): Promise<Database & { name: string }> {
  const adminUrl = inject('pgAdminUrl');
  const name = `seer_test_${randomBytes(6).toString('hex')}`;
  const admin = connect(adminUrl, 1);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${name}`;
  const url = parsed.toString();
  const sql = connect(url, 20);
  await migrate(sql);
  return {
    name,
    sql,
    url,
    async close() {
      await sql.end({ timeout: 5 });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await admin.end();
    },
  };
}

/**
 * The tests' configuration: a bot token (init data signed like Telegram's) with DEMO=1, so demo
 * advisors answer as they do on a staging bot; a test of the live rules passes DEMO: undefined.
 */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    BOT_TOKEN: TEST_BOT_TOKEN,
    DEMO: '1',
    FREE_MESSAGES: '3',
    DATA_DIR: '/tmp/seer-unused',
    ...overrides,
  });
}

export interface TestApp extends BuiltApp {
  db: Database;
  /** Signed init data for a Telegram user with this id. */
  initData(userId: number, user?: Partial<TelegramUser>): string;
  /** POSTs `payload` to `/api/<call>` as this Telegram user (init data in Authorization). */
  post(userId: number, call: string, payload: object): Promise<LightMyRequestResponse>;
  /** A new user with this balance, topped up by a Stars payment (a ledger row), and free messages. */
  userWithBalance(cents: number, freeMessages?: number): Promise<number>;
  /** The fake Bot API the app talks to, unless the test chose its own BOT_API_URL. */
  botApi: FakeBotApi | null;
  close(): Promise<void>;
}

export async function startTestApp(
  options: {
    env?: Record<string, string | undefined>;
    seed?: boolean;
    transport?: EventTransport;
    presence?: PresenceSource;
    db?: Database;
  } = {},
): Promise<TestApp> {
  const db = options.db ?? (await createTestDatabase());
  if (options.seed !== false) await seedDemoData(db.sql);
  // Tests never reach api.telegram.org: without a BOT_API_URL of their own they get a local fake.
  const botApi =
    options.env && 'BOT_API_URL' in options.env ? null : await FakeBotApi.start(TEST_BOT_TOKEN);
  const config = testConfig({ ...(botApi ? { BOT_API_URL: botApi.url } : {}), ...options.env });
  const built = await buildApp(config, db, {
    transport: options.transport,
    presence: options.presence,
    logger: false,
  });
  await built.app.ready();
  const initData = (userId: number, user: Partial<TelegramUser> = {}) =>
    signInitData(TEST_BOT_TOKEN, { id: userId, first_name: `User${userId}`, ...user });
  return {
    ...built,
    db,
    initData,
    post: (userId, call, payload) =>
      built.app.inject({
        method: 'POST',
        url: `/api/${call}`,
        headers: { authorization: initData(userId) },
        payload,
      }),
    async userWithBalance(cents, freeMessages = 0) {
      const userId = newUserId();
      await db.sql`INSERT INTO users (telegram_id, free_messages) VALUES (${userId}, ${freeMessages})`;
      if (cents > 0)
        await built.services.money.change({
          userId,
          amountCents: cents,
          reason: 'stars',
          reference: `test-balance-${userId}`,
        });
      return userId;
    },
    botApi,
    async close() {
      await built.app.close();
      await botApi?.close();
      if (!options.db) await db.close();
    },
  };
}

let nextUserId = 100_000 + Math.floor(Math.random() * 1000) * 1000;
export function newUserId(): number {
  return nextUserId++;
}
