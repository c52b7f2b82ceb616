/**
 * A database that dies: the real compiled server, its embedded PostgreSQL killed (SIGKILL) in the
 * middle of a burst of paid sends, stays up, starts PostgreSQL again and is healthy within seconds;
 * meanwhile calls answer 503 `database_unavailable`; every acknowledged send is stored and every
 * balance equals its ledger. With DATABASE_URL, the server reconnects when the database is back.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, type Advisor, type Message } from '@seer/contract';
import { createTestDatabase, newUserId, TEST_BOT_TOKEN } from '../test/harness.js';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { startTcpProxy, type TcpProxy } from '../test/tcp-proxy.js';
import { callServer, spawnServer, type ServerProcess } from '../test/server-process.js';
import { signInitData } from '../auth/init-data.js';
import { MoneyRepository } from '../money/money.repository.js';
import { connect, type Database, type Sql } from './database.js';

const initData = (userId: number) =>
  signInitData(TEST_BOT_TOKEN, { id: userId, first_name: `Outage${userId}`, language_code: 'en' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** One paid send per user at most every 150 ms: about 6.7 a second, under RATE_LIMITS.send. */
const SEND_INTERVAL_MS = 150;

const call = <T>(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  userId: number,
  body?: unknown,
) => callServer<T>(base, method, path, initData(userId), body);

async function healthy(base: string): Promise<boolean> {
  try {
    return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5_000) })).ok;
  } catch {
    return false;
  }
}

/** Milliseconds until GET /api/health answers 200 again. */
async function timeUntilHealthy(base: string, limitMs: number): Promise<number> {
  const started = Date.now();
  while (!(await healthy(base))) {
    if (Date.now() - started > limitMs) throw new Error(`not healthy within ${limitMs} ms`);
    await pause(100);
  }
  return Date.now() - started;
}

async function creditUsers(sql: Sql, users: number[], amountCents: number): Promise<void> {
  const money = new MoneyRepository(sql);
  for (const userId of users)
    await sql.begin((tx) =>
      money.apply(tx, {
        userId,
        amountCents,
        freeMessagesDelta: 0,
        reason: 'admin_credit',
        messageId: null,
        reference: null,
        note: 'test',
        createdBy: null,
      }),
    );
}

interface Burst {
  acknowledged: Map<number, { userId: number; text: string }>;
  /** Every answer that was not 200, as "status code". */
  refusals: string[];
  /** Requests that got no answer at all (the server process gone), with what fetch said. */
  unanswered: string[];
  stop(): Promise<void>;
}

/** Each user sends paid messages in a loop until stopped, out of funds, or unanswered. */
function startBurst(base: string, users: number[], advisors: Advisor[]): Burst {
  const burst: Burst = {
    acknowledged: new Map(),
    refusals: [],
    unanswered: [],
    stop: async () => {},
  };
  let running = true;
  const startedAt = Date.now();
  const loops = users.map(async (userId, index) => {
    const advisor = advisors[index % advisors.length]!;
    for (let n = 0; running; n++) {
      const text = `u${userId}-m${n}`;
      try {
        const answer = await call<{ data: { message: Message }; code?: string }>(
          base,
          'POST',
          '/api/CreateMessage.php',
          userId,
          { manager_id: advisor.id, message: text },
        );
        if (answer.status === 200) {
          burst.acknowledged.set(answer.body.data.message.id, { userId, text });
          // Each user stays well under the per-user send limit (10 a second over time), so any
          // refusal here is the outage's doing, not the rate limit's.
          await pause(SEND_INTERVAL_MS);
          continue;
        }
        burst.refusals.push(`${answer.status} ${answer.body.code}`);
        if (answer.status === 402) return;
        await pause(50);
      } catch (error) {
        const cause = (error as Error & { cause?: Error }).cause;
        burst.unanswered.push(
          `${text} at +${Date.now() - startedAt} ms: ${String(error)}${cause ? ` (${String(cause)})` : ''}`,
        );
        return;
      }
    }
  });
  burst.stop = async () => {
    running = false;
    await Promise.all(loops);
  };
  return burst;
}

