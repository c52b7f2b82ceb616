/**
 * The notice outbox against the fake Bot API and a real PostgreSQL: 429 waits for retry_after,
 * 5xx and network errors back off, 403 and 400 give up at once, a notice is given up after a
 * bounded time, one left pending by a stopped app is delivered by the next, one whose sender died
 * mid-request is never sent twice, and two workers never send one notice twice.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeBotApi } from '../test/fakes/bot-api.js';
import { createTestDatabase, newUserId, startTestApp, TEST_BOT_TOKEN } from '../test/harness.js';
import type { Database } from '../db/database.js';
import { createApi } from './bot-api.js';
import { sendLimit } from './send-limit.js';
import { NoticeOutbox, type NoticeOutboxOptions, type NoticeOutcome } from './notice-outbox.js';
import { NoticeOutboxRepository } from './notice-outbox.repository.js';

let fake: FakeBotApi;
let db: Database;
const running: NoticeOutbox[] = [];

beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  db = await createTestDatabase();
});
afterEach(async () => {
  await Promise.all(running.splice(0).map((outbox) => outbox.stop()));
});
afterAll(async () => {
  await db?.close();
  await fake?.close();
});

function startOutbox(options: Partial<NoticeOutboxOptions> = {}) {
  const outcomes: NoticeOutcome[] = [];
  const blocked: number[] = [];
  const logged: string[] = [];
  const outbox = new NoticeOutbox(
    {
      repository: new NoticeOutboxRepository(db.sql),
      api: createApi({
        token: TEST_BOT_TOKEN,
        apiRoot: fake.url,
        // no spacing per chat here: the retries' own delays are what is measured
        sendLimit: sendLimit({ perChatIntervalMs: 0 }),
        retryInPlace: false,
      }),
      log: (_level, message, detail) => logged.push(`${message} ${JSON.stringify(detail)}`),
      onOutcome: (outcome) => outcomes.push(outcome),
      onBlocked: async (chatId) => {
        blocked.push(chatId);
      },
    },
    { backoff: { baseMs: 100, maxMs: 1_000 }, pollIntervalMs: 200, ...options },
  );
  outbox.start();
  running.push(outbox);
  return { outbox, outcomes, blocked, logged };
}

const notice = (chatId: number) => ({
  chatId,
  text: `Anna replied to you in Seer (${chatId}).`,
  replyMarkup: {
    inline_keyboard: [[{ text: 'Open chat', web_app: { url: 'https://seer.example/chat/1' } }]],
  },
});

const callsTo = (chatId: number) =>
  fake.callsOf('sendMessage').filter((c) => c.params.chat_id === chatId);
const acceptedTo = (chatId: number) =>
  fake.acceptedCallsOf('sendMessage').filter((c) => c.params.chat_id === chatId);

async function rowOf(chatId: number) {
  const [row] = await db.sql<{ status: string; attempts: number; last_error: string | null }[]>`
    SELECT status, attempts, last_error FROM bot_outbox WHERE chat_id = ${chatId}`;
  return row!;
}

/** The row once it is sent or failed (undefined if it is not within the time). */
async function settled(chatId: number, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const row = await rowOf(chatId);
    if (row.status === 'sent' || row.status === 'failed') return row;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

describe('the notice outbox', () => {
  it('sends a notice once, with its text and button', async () => {
    const { outbox, outcomes } = startOutbox();
    const chatId = newUserId();
    await outbox.enqueue(notice(chatId));
    expect(await fake.waitFor(() => acceptedTo(chatId)[0], 5_000)).toBeDefined();
    expect(callsTo(chatId)[0]!.params).toMatchObject({
      text: notice(chatId).text,
      reply_markup: notice(chatId).replyMarkup,
    });
    expect((await settled(chatId))?.status).toBe('sent');
    expect(outcomes).toEqual(['sent']);
  });

  it("tries again after a 429's retry_after, not before, and delivers it once", async () => {
    const { outbox, outcomes } = startOutbox();
    const chatId = newUserId();
    fake.failNext('sendMessage', 429, 'Too Many Requests: retry after 1', {
      retryAfterSeconds: 1,
    });
    await outbox.enqueue(notice(chatId));
    expect(await fake.waitFor(() => acceptedTo(chatId)[0], 5_000)).toBeDefined();
    const [refused, accepted] = callsTo(chatId);
    expect(refused!.status).toBe(429);
    expect(accepted!.at - refused!.at).toBeGreaterThanOrEqual(950);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(acceptedTo(chatId)).toHaveLength(1);
    expect(await settled(chatId)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(outcomes).toEqual(['retried', 'sent']);
  });

  it('backs off exponentially after 5xx answers, then delivers it once', async () => {
    const { outbox } = startOutbox();
    const chatId = newUserId();
    fake.failNext('sendMessage', 502, 'Bad Gateway');
    fake.failNext('sendMessage', 500, 'Internal Server Error');
    await outbox.enqueue(notice(chatId));
    expect(await fake.waitFor(() => acceptedTo(chatId)[0], 5_000)).toBeDefined();
    const times = callsTo(chatId).map((c) => c.at);
    expect(times).toHaveLength(3);
    // base 100 ms, then 200 ms
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(90);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(190);
    expect(await settled(chatId)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(acceptedTo(chatId)).toHaveLength(1);
  });

  it('tries again after a network error', async () => {
    const { outbox } = startOutbox();
    const chatId = newUserId();
    fake.dropNext('sendMessage');
    await outbox.enqueue(notice(chatId));
    expect(await fake.waitFor(() => acceptedTo(chatId)[0], 5_000)).toBeDefined();
    expect(callsTo(chatId).map((c) => c.status)).toEqual([null, 200]);
    expect((await settled(chatId))?.status).toBe('sent');
  });

  it('gives up at once on 403 (the user blocked the bot) and tells who blocked it', async () => {
    const { outbox, outcomes, blocked } = startOutbox();
    const chatId = newUserId();
    fake.failNext('sendMessage', 403, 'Forbidden: bot was blocked by the user');
    await outbox.enqueue(notice(chatId));
    const row = await settled(chatId);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.last_error).toContain('blocked');
    expect(blocked).toEqual([chatId]);
    expect(outcomes).toEqual(['blocked']);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callsTo(chatId)).toHaveLength(1);
  });

  it('gives up at once on 400: the same request would be refused again', async () => {
    const { outbox } = startOutbox();
    const chatId = newUserId();
    fake.failNext('sendMessage', 400, 'Bad Request: chat not found');
    await outbox.enqueue(notice(chatId));
    expect(await settled(chatId)).toMatchObject({ status: 'failed', attempts: 1 });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callsTo(chatId)).toHaveLength(1);
  });

  it('gives up after the bounded time, with the reason logged', async () => {
    const { outbox, logged } = startOutbox({ giveUpAfterMs: 600 });
    const chatId = newUserId();
    for (let i = 0; i < 20; i++) fake.failNext('sendMessage', 500, 'Internal Server Error');
    await outbox.enqueue(notice(chatId));
    const row = await settled(chatId);
    expect(row?.status).toBe('failed');
    expect(row!.last_error).toMatch(/still failing after \d+ attempts.*500: Internal Server Error/);
    expect(logged.some((line) => line.includes('bot notice given up'))).toBe(true);
    expect(acceptedTo(chatId)).toHaveLength(0);
    fake.clearFailures('sendMessage');
  });

  it('never sends twice a notice whose sender died mid-request', async () => {
    const chatId = newUserId();
    // The row a crash leaves (claimed 10 minutes ago, never settled): only a dead process writes it.
    await db.sql`
      INSERT INTO bot_outbox (chat_id, text, status, attempts, claimed_at)
      VALUES (${chatId}, 'sent or not?', 'sending', 1, now() - interval '10 minutes')`;
    const { outcomes } = startOutbox();
    const row = await settled(chatId);
    expect(row?.status).toBe('failed');
    expect(row!.last_error).toContain('stopped mid-request');
    expect(callsTo(chatId)).toHaveLength(0);
    expect(outcomes).toEqual(['failed']);
  });

  it('sends each notice once when two workers share the database', async () => {
    const first = startOutbox();
    const second = startOutbox();
    const chats = Array.from({ length: 30 }, () => newUserId());
    await Promise.all(
      chats.map((chatId, i) => (i % 2 ? first : second).outbox.enqueue(notice(chatId))),
    );
    await fake.waitFor(
      () => (chats.every((chatId) => acceptedTo(chatId).length > 0) ? true : undefined),
      10_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const chatId of chats) expect(callsTo(chatId)).toHaveLength(1);
    expect(first.outcomes.length + second.outcomes.length).toBe(30);
  });
});

