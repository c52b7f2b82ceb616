/**
 * "The advisor is typing": a socket frame from the dialog's advisor, passed on to the dialog's
 * user on every instance; refused for anyone else; demo advisors send it before their reply.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advisor } from '@seer/contract';
import { createTestDatabase, newUserId } from '../test/harness.js';
import { aDialog, aUser } from '../test/builders.js';
import { seedDemoData } from '../demo/seed.js';
import type { Database } from '../db/database.js';
import { startLiveApp, type LiveApp } from '../test/socket-test-kit.js';
import { PostgresTransport } from './transports/postgres-transport.js';

const ADMIN_ID = 777_000_002;
const quiet = { warn: () => {} };
let db: Database;
let a: LiveApp;
let b: LiveApp;
let advisors: Advisor[];

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(db.sql);
  const env = { ADMIN_TELEGRAM_IDS: String(ADMIN_ID) };
  a = await startLiveApp({ db, env, transport: new PostgresTransport(db.url, quiet), seed: false });
  b = await startLiveApp({ db, env, transport: new PostgresTransport(db.url, quiet), seed: false });
  advisors = (
    await a.call<{ data: { managers: Advisor[] } }>('GET', '/api/GetAllManagers.php', newUserId())
  ).body.data.managers;
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await db?.close();
});

async function link(index: number): Promise<{ advisor: Advisor; telegramId: number }> {
  const advisor = advisors[index]!;
  const telegramId = newUserId();
  const answer = await a.call('POST', '/api/AdminLinkAdvisor.php', ADMIN_ID, {
    manager_id: advisor.id,
    telegram_id: telegramId,
  });
  expect(answer.status).toBe(200);
  return { advisor, telegramId };
}

async function managerSocket(app: LiveApp, telegramId: number) {
  const socket = await app.connect(telegramId);
  socket.send({ type: 'manager_connect', user_id: telegramId });
  await socket.next('connected');
  return socket;
}

describe('typing', () => {
  it("the dialog's advisor typing reaches the dialog's user on another instance, and not another user", async () => {
    const { advisor, telegramId } = await link(0);
    const userId = newUserId();
    const otherUser = newUserId();
    const user = await b.connect(userId);
    const other = await b.connect(otherUser);
    const workspace = await managerSocket(a, telegramId);
    workspace.send({ type: 'typing', telegram_user_id: userId, manager_id: advisor.id });
    const frame = await user.next('typing');
    expect(frame.data).toEqual({ manager_id: advisor.id, telegram_user_id: userId });
    await other.roundTrip();
    await workspace.roundTrip();
    expect(other.all('typing')).toEqual([]);
    expect(workspace.all('error')).toEqual([]);
  });

  it('repeats faster than the interval are not passed on', async () => {
    const { advisor, telegramId } = await link(1);
    const userId = newUserId();
    const user = await a.connect(userId);
    const workspace = await managerSocket(a, telegramId);
    for (let i = 0; i < 3; i++)
      workspace.send({ type: 'typing', telegram_user_id: userId, manager_id: advisor.id });
    await user.next('typing');
    await workspace.roundTrip();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await user.roundTrip();
    expect(user.all('typing')).toHaveLength(1);
  });

  it('a user, or the advisor of another dialog, may not say someone is typing', async () => {
    const { advisor } = await link(2);
    const { telegramId: strangerAdvisor } = await link(3);
    const userId = newUserId();
    const user = await a.connect(userId);
    // The user claims their own advisor is typing.
    const self = await a.connect(userId);
    self.send({ type: 'typing', telegram_user_id: userId, manager_id: advisor.id });
    expect((await self.next('error')).message).toMatch(/only the advisor/i);
    // Another advisor claims this dialog.
    const stranger = await managerSocket(b, strangerAdvisor);
    stranger.send({ type: 'typing', telegram_user_id: userId, manager_id: advisor.id });
    expect((await stranger.next('error')).message).toMatch(/only the advisor/i);
    // A malformed frame is a clear error.
    stranger.send({ type: 'typing', telegram_user_id: 'x', manager_id: advisor.id });
    expect((await stranger.next('error')).message).toMatch(/invalid typing frame/i);
    await user.roundTrip();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await user.roundTrip();
    expect(user.all('typing')).toEqual([]);
  });

  it('is not passed on while either side has blocked the other, and is again once unblocked', async () => {
    const { advisor, telegramId } = await link(4);
    const userId = await aUser({ db });
    // The advisor blocks a client of one of their dialogs.
    await aDialog(
      { db },
      { advisorId: advisor.id, userId, messages: [{ from: 'user', secondsAgo: 60 }] },
    );
    const user = await b.connect(userId);
    const workspace = await managerSocket(a, telegramId);
    const typing = () =>
      workspace.send({ type: 'typing', telegram_user_id: userId, manager_id: advisor.id });
    const passedOn = async () => {
      await workspace.roundTrip();
      await new Promise((resolve) => setTimeout(resolve, 300));
      await user.roundTrip();
      return user.all('typing').length;
    };

    const blocked = await a.call('POST', '/api/BlockAdvisor.php', userId, {
      manager_id: advisor.id,
    });
    expect(blocked.status).toBe(200);
    typing();
    expect(await passedOn()).toBe(0);
    expect(
      await a.call('POST', '/api/UnblockAdvisor.php', userId, { manager_id: advisor.id }),
    ).toMatchObject({ status: 200 });

    const byAdvisor = await a.call('POST', '/api/ManagerBlockUser.php', telegramId, {
      telegram_user_id: userId,
    });
    expect(byAdvisor.status).toBe(200);
    typing();
    expect(await passedOn()).toBe(0);
    expect(
      await a.call('POST', '/api/ManagerUnblockUser.php', telegramId, { telegram_user_id: userId }),
    ).toMatchObject({ status: 200 });

    typing();
    await user.next('typing');
    expect(workspace.all('error')).toEqual([]);
  });
});

describe('demo advisors', () => {
  let demo: LiveApp;
  beforeAll(async () => {
    demo = await startLiveApp({ env: { DEMO_REPLY_DELAY_MS: '400-400' } });
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('say they are typing before their reply arrives', async () => {
    const list = (
      await demo.call<{ data: { managers: Advisor[] } }>(
        'GET',
        '/api/GetAllManagers.php',
        newUserId(),
      )
    ).body.data.managers;
    const advisor = list[0]!;
    const userId = newUserId();
    const socket = await demo.connect(userId);
    const sent = await demo.call('POST', '/api/CreateMessage.php', userId, {
      manager_id: advisor.id,
      message: 'Will I find a new job?',
    });
    expect(sent.status).toBe(200);
    const typing = await socket.next('typing');
    expect(typing.data).toEqual({ manager_id: advisor.id, telegram_user_id: userId });
    const typingIndex = socket.frames.indexOf(typing);
    const reply = await socket.next('new_message', (frame) => frame.data.sender === 'manager');
    expect(socket.frames.indexOf(reply)).toBeGreaterThan(typingIndex);
  });
});