/** Every acknowledged send is stored as sent, and every balance equals its ledger. */
async function expectNothingLost(sql: Sql, users: number[], burst: Burst): Promise<void> {
  const ids = [...burst.acknowledged.keys()];
  const stored = await sql<{ id: number; text: string; user_id: number }[]>`
    SELECT m.id, m.text, d.user_id FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE m.id IN ${sql(ids)}`;
  expect(stored).toHaveLength(ids.length);
  for (const row of stored)
    expect(row).toMatchObject({
      text: burst.acknowledged.get(row.id)!.text,
      user_id: burst.acknowledged.get(row.id)!.userId,
    });
  const balances = await sql<{ telegram_id: number; balance_cents: number; ledger: number }[]>`
    SELECT u.telegram_id, u.balance_cents,
      COALESCE((SELECT sum(amount_cents) FROM ledger l WHERE l.user_id = u.telegram_id), 0)::bigint AS ledger
    FROM users u WHERE u.telegram_id IN ${sql(users)}`;
  expect(balances).toHaveLength(users.length);
  for (const row of balances) expect(row.balance_cents, `user ${row.telegram_id}`).toBe(row.ledger);
  // Every paid message was charged exactly once.
  const charges = await sql<{ id: number; charges: number }[]>`
    SELECT m.id, (SELECT count(*) FROM ledger l WHERE l.message_id = m.id)::int AS charges
    FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE d.user_id IN ${sql(users)} AND m.sender = 'user' AND m.paid_with = 'balance'`;
  for (const row of charges) expect(row.charges, `message ${row.id}`).toBe(1);
}

/** The server's database sessions, one line each: what a request that got no answer may wait on. */
async function sessionsOf(sql: Sql): Promise<string> {
  const rows = await sql<{ line: string }[]>`
    SELECT concat_ws(' | ', pid, state, wait_event_type, wait_event,
      round(extract(epoch FROM now() - xact_start)::numeric, 1) || ' s in transaction',
      left(query, 120)) AS line
    FROM pg_stat_activity WHERE application_name = 'seer' AND pid <> pg_backend_pid()`.catch(
    (error: Error) => [{ line: `pg_stat_activity not read: ${error.message}` }],
  );
  return rows.map((row) => row.line).join('\n');
}

function expectOnlyUnavailableOrOutOfFunds(refusals: string[]): void {
  for (const refusal of refusals)
    expect([
      `503 ${ERROR_CODES.databaseUnavailable}`,
      `402 ${ERROR_CODES.insufficientFunds}`,
    ]).toContain(refusal);
}

describe('the embedded PostgreSQL killed during a burst of paid sends', () => {
  let dataDir: string;
  let botApi: FakeBotApi;
  let server: ServerProcess | null = null;
  let sql: Sql | null = null;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'seer-outage-'));
    botApi = await FakeBotApi.start(TEST_BOT_TOKEN);
  });
  afterAll(async () => {
    await sql?.end({ timeout: 1 });
    await server?.kill('SIGTERM');
    await botApi?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const postmasterPid = async () =>
    Number(
      (await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0],
    );

  it(
    'keeps the server up, restarts the database and loses nothing acknowledged',
    { timeout: 120_000 },
    async () => {
      server = await spawnServer({
        env: {
          DATA_DIR: dataDir,
          NODE_ENV: 'test',
          BOT_TOKEN: TEST_BOT_TOKEN,
          DEMO: '1', // the demo advisors
          BOT_API_URL: botApi.url,
          FREE_MESSAGES: '0',
          LOG_LEVEL: 'warn',
          DEMO_REPLY_DELAY_MS: '20-40',
        },
        startTimeoutMs: 60_000,
      });
      const lines = (
        await readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')
      ).split('\n');
      const password = (await readFile(path.join(dataDir, 'postgres-password'), 'utf8')).trim();
      sql = connect(`postgres://postgres:${password}@127.0.0.1:${lines[3]}/seer`, 2);

      const advisors = (
        await call<{ data: { managers: Advisor[] } }>(
          server.base,
          'GET',
          '/api/GetAllManagers.php',
          newUserId(),
        )
      ).body.data.managers;
      const users = Array.from({ length: 12 }, () => newUserId());
      for (const userId of users)
        expect((await call(server.base, 'GET', '/api/GetUser.php', userId)).status).toBe(200);
      await creditUsers(sql, users, 100_000);

      const burst = startBurst(server.base, users, advisors);
      while (burst.acknowledged.size < 40) await pause(5);
      const killed = await postmasterPid();
      const killedAt = Date.now();
      process.kill(killed, 'SIGKILL');
      // Recovery is timed to a new PostgreSQL answering: for a moment after SIGKILL, a backend of
      // the old one may still answer a ping, and a health check then would pass too early.
      await expect
        .poll(() => postmasterPid().catch(() => killed), { timeout: 20_000, interval: 50 })
        .not.toBe(killed);
      await timeUntilHealthy(server.base, 20_000);
      const downMs = Date.now() - killedAt;
      const acknowledgedAtRecovery = burst.acknowledged.size;
      await expect
        .poll(() => burst.acknowledged.size, { timeout: 10_000 })
        .toBeGreaterThan(acknowledgedAtRecovery + 10); // sends succeed again
      await burst.stop();

      expect(server.child.exitCode, server.output()).toBeNull();
      expect(server.child.signalCode).toBeNull();
      expect(
        burst.unanswered,
        `requests the server never answered; the database was killed ${Date.now() - killedAt} ms ago; its sessions now:\n${await sessionsOf(sql)}\nthe server said:\n${server.output().slice(-4_000)}`,
      ).toEqual([]);
      // The jobs one instance runs under a leader lock take their lock again: the bot takes and
      // confirms an update sent after the outage.
      await botApi.sendText({ id: users[0]! }, '/start');
      await expect
        .poll(() => botApi.pendingUpdates.length, { timeout: 20_000, interval: 100 })
        .toBe(0);
      expectOnlyUnavailableOrOutOfFunds(burst.refusals);
      expect(await postmasterPid()).not.toBe(killed);
      expect(downMs).toBeLessThan(15_000);
      await expectNothingLost(sql, users, burst);

      // A clean stop by someone else (pg_ctl stop, SIGINT) is a stop not asked for, too.
      process.kill(await postmasterPid(), 'SIGINT');
      await pause(300);
      await timeUntilHealthy(server.base, 20_000);
      const after = await call(server.base, 'POST', '/api/CreateMessage.php', users[0]!, {
        manager_id: advisors[0]!.id,
        message: 'after a clean stop',
      });
      expect(after.status).toBe(200);
      expect(server.child.exitCode).toBeNull();
    },
  );
});