describe('an empty outbox', () => {
  it('has nothing due (it waits for the poll interval instead of polling without pause)', async () => {
    const repository = new NoticeOutboxRepository(db.sql);
    // Settles what earlier tests left pending: the outbox under test is an empty one.
    await db.sql`UPDATE bot_outbox SET status = 'failed' WHERE status = 'pending'`;
    expect(await repository.msUntilNextDue()).toBeNull();
  });
});

describe('a notice pending when the app stops', () => {
  it('is delivered by the next app started on the same database', async () => {
    const env = { BOT_API_URL: fake.url };
    const before = await startTestApp({ db, env, seed: false });
    const chatId = newUserId();
    fake.failNext('sendMessage', 429, 'Too Many Requests: retry after 2', {
      retryAfterSeconds: 2,
    });
    await before.services.outbox!.enqueue(notice(chatId));
    await fake.waitFor(() => callsTo(chatId)[0], 5_000);
    await before.close();
    expect(await rowOf(chatId)).toMatchObject({ status: 'pending', attempts: 1 });
    expect(acceptedTo(chatId)).toHaveLength(0);

    const after = await startTestApp({ db, env, seed: false });
    try {
      expect(await fake.waitFor(() => acceptedTo(chatId)[0], 8_000)).toBeDefined();
      expect(await settled(chatId)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(acceptedTo(chatId)).toHaveLength(1);
    } finally {
      await after.close();
    }
  });
});
