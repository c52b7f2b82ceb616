/** Sessions over HTTP: started from init data, used as Bearer tokens, renewed, bounded and revoked. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, TEST_BOT_TOKEN, type TestApp } from '../test/harness.js';
import { signInitData } from './init-data.js';

let t: TestApp;
beforeAll(async () => {
  // Short lives, so a test can watch them pass: init data 2 s, a token 2 s, a session 5 s.
  t = await startTestApp({
    env: {
      INIT_DATA_MAX_AGE_SECONDS: '2',
      SESSION_TOKEN_SECONDS: '2',
      SESSION_MAX_AGE_SECONDS: '5',
    },
  });
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function callApp(
  method: 'GET' | 'POST',
  url: string,
  authorization?: string,
  app: TestApp = t,
) {
  const response = await app.app.inject({
    method,
    url,
    headers: authorization === undefined ? {} : { authorization },
  });
  return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
}

const call = (method: 'GET' | 'POST', url: string, authorization?: string) =>
  callApp(method, url, authorization);

async function startSession(userId: number) {
  const answer = await call('POST', '/api/session', t.initData(userId));
  expect(answer.status).toBe(200);
  return answer.body as { token: string; expires_at: number; ends_at: number };
}

describe('sessions', () => {
  it('start from init data and keep working after the init data has expired, renewed while in use', async () => {
    const userId = newUserId();
    const initData = t.initData(userId);
    const session = await startSession(userId);
    expect(session.token).toMatch(/^seer1\./);
    expect(session.ends_at - session.expires_at).toBeGreaterThan(0);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${session.token}`)).body).toMatchObject({
      telegram_user_id: userId,
    });

    await sleep(1_200);
    const renewed = await call('POST', '/api/session/renew', `Bearer ${session.token}`);
    expect(renewed.status).toBe(200);
    const token = renewed.body.token as string;
    // Tokens expire on whole seconds: the renewed one lives at least a second past the first.
    expect(renewed.body.expires_at as number).toBeGreaterThan(session.expires_at);
    await sleep(Math.max(0, session.expires_at * 1000 - Date.now()) + 100);
    // Past the first token's end (and the init data's 2 s): both are refused, the renewed token works.
    expect((await call('GET', '/api/GetUser.php', initData)).status).toBe(401);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${session.token}`)).status).toBe(401);
    const user = await call('GET', '/api/GetUser.php', `Bearer ${token}`);
    expect(user.status).toBe(200);
    expect(user.body).toMatchObject({ telegram_user_id: userId });
  });

  it('renew from an expired token until the absolute end, and never past it', async () => {
    const userId = newUserId();
    const session = await startSession(userId);
    await sleep(2_200);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${session.token}`)).status).toBe(401);
    // An app that was in the background renews when it comes back.
    const renewed = await call('POST', '/api/session/renew', `Bearer ${session.token}`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.expires_at).toBeLessThanOrEqual(session.ends_at);
    await sleep(Math.max(0, session.ends_at * 1000 - Date.now()) + 200);
    const late = await call('POST', '/api/session/renew', `Bearer ${renewed.body.token as string}`);
    expect(late.status).toBe(401);
    expect(late.body.message).toMatch(/longest life/);
  });

  it('end when revoked: the token and its renewals are refused at once', async () => {
    const userId = newUserId();
    const session = await startSession(userId);
    expect((await call('POST', '/api/session/end', `Bearer ${session.token}`)).status).toBe(200);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${session.token}`)).status).toBe(401);
    expect((await call('POST', '/api/session/renew', `Bearer ${session.token}`)).status).toBe(401);
    // Another session of the same user is untouched.
    const other = await startSession(userId);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${other.token}`)).status).toBe(200);
  });

  it('refuse forged, altered and other-database tokens, and never start a session from a session', async () => {
    const userId = newUserId();
    const session = await startSession(userId);
    const [head, payload, signature] = session.token.split('.') as [string, string, string];
    const otherUser = Buffer.from(
      JSON.stringify({
        ...JSON.parse(Buffer.from(payload, 'base64url').toString()),
        u: userId + 1,
      }),
    ).toString('base64url');
    for (const forged of [
      `${head}.${otherUser}.${signature}`,
      `${head}.${payload}.${'A'.repeat(signature.length)}`,
      `${head}.${payload}`,
      'seer1.',
      'Bearer',
    ]) {
      const answer = await call('GET', '/api/GetUser.php', `Bearer ${forged}`);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('unauthorized');
      expect((await call('POST', '/api/session/renew', `Bearer ${forged}`)).status).toBe(401);
    }
    expect((await call('POST', '/api/session', `Bearer ${session.token}`)).status).toBe(401);
    expect((await call('POST', '/api/session')).status).toBe(401);
    const wrongBot = signInitData('42:another-bot-token-xxxxxxxxxxxxxxxxx', {
      id: userId,
      first_name: 'Eve',
    });
    expect((await call('POST', '/api/session', wrongBot)).status).toBe(401);
  });

  it('are kept at most 20 per user: starting sessions in a loop ends the oldest, never grows the table', async () => {
    const userId = newUserId();
    const sessions = [];
    for (let i = 0; i < 25; i++) sessions.push(await startSession(userId));
    const [row] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM auth_sessions WHERE telegram_id = ${userId}`;
    expect(row!.n).toBe(20);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${sessions[24]!.token}`)).status).toBe(
      200,
    );
    expect((await call('POST', '/api/session/renew', `Bearer ${sessions[0]!.token}`)).status).toBe(
      401,
    );
  });

  it('are not started by init data with a repeated field (401)', async () => {
    const initData = t.initData(newUserId());
    for (const extra of [`&hash=${'f'.repeat(64)}`, '&auth_date=1']) {
      const answer = await call('POST', '/api/session', initData + extra);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toMatch(/twice/);
      expect((await call('GET', '/api/GetUser.php', initData + extra)).status).toBe(401);
    }
  });
});

describe("Telegram's profile fields", () => {
  // Init data that lives the default day: the short-lived app's 2 s would let "a second older"
  // init data expire on a slow run before the test is done with it.
  let profiles: TestApp;
  beforeAll(async () => {
    profiles = await startTestApp({ db: t.db, seed: false });
  });
  afterAll(async () => {
    await profiles?.close();
  });

  it('are applied only from init data newer than the last applied: a replay of older init data rolls nothing back', async () => {
    const call = (method: 'GET' | 'POST', url: string, authorization?: string) =>
      callApp(method, url, authorization, profiles);
    const userId = newUserId();
    const now = Math.floor(Date.now() / 1000);
    const signed = (authDate: number, first_name: string, username: string) =>
      signInitData(TEST_BOT_TOKEN, { id: userId, first_name, username }, { authDate });
    const older = signed(now - 1, 'Old', 'old_name');
    const newer = signed(now, 'New', 'new_name');
    expect((await call('GET', '/api/GetUser.php', newer)).status).toBe(200);
    expect((await call('GET', '/api/GetUser.php', older)).status).toBe(200);
    expect((await call('POST', '/api/session', older)).status).toBe(200);
    // Another instance on the same database, which has not seen the newer init data.
    const other = await startTestApp({ db: t.db, seed: false });
    try {
      const replay = await other.app.inject({
        method: 'GET',
        url: '/api/GetUser.php',
        headers: { authorization: older },
      });
      expect(replay.statusCode).toBe(200);
    } finally {
      await other.close();
    }
    const [row] = await t.db.sql<{ first_name: string; username: string }[]>`
      SELECT first_name, username FROM users WHERE telegram_id = ${userId}`;
    expect(row).toEqual({ first_name: 'New', username: 'new_name' });
    // Newer init data still applies.
    expect((await call('GET', '/api/GetUser.php', signed(now + 1, 'Newest', 'n3'))).status).toBe(
      200,
    );
    const [after] = await t.db.sql<{ first_name: string }[]>`
      SELECT first_name FROM users WHERE telegram_id = ${userId}`;
    expect(after!.first_name).toBe('Newest');
  });

  it("follow Telegram's language code on every newer sign-in (bot texts and receipts use it)", async () => {
    const userId = newUserId();
    const now = Math.floor(Date.now() / 1000);
    const signed = (authDate: number, language_code: string) =>
      signInitData(TEST_BOT_TOKEN, { id: userId, first_name: 'Ann', language_code }, { authDate });
    const languageOf = async () =>
      (
        await t.db.sql<{ language_code: string | null }[]>`
          SELECT language_code FROM users WHERE telegram_id = ${userId}`
      )[0]?.language_code;
    expect((await callApp('GET', '/api/GetUser.php', signed(now - 1, 'en'), profiles)).status).toBe(
      200,
    );
    expect(await languageOf()).toBe('en');
    expect((await callApp('GET', '/api/GetUser.php', signed(now, 'ru'), profiles)).status).toBe(
      200,
    );
    expect(await languageOf()).toBe('ru');
  });
});

describe('demo sign-in', () => {
  // Demo sign-in is on only without a bot token.
  let demo: TestApp;
  beforeAll(async () => {
    demo = await startTestApp({ db: t.db, seed: false, env: { BOT_TOKEN: undefined } });
  });
  afterAll(async () => {
    await demo?.close();
  });

  it("names the guest in the guest's language", async () => {
    for (const [language_code, name] of [
      ['ru', 'Гость'],
      ['en', 'Guest'],
      ['de', 'Guest'],
    ] as const) {
      const session = await demo.app.inject({
        method: 'POST',
        url: '/api/demo/session',
        payload: { language_code },
      });
      expect(session.statusCode).toBe(200);
      const initData = session.json<{ init_data: string }>().init_data;
      const user = await callApp('GET', '/api/GetUser.php', initData, demo);
      expect(user.status).toBe(200);
      expect(user.body).toMatchObject({ first_name: name, language_code });
    }
  });
});