describe('an external database (DATABASE_URL) that goes away and comes back', () => {
  let db: Database;
  let proxy: TcpProxy;
  let botApi: FakeBotApi;
  let server: ServerProcess | null = null;

  beforeAll(async () => {
    db = await createTestDatabase();
    const url = new URL(db.url);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) });
    botApi = await FakeBotApi.start(TEST_BOT_TOKEN);
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await proxy?.close();
    await botApi?.close();
    await db?.close();
  });

  it('answers 503 database_unavailable meanwhile and serves again once it is back', async () => {
    server = await spawnServer({
      env: {
        DATABASE_URL: proxy.urlFor(db.url),
        NODE_ENV: 'test',
        BOT_TOKEN: TEST_BOT_TOKEN,
        DEMO: '1', // the demo advisors
        BOT_API_URL: botApi.url,
        FREE_MESSAGES: '0',
        LOG_LEVEL: 'error',
      },
    });
    const advisors = (
      await call<{ data: { managers: Advisor[] } }>(
        server.base,
        'GET',
        '/api/GetAllManagers.php',
        newUserId(),
      )
    ).body.data.managers;
    const users = Array.from({ length: 4 }, () => newUserId());
    for (const userId of users)
      expect((await call(server.base, 'GET', '/api/GetUser.php', userId)).status).toBe(200);
    await creditUsers(db.sql, users, 100_000);

    const burst = startBurst(server.base, users, advisors);
    while (burst.acknowledged.size < 20) await pause(5);
    proxy.cut();
    await pause(2_000);
    const whileAway = await call<{ status: string; code: string; message: string }>(
      server.base,
      'GET',
      '/api/GetUser.php',
      users[0]!,
    );
    expect(whileAway).toMatchObject({
      status: 503,
      body: { status: 'error', code: ERROR_CODES.databaseUnavailable },
    });
    expect(await healthy(server.base)).toBe(false);
    proxy.restore();
    await timeUntilHealthy(server.base, 15_000);
    const acknowledgedAtRecovery = burst.acknowledged.size;
    await expect
      .poll(() => burst.acknowledged.size, { timeout: 10_000 })
      .toBeGreaterThan(acknowledgedAtRecovery + 5);
    await burst.stop();

    expect(server.child.exitCode, server.output()).toBeNull();
    expect(burst.unanswered).toEqual([]);
    expect(burst.refusals.length).toBeGreaterThan(0);
    expectOnlyUnavailableOrOutOfFunds(burst.refusals);
    await expectNothingLost(db.sql, users, burst);
  });
});
