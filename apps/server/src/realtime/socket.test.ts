/** The live socket: handshake, the contract's frames, who may subscribe to what, delivery, abuse. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SOCKET_CLOSE_CODES,
  SOCKET_MAX_FRAME_BYTES,
  SOCKET_SUBPROTOCOL,
  type Advisor,
} from '@seer/contract';
import { newUserId, TEST_BOT_TOKEN } from '../test/harness.js';
import { signInitData } from '../auth/init-data.js';
import { startLiveApp, TestSocket, type LiveApp } from '../test/socket-test-kit.js';
import { linkAdvisor } from '../test/builders.js';

let t: LiveApp;
let advisors: Advisor[];

beforeAll(async () => {
  t = await startLiveApp({ socket: { maxConnectionsPerUser: 4 } });
  const answer = await t.call<{ data: { managers: Advisor[] } }>(
    'GET',
    '/api/GetAllManagers.php',
    newUserId(),
  );
  advisors = answer.body.data.managers;
});
afterAll(async () => {
  await t?.close();
});

/** Links a fresh Telegram user to an advisor (what the admin command does). */
async function linkedAdvisor(index: number): Promise<{ advisor: Advisor; telegramId: number }> {
  const advisor = advisors[index]!;
  return { advisor, telegramId: await linkAdvisor(t, advisor.id) };
}

async function send(userId: number, managerId: number, text: string) {
  const answer = await t.call<{ status: string; data: { message: { id: number } } }>(
    'POST',
    '/api/CreateMessage.php',
    userId,
    { manager_id: managerId, message: text },
  );
  expect(answer.status).toBe(200);
  return answer.body.data.message;
}

