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
import { FakeBotApi } from './fakes/bot-api.js';
import { aUser } from './builders.js';
import { newUserId } from './ids.js';
import { LEDGER_REASONS } from '../money/money.service.js';

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

/** What buildApp takes besides the configuration and the database (timings, logger, limits...). */
type AppOptions = NonNullable<Parameters<typeof buildApp>[2]>;

export interface TestAppOptions extends Omit<AppOptions, 'logger'> {
  /** Settings over testConfig()'s. */
  env?: Record<string, string | undefined>;
  /** Seed the demo advisors (default true). */
  seed?: boolean;
  /** Run on this database (left open by close()); a new one by default. */
  db?: Database;
  /** The app's logger; silent by default (a test that reads log lines gives one writing to a sink). */
  logger?: AppOptions['logger'];
  /** Also listen on a port of 127.0.0.1 (sockets, raw connections, fetch) besides inject(). */
  listen?: boolean;
}

export interface TestApp extends BuiltApp {
  db: Database;
  /** http://127.0.0.1:port when started with `listen`, else null. */
  base: string | null;
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

/**
 * The one way tests start the app in-process: the real app.ts on a test database, answering
 * inject() (and a real port with `listen`). Sockets: socket-test-kit.ts's startLiveApp, built on
 * this. A separate server process (crashes, benchmarks): server-process.ts.
 */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { env, seed, db: givenDb, logger, listen, ...appOptions } = options;
  const db = givenDb ?? (await createTestDatabase());
  if (seed !== false) await seedDemoData(db.sql);
  // Tests never reach api.telegram.org: without a BOT_API_URL of their own they get a local fake.
  const botApi = env && 'BOT_API_URL' in env ? null : await FakeBotApi.start(TEST_BOT_TOKEN);
  const config = testConfig({ ...(botApi ? { BOT_API_URL: botApi.url } : {}), ...env });
  const built = await buildApp(config, db, { ...appOptions, logger: logger ?? false });
  let base: string | null = null;
  if (listen) {
    await built.app.listen({ port: 0, host: '127.0.0.1' });
    const address = built.app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  } else {
    await built.app.ready();
  }
  const initData = (userId: number, user: Partial<TelegramUser> = {}) =>
    signInitData(TEST_BOT_TOKEN, { id: userId, first_name: `User${userId}`, ...user });
  const testApp: TestApp = {
    ...built,
    db,
    base,
    initData,
    post: (userId, call, payload) =>
      built.app.inject({
        method: 'POST',
        url: `/api/${call}`,
        headers: { authorization: initData(userId) },
        payload,
      }),
    userWithBalance: (cents, freeMessages = 0) =>
      aUser(testApp, {
        balanceCents: cents,
        balanceReason: LEDGER_REASONS.stars,
        freeMessages,
      }),
    botApi,
    async close() {
      await built.app.close();
      await botApi?.close();
      if (!givenDb) await db.close();
    },
  };
  return testApp;
}

export { newUserId };
