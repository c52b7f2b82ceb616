/**
 * Blocks (decision 048) over HTTP, sockets and two instances: a user's block takes the advisor out
 * of their lists and stops the advisor's replies; an advisor's block stops the user's messages
 * with a kind 403 and nothing charged; parallel and repeated blocks, blocking oneself, and an
 * advisor answering from Telegram to a user who blocked them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@seer/contract';
import { createTestDatabase, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import type { Database } from '../db/database.js';
import { PostgresTransport } from '../realtime/transports/postgres-transport.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { aDialog, aUser, anAdvisor } from '../test/builders.js';
import { FakeBotApi } from '../test/fakes/bot-api.js';

let t: LiveApp;
let other: TestApp;
let fake: FakeBotApi;
let db: Database;
const quiet = { warn: () => {} };

beforeAll(async () => {
  fake = await FakeBotApi.start(TEST_BOT_TOKEN);
  db = await createTestDatabase();
  t = await startLiveApp({
    db,
    transport: new PostgresTransport(db.url, quiet),
    seed: false,
    env: { BOT_API_URL: fake.url, PUBLIC_URL: 'https://seer.example' },
    notifications: { minIntervalSeconds: 0 },
  });
  t.services.bot!.start();
  // A second instance on the same database: blocks must hold there at once too.
  other = await startTestApp({
    db,
    transport: new PostgresTransport(db.url, quiet),
    seed: false,
    env: { BOT_API_URL: fake.url },
  });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
  await fake?.close();
  await db?.close();
});

const get = (app: TestApp, userId: number, path: string) =>
  app.app.inject({
    method: 'GET',
    url: `/api/${path}`,
    headers: { authorization: app.initData(userId) },
  });

async function anAdvisorAccount() {
  const account = await aUser(t, { allowsWriteToPm: true, languageCode: 'en' });
  const advisorId = await anAdvisor(t, { linkedTelegramId: account, priceCents: 150 });
  return { advisorId, account };
}

async function wallet(userId: number) {
  const [row] = await t.db.sql<{ balance_cents: number; free_messages: number }[]>`
    SELECT balance_cents::int, free_messages FROM users WHERE telegram_id = ${userId}`;
  const [ledger] = await t.db.sql<
    { n: number }[]
  >`SELECT count(*)::int AS n FROM ledger WHERE user_id = ${userId}`;
  const [messages] = await t.db.sql<{ n: number }[]>`
    SELECT count(*)::int AS n FROM messages m JOIN dialogs d ON d.id = m.dialog_id
    WHERE d.user_id = ${userId} AND m.sender = 'user'`;
  return { ...row!, ledgerRows: ledger!.n, userMessages: messages!.n };
}

const send = (userId: number, advisorId: number, message = 'Will he call?') =>
  t.post(userId, 'CreateMessage.php', { manager_id: advisorId, message });
const reply = (account: number, userId: number, message = 'Yes') =>
  t.post(account, 'ManagerSendMessage.php', { telegram_user_id: userId, message });
const managerIds = async (app: TestApp, userId: number) =>
  (
    (await get(app, userId, 'GetAllManagers.php')).json() as {
      data: { managers: { id: number }[] };
    }
  ).data.managers.map((m) => m.id);

describe('a user blocks an advisor', () => {
  it('takes the advisor out of their lists and stops messages both ways until unblocked', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const userId = await t.userWithBalance(1000, 0);
    expect((await send(userId, advisorId)).statusCode).toBe(200);
    expect((await t.post(userId, 'AddFavourite.php', { manager_id: advisorId })).statusCode).toBe(
      200,
    );
    expect(await managerIds(t, userId)).toContain(advisorId);

    const blocked = await t.post(userId, 'BlockAdvisor.php', { manager_id: advisorId });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().block).toEqual({ you_blocked: true, blocked_you: false });

    expect(await managerIds(t, userId)).not.toContain(advisorId);
    const category = await get(t, userId, 'GetManagersByCategory.php?category_id=1');
    expect(category.json().map((m: { id: number }) => m.id)).not.toContain(advisorId);
    expect((await get(t, userId, 'GetFavourites.php')).json().manager_ids).not.toContain(advisorId);
    expect((await get(t, userId, 'GetAllChats.php')).json().chats).toEqual([]);
    expect((await get(t, userId, 'GetBlockedAdvisors.php')).json().advisors).toEqual([
      expect.objectContaining({ manager_id: advisorId }),
    ]);
    // Other users still see the advisor.
    expect(await managerIds(t, await aUser(t))).toContain(advisorId);

    const refused = await reply(account, userId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ERROR_CODES.blockedByUser);
    const before = await wallet(userId);
    const own = await send(userId, advisorId);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe(ERROR_CODES.youBlocked);
    expect(await wallet(userId)).toEqual(before);

    // Blocking again changes nothing; unblocking brings everything back.
    expect((await t.post(userId, 'BlockAdvisor.php', { manager_id: advisorId })).statusCode).toBe(
      200,
    );
    const unblocked = await t.post(userId, 'UnblockAdvisor.php', { manager_id: advisorId });
    expect(unblocked.json().block).toEqual({ you_blocked: false, blocked_you: false });
    expect(await managerIds(t, userId)).toContain(advisorId);
    expect((await get(t, userId, 'GetFavourites.php')).json().manager_ids).toContain(advisorId);
    expect((await reply(account, userId)).statusCode).toBe(200);
  });

  it('refuses an advisor linked to the caller’s own account, and unknown advisors', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const own = await t.post(account, 'BlockAdvisor.php', { manager_id: advisorId });
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe(ERROR_CODES.ownAdvisor);
    const missing = await t.post(await aUser(t), 'BlockAdvisor.php', { manager_id: 2_000_000_000 });
    expect(missing.statusCode).toBe(404);
    const bad = await t.post(await aUser(t), 'BlockAdvisor.php', { manager_id: 'x' });
    expect(bad.statusCode).toBe(400);
    const [row] = await t.db
      .sql`SELECT count(*)::int AS n FROM dialog_blocks WHERE advisor_id = ${advisorId}`;
    expect(row!.n).toBe(0);
  });

  it('holds once when sent many times in parallel', async () => {
    const { advisorId } = await anAdvisorAccount();
    const userId = await aUser(t);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.post(userId, 'BlockAdvisor.php', { manager_id: advisorId }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const [row] = await t.db
      .sql`SELECT count(*)::int AS n FROM dialog_blocks WHERE user_id = ${userId}`;
    expect(row!.n).toBe(1);
  });
});

describe('an advisor blocks a user', () => {
  it('refuses the user’s messages kindly and charges nothing, free messages and balance alike', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const userId = await t.userWithBalance(1000, 2);
    expect((await send(userId, advisorId)).statusCode).toBe(200);
    const blocked = await t.post(account, 'ManagerBlockUser.php', { telegram_user_id: userId });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().block).toEqual({ you_blocked: true, blocked_you: false });
    expect(
      (await get(t, userId, `GetBlockState.php?manager_id=${advisorId}`)).json().block,
    ).toEqual({
      you_blocked: false,
      blocked_you: true,
    });

    const before = await wallet(userId);
    for (const message of ['again', 'and again']) {
      const refused = await send(userId, advisorId, message);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe(ERROR_CODES.blockedByAdvisor);
      expect(refused.json().message).toMatch(/nothing was charged/i);
    }
    // Dream and tarot requests take the same path.
    expect(before.free_messages).toBe(1);
    expect(await wallet(userId)).toEqual(before);

    // The advisor's own reply is refused too until they lift their block.
    expect((await reply(account, userId)).json().code).toBe(ERROR_CODES.youBlocked);
    await t.post(account, 'ManagerUnblockUser.php', { telegram_user_id: userId });
    expect((await send(userId, advisorId)).statusCode).toBe(200);
  });

  it('refuses blocking oneself and people who never wrote to the advisor', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const self = await t.post(account, 'ManagerBlockUser.php', { telegram_user_id: account });
    expect(self.statusCode).toBe(400);
    const stranger = await t.post(account, 'ManagerBlockUser.php', {
      telegram_user_id: await aUser(t),
    });
    expect(stranger.statusCode).toBe(404);
    const notAdvisor = await t.post(await aUser(t), 'ManagerBlockUser.php', {
      telegram_user_id: account,
    });
    expect(notAdvisor.statusCode).toBe(403);
    const [row] = await t.db
      .sql`SELECT count(*)::int AS n FROM dialog_blocks WHERE advisor_id = ${advisorId}`;
    expect(row!.n).toBe(0);
  });

  it('in parallel with paid sends: every send is either delivered and charged or refused and free', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const userId = await t.userWithBalance(10_000, 0);
    await aDialog(t, { advisorId, userId, messages: [{ from: 'user', secondsAgo: 5 }] });
    const start = await wallet(userId);
    const sends = Array.from({ length: 12 }, (_, i) => send(userId, advisorId, `m${i}`));
    const block = t.post(account, 'ManagerBlockUser.php', { telegram_user_id: userId });
    const answers = await Promise.all(sends);
    expect((await block).statusCode).toBe(200);
    const delivered = answers.filter((a) => a.statusCode === 200).length;
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(delivered + refused.length).toBe(12);
    for (const r of refused) expect(r.json().code).toBe(ERROR_CODES.blockedByAdvisor);
    const end = await wallet(userId);
    expect(end.userMessages - start.userMessages).toBe(delivered);
    expect(start.balance_cents - end.balance_cents).toBe(delivered * 150);
    // After the block answered, nothing more passes.
    expect((await send(userId, advisorId)).statusCode).toBe(403);
  });
});

describe('the block inside the paid send (migration 038)', () => {
  it('refuses only the blocked send of a batch: the others are delivered and charged once', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const blockedUser = await t.userWithBalance(1000, 0);
    expect((await send(blockedUser, advisorId)).statusCode).toBe(200);
    await t.post(account, 'ManagerBlockUser.php', { telegram_user_id: blockedUser });
    const others = await Promise.all(Array.from({ length: 7 }, () => t.userWithBalance(1000, 0)));
    const before = await wallet(blockedUser);
    const stats = { ...t.services.money.paidSends.stats };

    // Straight to the chat service, in one turn of the event loop, so the sends share one batch.
    const sendNow = (userId: number, text: string) =>
      t.services.chat.sendUserMessage(userId, {
        advisorId,
        text,
        requestType: null,
        imageId: null,
      });
    const [refused, ...delivered] = await Promise.allSettled([
      sendNow(blockedUser, 'blocked'),
      ...others.map((userId) => sendNow(userId, 'fine')),
    ]);
    expect(refused).toMatchObject({
      status: 'rejected',
      reason: { statusCode: 403, code: ERROR_CODES.blockedByAdvisor },
    });
    expect(delivered.map((d) => d.status)).toEqual(others.map(() => 'fulfilled'));
    expect(await wallet(blockedUser)).toEqual(before);
    for (const userId of others) {
      expect(await wallet(userId)).toMatchObject({ balance_cents: 850, userMessages: 1 });
    }
    const { batches, retriedAlone } = t.services.money.paidSends.stats;
    expect(batches - stats.batches).toBeLessThan(1 + others.length);
    // The sends went together and the refused batch ran again send by send.
    expect(retriedAlone).toBeGreaterThan(stats.retriedAlone);
  });

  it('says "blocked" rather than "top up" to a blocked user without money', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const userId = await t.userWithBalance(150, 0);
    expect((await send(userId, advisorId)).statusCode).toBe(200);
    await t.post(account, 'ManagerBlockUser.php', { telegram_user_id: userId });
    const refused = await send(userId, advisorId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe(ERROR_CODES.blockedByAdvisor);
  });

  it('holds in the database itself: a user message written past the service is refused', async () => {
    const { advisorId } = await anAdvisorAccount();
    const userId = await aUser(t);
    const dialogId = await aDialog(t, {
      advisorId,
      userId,
      messages: [{ from: 'user', secondsAgo: 5 }],
    });
    await t.post(userId, 'BlockAdvisor.php', { manager_id: advisorId });
    await expect(
      t.db.sql`INSERT INTO messages (dialog_id, sender, kind, text, price_cents, paid_with)
        VALUES (${dialogId}, 'user', 'text', 'past the service', 0, 'free')`,
    ).rejects.toMatchObject({ code: 'P0B01' });
  });
});

describe('on open sockets and every instance', () => {
  it('both parties hear the block at once, and the other instance refuses and hides at once', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const userId = await t.userWithBalance(1000, 0);
    expect((await send(userId, advisorId)).statusCode).toBe(200);
    // The other instance has the catalogue (and this user's blocks) cached.
    expect(await managerIds(other, userId)).toContain(advisorId);
    const userSocket = await t.connect(userId);
    const advisorSocket = await t.connect(account);
    advisorSocket.send({ type: 'manager_connect', user_id: account });
    expect((await advisorSocket.next('connected')).manager_id).toBe(advisorId);

    expect((await t.post(userId, 'BlockAdvisor.php', { manager_id: advisorId })).statusCode).toBe(
      200,
    );
    const frame = {
      type: 'block',
      data: { manager_id: advisorId, telegram_user_id: userId, by: 'user', blocked: true },
    };
    expect(await userSocket.next('block')).toEqual(frame);
    expect(await advisorSocket.next('block')).toEqual(frame);

    const refused = await other.app.inject({
      method: 'POST',
      url: '/api/ManagerSendMessage.php',
      headers: { authorization: other.initData(account) },
      payload: { telegram_user_id: userId, message: 'hello?' },
    });
    expect(refused.statusCode).toBe(403);
    // The other instance forgets this user's cached blocks when it hears the event.
    const deadline = Date.now() + 3000;
    while ((await managerIds(other, userId)).includes(advisorId) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    expect(await managerIds(other, userId)).not.toContain(advisorId);
  });
});

describe('answering from Telegram', () => {
  it('tells an advisor whose client blocked them that the reply was not sent', async () => {
    const { advisorId, account } = await anAdvisorAccount();
    const userId = await t.userWithBalance(1000, 0);
    const sentBefore = fake
      .acceptedCallsOf('sendMessage')
      .filter((c) => c.params.chat_id === account).length;
    expect((await send(userId, advisorId)).statusCode).toBe(200);
    const notice = await fake.waitFor(
      () =>
        fake.acceptedCallsOf('sendMessage').filter((c) => c.params.chat_id === account)[sentBefore],
      10_000,
    );
    expect(notice).toBeDefined();
    expect((await t.post(userId, 'BlockAdvisor.php', { manager_id: advisorId })).statusCode).toBe(
      200,
    );

    const update = await fake.sendReply(
      { id: account, language_code: 'en' },
      notice!.result as { message_id: number; text: string },
      { text: 'It will be fine' },
    );
    const answer = await fake.waitFor(
      () =>
        fake
          .acceptedCallsOf('sendMessage')
          .find(
            (c) =>
              c.params.chat_id === account &&
              (c.params.reply_parameters as { message_id?: number })?.message_id ===
                update.message!.message_id,
          ),
      10_000,
    );
    expect(String(answer?.params.text)).toMatch(
      /^Not sent: messages between you and this client are blocked/,
    );
    const [row] = await t.db.sql`
      SELECT count(*)::int AS n FROM messages m JOIN dialogs d ON d.id = m.dialog_id
      WHERE d.user_id = ${userId} AND m.sender = 'manager'`;
    expect(row!.n).toBe(0);
  });
});
