/**
 * A socket keeps no rights it has lost: an advisor unlinked or deactivated (by an admin on another
 * instance, or by the command line) leaves every room at once and is told why; a credential that
 * expires closes the socket with 4401 unless a renewed session moved it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_CLOSE_CODES, SOCKET_SUBPROTOCOL, type Advisor } from '@seer/contract';
import { createTestDatabase, newUserId, TEST_BOT_TOKEN } from '../test/harness.js';
import { seedDemoData } from '../demo/seed.js';
import type { Database } from '../db/database.js';
import { startLiveApp, TestSocket, type LiveApp } from '../test/socket-test-kit.js';
import { PostgresTransport } from './transports/postgres-transport.js';
import { signInitData } from '../auth/init-data.js';
import { runCli } from '../admin/cli.js';

const ADMIN_ID = 777_000_001;
const quiet = { warn: () => {} };
let db: Database;
let a: LiveApp;
let b: LiveApp;
let advisors: Advisor[];

beforeAll(async () => {
  db = await createTestDatabase();
  await seedDemoData(db.sql);
  const env = { ADMIN_TELEGRAM_IDS: String(ADMIN_ID), SESSION_TOKEN_SECONDS: '3' };
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

/** A socket on `app` signed in with a session token the way the web app does: its first frame. */
async function sessionSocket(app: LiveApp, token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(`${app.base.replace('http', 'ws')}/ws`);
  socket.send({ type: 'session', token });
  await socket.next('session');
  return socket;
}

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

/** The advisor's workspace socket on `app`, already watching one user's dialog. */
async function advisorSocket(app: LiveApp, advisor: Advisor, telegramId: number, userId: number) {
  const socket = await app.connect(telegramId);
  socket.send({ type: 'manager_connect', user_id: telegramId });
  expect((await socket.next('connected')).manager_id).toBe(advisor.id);
  socket.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
  await socket.next('subscribed');
  return socket;
}

async function paidMessage(app: LiveApp, userId: number, advisorId: number, text: string) {
  const sent = await app.call('POST', '/api/CreateMessage.php', userId, {
    manager_id: advisorId,
    message: text,
  });
  expect(sent.status).toBe(200);
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms)),
  ]);
}

describe('rights that change', () => {
  it("an unlinked advisor's open socket on another instance no longer receives a new user's paid message, and is told why", async () => {
    const { advisor, telegramId } = await link(0);
    const firstUser = newUserId();
    await paidMessage(a, firstUser, advisor.id, 'before');
    const socket = await advisorSocket(b, advisor, telegramId, firstUser);
    // While linked, the inbox gets a new user's message.
    const earlier = newUserId();
    await paidMessage(a, earlier, advisor.id, 'while linked');
    expect((await socket.next('new_message')).data.telegram_user_id).toBe(earlier);

    const unlinked = await a.call('POST', '/api/AdminLinkAdvisor.php', ADMIN_ID, {
      manager_id: advisor.id,
      telegram_id: null,
    });
    expect(unlinked.status).toBe(200);
    const closed = await within(socket.closed, 5_000);
    expect(closed.code).toBe(SOCKET_CLOSE_CODES.rightsChanged);
    expect(closed.reason).toMatch(/advisor_unlinked/);

    const newUser = newUserId();
    await paidMessage(a, newUser, advisor.id, 'after the unlink');
    await paidMessage(b, firstUser, advisor.id, 'first user again');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const seen = socket.all('new_message').map((frame) => frame.data.message);
    expect(seen).not.toContain('after the unlink');
    expect(seen).not.toContain('first user again');

    // Reconnecting, the person is a plain user again on either instance.
    for (const app of [a, b]) {
      const again = await app.connect(telegramId);
      again.send({ type: 'manager_connect', user_id: telegramId });
      expect((await again.next('error')).message).toMatch(/linked to an advisor/);
      again.close();
    }
  });

  it('the command line unlinking an advisor reaches the sockets of a running server', async () => {
    const { advisor, telegramId } = await link(1);
    const user = newUserId();
    await paidMessage(b, user, advisor.id, 'hello');
    const socket = await advisorSocket(a, advisor, telegramId, user);
    const errors: string[] = [];
    const code = await runCli(
      ['unlink-advisor', String(advisor.id)],
      { DATABASE_URL: db.url, NODE_ENV: 'test', BOT_TOKEN: TEST_BOT_TOKEN },
      () => {},
      (line) => errors.push(line),
    );
    expect(errors).toEqual([]);
    expect(code).toBe(0);
    expect((await within(socket.closed, 5_000)).code).toBe(SOCKET_CLOSE_CODES.rightsChanged);
  });

  it("deactivating an advisor closes its workspace socket and ends the inbox's deliveries", async () => {
    const { advisor, telegramId } = await link(2);
    const user = newUserId();
    await paidMessage(a, user, advisor.id, 'hello');
    const socket = await advisorSocket(b, advisor, telegramId, user);
    const saved = await a.call('POST', '/api/AdminSaveAdvisor.php', ADMIN_ID, {
      id: advisor.id,
      name: advisor.name,
      category_id: advisor.category_id,
      price: advisor.price.toFixed(2),
      is_active: false,
    });
    expect(saved.status).toBe(200);
    const closed = await within(socket.closed, 5_000);
    expect(closed.code).toBe(SOCKET_CLOSE_CODES.rightsChanged);
    expect(closed.reason).toMatch(/advisor_deactivated/);
  });
});