/** A session of this user, as the web app starts one. */
async function startSession(userId: number): Promise<{ token: string; expires_at: number }> {
  const answer = await fetch(`${t.base}/api/session`, {
    method: 'POST',
    headers: { authorization: t.initData(userId) },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { token: string; expires_at: number };
}

describe('handshake', () => {
  it('closes a socket without a credential whose first frame is not the sign-in with 4401 and a reason', async () => {
    const userId = newUserId();
    const socket = await TestSocket.open(`${t.base.replace('http', 'ws')}/ws`);
    socket.send({ type: 'user_connect', user_id: userId });
    const closed = await socket.closed;
    expect(closed.code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    expect(closed.reason).toMatch(/first frame must be .*session.*initData/);
    expect(socket.all('connected')).toEqual([]);
  });

  it('signs a socket in with a session token in its first frame, the frames after it waiting their turn', async () => {
    const userId = newUserId();
    const session = await startSession(userId);
    const socket = await TestSocket.open(`${t.base.replace('http', 'ws')}/ws`);
    socket.send({ type: 'session', token: session.token });
    socket.send({ type: 'user_connect', user_id: userId, data: { role: 'user' } });
    expect((await socket.next('session')).expires_at).toBe(session.expires_at);
    expect(await socket.next('connected')).toEqual({
      type: 'connected',
      role: 'user',
      telegram_user_id: userId,
    });
    socket.close();
  });

  it('signs a socket in with a session token in Sec-WebSocket-Protocol, answering only the fixed name', async () => {
    const userId = newUserId();
    const session = await startSession(userId);
    const socket = await TestSocket.open(`${t.base.replace('http', 'ws')}/ws`, [
      SOCKET_SUBPROTOCOL,
      session.token,
    ]);
    expect(socket.ws.protocol).toBe(SOCKET_SUBPROTOCOL);
    socket.send({ type: 'user_connect', user_id: userId });
    expect((await socket.next('connected')).telegram_user_id).toBe(userId);
    socket.close();
  });

  it('never takes a session token from the URL, where proxies log it (1008)', async () => {
    const userId = newUserId();
    const session = await startSession(userId);
    const socket = await TestSocket.open(
      `${t.base.replace('http', 'ws')}/ws?token=${encodeURIComponent(session.token)}`,
    );
    socket.send({ type: 'user_connect', user_id: userId });
    const closed = await socket.closed;
    expect(closed.code).toBe(1008);
    expect(closed.reason).toMatch(/never taken from the URL/);
    expect(socket.all('connected')).toEqual([]);
  });

  it('refuses a renewed-away or forged token in the first frame or the subprotocol (4401)', async () => {
    const userId = newUserId();
    const session = await startSession(userId);
    const renew = await fetch(`${t.base}/api/session/renew`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(renew.status).toBe(200);
    const byFrame = await TestSocket.open(`${t.base.replace('http', 'ws')}/ws`);
    byFrame.send({ type: 'session', token: session.token });
    expect((await byFrame.closed).code).toBe(SOCKET_CLOSE_CODES.unauthorized);
    const byProtocol = await TestSocket.open(`${t.base.replace('http', 'ws')}/ws`, [
      SOCKET_SUBPROTOCOL,
      `${session.token.slice(0, -4)}AAAA`,
    ]);
    expect((await byProtocol.closed).code).toBe(SOCKET_CLOSE_CODES.unauthorized);
  });

  it('closes a socket with forged init data with 4401', async () => {
    const forged = signInitData('999:not-the-bot-token-at-all-xxxxxxxx', {
      id: newUserId(),
      first_name: 'Eve',
    });
    const socket = await TestSocket.open(
      `${t.base.replace('http', 'ws')}/ws?initData=${encodeURIComponent(forged)}`,
    );
    const closed = await socket.closed;
    expect(closed.code).toBe(4401);
    expect(closed.reason).toMatch(/signature/i);
  });

  it('accepts frames sent right after opening, before the check finished', async () => {
    const userId = newUserId();
    const socket = await TestSocket.open(
      `${t.base.replace('http', 'ws')}/ws?initData=${encodeURIComponent(t.initData(userId))}`,
    );
    socket.send({
      type: 'user_connect',
      user_id: userId,
      data: { manager_id: advisors[0]!.id, role: 'user' },
    });
    socket.send({
      type: 'subscribe_dialog',
      telegram_user_id: userId,
      manager_id: advisors[0]!.id,
    });
    expect(await socket.next('connected')).toEqual({
      type: 'connected',
      role: 'user',
      telegram_user_id: userId,
    });
    expect(await socket.next('subscribed')).toEqual({
      type: 'subscribed',
      telegram_user_id: userId,
      manager_id: advisors[0]!.id,
    });
    socket.close();
  });

  it('refuses more sockets per user than allowed', async () => {
    const userId = newUserId();
    const open = await Promise.all([1, 2, 3, 4].map(() => t.connect(userId)));
    for (const socket of open) await socket.roundTrip();
    const fifth = await t.connect(userId);
    const closed = await fifth.closed;
    expect(closed.code).toBe(SOCKET_CLOSE_CODES.tooManyRequests);
    expect(closed.reason).toMatch(/too many open connections/i);
    for (const socket of open) socket.close();
  });
});

describe('messages', () => {
  it("delivers a user's message to every subscribed socket of both parties, the sender's included, and nobody else", async () => {
    const userId = newUserId();
    const { advisor, telegramId: advisorTelegramId } = await linkedAdvisor(1);
    const phone = await t.connect(userId);
    const desktop = await t.connect(userId);
    for (const socket of [phone, desktop]) {
      socket.send({
        type: 'user_connect',
        user_id: userId,
        data: { manager_id: advisor.id, role: 'user' },
      });
      socket.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
      await socket.next('subscribed');
    }
    const advisorSocket = await t.connect(advisorTelegramId);
    advisorSocket.send({
      type: 'manager_connect',
      user_id: advisorTelegramId,
      data: { manager_id: advisor.id, role: 'manager' },
    });
    expect(await advisorSocket.next('connected')).toMatchObject({
      role: 'manager',
      manager_id: advisor.id,
    });
    advisorSocket.send({
      type: 'subscribe_dialog',
      telegram_user_id: userId,
      manager_id: advisor.id,
    });
    await advisorSocket.next('subscribed');

    // Someone else, subscribed to their own dialog with the same advisor, must not see it.
    const stranger = newUserId();
    const strangerSocket = await t.connect(stranger);
    strangerSocket.send({
      type: 'subscribe_dialog',
      telegram_user_id: stranger,
      manager_id: advisor.id,
    });
    await strangerSocket.next('subscribed');

    const sent = await send(userId, advisor.id, 'Will he call me?');
    for (const socket of [phone, desktop, advisorSocket]) {
      const frame = await socket.next('new_message');
      expect(frame.data).toMatchObject({
        message: 'Will he call me?',
        sender: 'user',
        manager_id: advisor.id,
        telegram_user_id: userId,
        id: sent.id,
      });
      expect(Date.parse(frame.data.timestamp)).not.toBeNaN();
      expect(frame.data.full.id).toBe(sent.id);
    }
    // The advisor subscribed and is an advisor socket: still exactly one copy.
    await advisorSocket.roundTrip();
    expect(advisorSocket.all('new_message')).toHaveLength(1);

    const reply = await t.call<{ data: { message: { id: number } } }>(
      'POST',
      '/api/ManagerSendMessage.php',
      advisorTelegramId,
      {
        telegram_user_id: userId,
        message: 'Yes, within a week.',
      },
    );
    expect(reply.status).toBe(200);
    for (const socket of [phone, desktop, advisorSocket]) {
      const frame = await socket.next('new_message', (f) => f.data.sender === 'manager');
      expect(frame.data).toMatchObject({
        message: 'Yes, within a week.',
        id: reply.body.data.message.id,
        telegram_user_id: userId,
      });
    }
    await strangerSocket.roundTrip();
    expect(strangerSocket.all('new_message')).toHaveLength(0);
    for (const socket of [phone, desktop, advisorSocket, strangerSocket]) socket.close();
  });

  it("gives an advisor socket every dialog addressed to its advisor without subscribing (the advisor's inbox)", async () => {
    const { advisor, telegramId } = await linkedAdvisor(2);
    const advisorSocket = await t.connect(telegramId);
    advisorSocket.send({
      type: 'manager_connect',
      user_id: telegramId,
      data: { manager_id: advisor.id, role: 'manager' },
    });
    await advisorSocket.next('connected');
    const userId = newUserId();
    const sent = await send(userId, advisor.id, 'Hello?');
    expect((await advisorSocket.next('new_message')).data.id).toBe(sent.id);
    // A message to another advisor does not reach it.
    await send(userId, advisors[3]!.id, 'Other advisor');
    await advisorSocket.roundTrip();
    expect(advisorSocket.all('new_message')).toHaveLength(1);
    advisorSocket.close();
  });

  it('gives every socket of a user the messages of all their dialogs without subscribing (the chat list)', async () => {
    const userId = newUserId();
    const { advisor, telegramId: advisorTelegramId } = await linkedAdvisor(4);
    const listScreen = await t.connect(userId);
    listScreen.send({ type: 'user_connect', user_id: userId, data: { role: 'user' } });
    await listScreen.next('connected');
    const stranger = await t.connect(newUserId());
    await send(userId, advisor.id, 'First question');
    expect((await listScreen.next('new_message')).data.message).toBe('First question');
    await t.call('POST', '/api/ManagerSendMessage.php', advisorTelegramId, {
      telegram_user_id: userId,
      message: 'An answer',
    });
    expect(
      (await listScreen.next('new_message', (f) => f.data.sender === 'manager')).data.message,
    ).toBe('An answer');
    await listScreen.roundTrip();
    expect(listScreen.all('new_message')).toHaveLength(2);
    await stranger.roundTrip();
    expect(stranger.all('new_message')).toHaveLength(0);
    listScreen.close();
    stranger.close();
  });

  it("sends balance changes after a charge to the user's sockets only", async () => {
    const userId = newUserId();
    const socket = await t.connect(userId);
    const other = await t.connect(newUserId());
    await send(userId, advisors[0]!.id, 'first');
    const balance = await socket.next('balance');
    expect(balance.data).toMatchObject({
      free_messages: 2,
      reason: 'message',
      amount_cents: 0,
      balance_cents: 0,
      balance: 0,
    });
    await other.roundTrip();
    expect(other.all('balance')).toHaveLength(0);
    socket.close();
    other.close();
  });

  it('tells both parties when the other one has read the dialog', async () => {
    const userId = newUserId();
    const { advisor, telegramId } = await linkedAdvisor(4);
    const userSocket = await t.connect(userId);
    userSocket.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: advisor.id });
    await userSocket.next('subscribed');
    const sent = await send(userId, advisor.id, 'Read me');
    const history = await t.call(
      'GET',
      `/api/ManagerGetMessages.php?telegram_user_id=${userId}`,
      telegramId,
    );
    expect(history.status).toBe(200);
    const read = await userSocket.next('read');
    expect(read.data).toEqual({
      manager_id: advisor.id,
      telegram_user_id: userId,
      reader: 'manager',
      up_to_id: sent.id,
    });
    userSocket.close();
  });
});

describe('access', () => {
  it("refuses a user's subscription to someone else's dialog, and the connection stays", async () => {
    const userId = newUserId();
    const socket = await t.connect(userId);
    socket.send({
      type: 'subscribe_dialog',
      telegram_user_id: newUserId(),
      manager_id: advisors[0]!.id,
    });
    expect((await socket.next('error')).message).toMatch(/only to your own dialogs/);
    socket.send({ type: 'user_connect', user_id: userId + 1 });
    expect((await socket.next('error')).message).toMatch(/user_id does not match/);
    await socket.roundTrip();
    socket.close();
  });

  it("refuses an advisor's subscription to another advisor's dialog, and manager_connect from a plain user", async () => {
    const { advisor, telegramId } = await linkedAdvisor(5);
    const socket = await t.connect(telegramId);
    socket.send({
      type: 'manager_connect',
      user_id: telegramId,
      data: { manager_id: advisors[6]!.id },
    });
    expect((await socket.next('error')).message).toMatch(/not the advisor linked to you/);
    socket.send({
      type: 'subscribe_dialog',
      telegram_user_id: newUserId(),
      manager_id: advisors[6]!.id,
    });
    expect((await socket.next('error')).message).toMatch(/only to your own dialogs/);
    socket.send({
      type: 'subscribe_dialog',
      telegram_user_id: newUserId(),
      manager_id: advisor.id,
    });
    await socket.next('subscribed');

    const plain = newUserId();
    const plainSocket = await t.connect(plain);
    plainSocket.send({
      type: 'manager_connect',
      user_id: plain,
      data: { manager_id: advisor.id, role: 'manager' },
    });
    expect((await plainSocket.next('error')).message).toMatch(/linked to an advisor/);
    socket.close();
    plainSocket.close();
  });

  it('refuses a subscription to an advisor that does not exist', async () => {
    const userId = newUserId();
    const socket = await t.connect(userId);
    socket.send({ type: 'subscribe_dialog', telegram_user_id: userId, manager_id: 999_999 });
    expect((await socket.next('error')).message).toMatch(/Advisor 999999 not found/);
    socket.close();
  });
});

describe('abuse', () => {
  it('answers malformed frames with an error frame and keeps the connection', async () => {
    const socket = await t.connect(newUserId());
    socket.send('{not json');
    expect((await socket.next('error')).message).toBe('Frame is not valid JSON');
    socket.send({ type: 'launch_missiles' });
    expect((await socket.next('error')).message).toMatch(
      /Unknown frame type: expected one of user_connect, manager_connect/,
    );
    socket.send({ type: 'subscribe_dialog', telegram_user_id: 'me', manager_id: 1 });
    expect((await socket.next('error')).message).toMatch(
      /Invalid subscribe_dialog frame: telegram_user_id/,
    );
    socket.send(JSON.stringify(null));
    expect((await socket.next('error')).message).toMatch(/Unknown frame type/);
    socket.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    expect((await socket.next('error')).message).toMatch(/JSON text, not binary/);
    socket.send({ type: 'ping', pad: 'x'.repeat(SOCKET_MAX_FRAME_BYTES) });
    expect((await socket.next('error')).message).toMatch(/Frame too large: at most 16384 bytes/);
    await socket.roundTrip();
    socket.close();
  });

  it('closes the socket on a frame far over the limit (1009)', async () => {
    const socket = await t.connect(newUserId());
    socket.send('x'.repeat(SOCKET_MAX_FRAME_BYTES * 5));
    expect((await socket.closed).code).toBe(1009);
  });

  it('rate-limits a flood of frames with a clear error, then closes a socket that keeps flooding', async () => {
    const userId = newUserId();
    const socket = await t.connect(userId);
    await socket.roundTrip();
    for (let i = 0; i < 60; i++) socket.send({ type: 'ping' });
    expect((await socket.next('error')).message).toMatch(
      /Too many frames: at most 10 per second per connection/,
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await socket.roundTrip(); // still open, and allowed again after a pause
    expect(socket.all('pong').length).toBeLessThan(60);

    // The per-user limit holds over several sockets of one user.
    const more = await Promise.all([1, 2, 3].map(() => t.connect(userId)));
    for (const s of more) await s.roundTrip();
    for (const s of [socket, ...more]) for (let i = 0; i < 25; i++) s.send({ type: 'ping' });
    const errors = await Promise.race([
      Promise.any(
        [socket, ...more].map((s) =>
          s.next('error', (f) => /per user over all connections/.test(f.message)),
        ),
      ),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error('no per-user limit error')), 3000),
      ),
    ]);
    expect(errors).toBeTruthy();

    const flooder = await t.connect(newUserId());
    for (let i = 0; i < 300; i++) flooder.send({ type: 'ping' });
    const closed = await flooder.closed;
    expect(closed.code).toBe(SOCKET_CLOSE_CODES.tooManyRequests);
    for (const s of [socket, ...more]) s.close();
  });

  it('closes a socket whose sign-in expires long after it opened: a heartbeat arms its timer', async () => {
    // A socket far from its expiry keeps no timer of its own; the heartbeat before it arms one.
    const live = await startLiveApp({ socket: { heartbeatMs: 1000 } });
    try {
      const userId = newUserId();
      // Accepted for about four more seconds (INIT_DATA_MAX_AGE_SECONDS is 24 h here): more than
      // two heartbeats, so no timer at sign-in.
      const expiresAt = (Math.floor(Date.now() / 1000) + 4) * 1000;
      const initData = signInitData(
        TEST_BOT_TOKEN,
        { id: userId, first_name: 'Ann' },
        { authDate: expiresAt / 1000 - 24 * 3600 },
      );
      const socket = await TestSocket.open(
        `${live.base.replace('http', 'ws')}/ws?initData=${encodeURIComponent(initData)}`,
      );
      socket.send({ type: 'user_connect', user_id: userId });
      await socket.next('connected');
      const closed = await Promise.race([
        socket.closed,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error('still open 5 s after its sign-in expired')), 9_000),
        ),
      ]);
      expect(closed.code).toBe(SOCKET_CLOSE_CODES.unauthorized);
      expect(closed.reason).toMatch(/expired/);
      expect(Date.now()).toBeGreaterThanOrEqual(expiresAt);
    } finally {
      await live.close();
    }
  });

  it('drops a socket that stops answering pings', async () => {
    // Long enough that a healthy socket answers in time on a loaded machine (the client shares
    // this process's event loop), short enough for a test.
    const live = await startLiveApp({ socket: { heartbeatMs: 1000 } });
    try {
      const healthy = await live.connect(newUserId());
      const dead = await live.connect(newUserId());
      await dead.roundTrip();
      // Stop reading: pings go unanswered, as with a phone that lost its network.
      (dead.ws as unknown as { _socket: { pause(): void } })._socket.pause();
      const deadline = Date.now() + 8000;
      while (live.services.sockets.size > 1 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      // One left, and it is the healthy one: it still answers.
      expect(live.services.sockets.size).toBe(1);
      await healthy.roundTrip();
    } finally {
      await live.close();
    }
  });
});