describe('credentials that expire', () => {
  it('closes a socket opened with init data when that init data expires (4401)', async () => {
    const userId = newUserId();
    // Accepted for about two more seconds (INIT_DATA_MAX_AGE_SECONDS is 24 h here).
    const initData = signInitData(
      TEST_BOT_TOKEN,
      { id: userId, first_name: 'Ann' },
      { authDate: Math.floor(Date.now() / 1000) - 24 * 3600 + 2 },
    );
    const socket = await TestSocket.open(
      `${a.base.replace('http', 'ws')}/ws?initData=${encodeURIComponent(initData)}`,
    );
    socket.send({ type: 'user_connect', user_id: userId });
    await socket.next('connected');
    const closed = await within(socket.closed, 6_000);
    expect(closed.code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    expect(closed.reason).toMatch(/expired/);
  });

  it('keeps a session socket open past its token when renewed over the socket; closes one that was not', async () => {
    const userId = newUserId();
    const start = await fetch(`${a.base}/api/session`, {
      method: 'POST',
      headers: { authorization: a.initData(userId) },
    });
    const session = (await start.json()) as { token: string; expires_at: number };
    const open = () => sessionSocket(a, session.token);
    const renewedSocket = await open();
    const staleSocket = await open();
    for (const socket of [renewedSocket, staleSocket]) {
      socket.send({ type: 'user_connect', user_id: userId });
      await socket.next('connected');
    }
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const renew = await fetch(`${a.base}/api/session/renew`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
    });
    const renewed = (await renew.json()) as { token: string };
    // The token must be the user's own: another user's session is refused.
    const stranger = await fetch(`${a.base}/api/session`, {
      method: 'POST',
      headers: { authorization: a.initData(newUserId()) },
    });
    renewedSocket.send({
      type: 'session',
      token: ((await stranger.json()) as { token: string }).token,
    });
    expect((await renewedSocket.next('error')).message).toMatch(/another Telegram user/);
    renewedSocket.send({ type: 'session', token: renewed.token });
    expect((await renewedSocket.next('session')).expires_at).toBeGreaterThan(session.expires_at);

    expect((await within(staleSocket.closed, 5_000)).code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    // Past the first token's expiry, the renewed socket is still open and still hears its user.
    await renewedSocket.roundTrip();
    await paidMessage(a, userId, advisors[5]!.id, 'still live');
    expect((await renewedSocket.next('new_message')).data.message).toBe('still live');
    renewedSocket.close();
  });

  it('closes the sockets of a session that is ended, on every instance (4401)', async () => {
    const userId = newUserId();
    const start = await fetch(`${a.base}/api/session`, {
      method: 'POST',
      headers: { authorization: a.initData(userId) },
    });
    const { token } = (await start.json()) as { token: string };
    // Signed in by the Sec-WebSocket-Protocol header this time.
    const onB = await TestSocket.open(`${b.base.replace('http', 'ws')}/ws`, [
      SOCKET_SUBPROTOCOL,
      token,
    ]);
    // A socket of the same user with init data is not part of that session and stays.
    const other = await b.connect(userId);
    for (const socket of [onB, other]) {
      socket.send({ type: 'user_connect', user_id: userId });
      await socket.next('connected');
    }
    const end = await fetch(`${a.base}/api/session/end`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(end.status).toBe(200);
    const closed = await within(onB.closed, 5_000);
    expect(closed.code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    await other.roundTrip();
    other.close();
  });

  it("the command line's end-sessions closes the user's session sockets and refuses their tokens", async () => {
    const userId = newUserId();
    const start = await fetch(`${b.base}/api/session`, {
      method: 'POST',
      headers: { authorization: b.initData(userId) },
    });
    const { token } = (await start.json()) as { token: string };
    const socket = await sessionSocket(a, token);
    socket.send({ type: 'user_connect', user_id: userId });
    await socket.next('connected');
    const out: string[] = [];
    const code = await runCli(
      ['end-sessions', String(userId)],
      { DATABASE_URL: db.url, NODE_ENV: 'test', BOT_TOKEN: TEST_BOT_TOKEN },
      (line) => out.push(line),
      () => {},
    );
    expect(code).toBe(0);
    expect(out.at(-1)).toContain('Ended 1 session');
    expect((await within(socket.closed, 5_000)).code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    for (const app of [a, b]) {
      const answer = await fetch(`${app.base}/api/GetUser.php`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(answer.status).toBe(401);
    }
  });
});

describe('end-sessions', () => {
  const signedAt = (userId: number, authDate: number) =>
    signInitData(TEST_BOT_TOKEN, { id: userId, first_name: 'Ann' }, { authDate });
  const getUser = (app: LiveApp, authorization: string) =>
    fetch(`${app.base}/api/GetUser.php`, { headers: { authorization } });
  const startSession = (app: LiveApp, authorization: string) =>
    fetch(`${app.base}/api/session`, { method: 'POST', headers: { authorization } });
  const initDataSocket = (app: LiveApp, initData: string) =>
    TestSocket.open(
      `${app.base.replace('http', 'ws')}/ws?initData=${encodeURIComponent(initData)}`,
    );

  it('refuses init data signed before it on every instance (calls, socket, session start), and init data signed after works', async () => {
    const userId = newUserId();
    const before = signedAt(userId, Math.floor(Date.now() / 1000) - 1);
    // Instance b has read (and cached) this user's sign-ins as good, and holds an init-data socket.
    expect((await getUser(b, before)).status).toBe(200);
    const socket = await initDataSocket(b, before);
    socket.send({ type: 'user_connect', user_id: userId });
    await socket.next('connected');

    const code = await runCli(
      ['end-sessions', String(userId)],
      { DATABASE_URL: db.url, NODE_ENV: 'test', BOT_TOKEN: TEST_BOT_TOKEN },
      () => {},
      () => {},
    );
    expect(code).toBe(0);
    expect((await within(socket.closed, 5_000)).code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    // b forgets its cached answer on the event, well before the cache would expire (10 s).
    const deadline = Date.now() + 5_000;
    let refused = await getUser(b, before);
    while (refused.status === 200 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      refused = await getUser(b, before);
    }
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('sign_in_revoked');
    for (const app of [a, b]) {
      expect((await getUser(app, before)).status).toBe(401);
      expect((await startSession(app, before)).status).toBe(401);
      const again = await initDataSocket(app, before);
      const closed = await within(again.closed, 5_000);
      expect(closed.code).toBe(SOCKET_CLOSE_CODES.unauthorized);
      expect(closed.reason).toMatch(/sessions were ended/);
    }

    // The app reopened from Telegram: new init data, signed after.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const after = signedAt(userId, Math.floor(Date.now() / 1000));
    for (const app of [a, b]) {
      expect((await getUser(app, after)).status).toBe(200);
      const started = await startSession(app, after);
      expect(started.status).toBe(200);
      const { token } = (await started.json()) as { token: string };
      const live = await sessionSocket(app, token);
      live.send({ type: 'user_connect', user_id: userId });
      await live.next('connected');
      live.close();
      const byInitData = await initDataSocket(app, after);
      byInitData.send({ type: 'user_connect', user_id: userId });
      await byInitData.next('connected');
      byInitData.close();
    }
  });
});
