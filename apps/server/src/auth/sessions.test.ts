/**
 * Sessions over HTTP: started from init data, used as Bearer tokens, renewed (rotating the token),
 * bounded and revoked; end-sessions refuses init data signed before it (decision 034).
 */
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

    // Renewed shortly before the token's end (it lives 1-2 s, counted in whole seconds): a fixed
    // pause could land after it when the session started late in a second.
    await sleep(Math.max(0, session.expires_at * 1000 - Date.now() - 400));
    const renewed = await call('POST', '/api/session/renew', `Bearer ${session.token}`);
    expect(renewed.status).toBe(200);
    const token = renewed.body.token as string;
    expect(token).not.toBe(session.token);
    // Rotated: the renewed-away token stops working at once, though its time is not up.
    expect((await call('GET', '/api/GetUser.php', `Bearer ${session.token}`)).status).toBe(401);
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

  it('refuse to renew an expired token (session_expired), and never renew past the absolute end', async () => {
    const session = await startSession(newUserId());
    await sleep(Math.max(0, session.expires_at * 1000 - Date.now()) + 100);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${session.token}`)).status).toBe(401);
    // A copied token that has expired is worth nothing: it cannot be renewed either.
    const expired = await call('POST', '/api/session/renew', `Bearer ${session.token}`);
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('session_expired');

    // Renewed in time again and again, a session still ends at its absolute end.
    const kept = await startSession(newUserId());
    let token = kept.token;
    while (Date.now() < kept.ends_at * 1000 - 800) {
      await sleep(700);
      const renewed = await call('POST', '/api/session/renew', `Bearer ${token}`);
      expect(renewed.status).toBe(200);
      expect(renewed.body.ends_at).toBe(kept.ends_at);
      expect(renewed.body.expires_at).toBeLessThanOrEqual(kept.ends_at);
      token = renewed.body.token as string;
    }
    await sleep(Math.max(0, kept.ends_at * 1000 - Date.now()) + 200);
    expect((await call('POST', '/api/session/renew', `Bearer ${token}`)).status).toBe(401);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${token}`)).status).toBe(401);
  });

  it('rotate on renewal: a renewed-away token that comes back to renew ends the whole session', async () => {
    const userId = newUserId();
    const session = await startSession(userId);
    const renewed = await call('POST', '/api/session/renew', `Bearer ${session.token}`);
    expect(renewed.status).toBe(200);
    const current = renewed.body.token as string;
    expect((await call('GET', '/api/GetUser.php', `Bearer ${current}`)).status).toBe(200);
    // A call with the old token is only refused (a call sent just before the renewal may arrive after it).
    expect((await call('GET', '/api/GetUser.php', `Bearer ${session.token}`)).status).toBe(401);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${current}`)).status).toBe(200);
    // Renewing with it again means someone else holds a copy: the session ends for both.
    const replay = await call('POST', '/api/session/renew', `Bearer ${session.token}`);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('session_reused');
    expect((await call('GET', '/api/GetUser.php', `Bearer ${current}`)).status).toBe(401);
    expect((await call('POST', '/api/session/renew', `Bearer ${current}`)).status).toBe(401);
    // Init data still starts a new one.
    const fresh = await startSession(userId);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${fresh.token}`)).status).toBe(200);
  });

  it('end the session when one token is renewed twice at the same moment (a thief racing the app)', async () => {
    const session = await startSession(newUserId());
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', '/api/session/renew', `Bearer ${session.token}`)),
    );
    const won = answers.filter((answer) => answer.status === 200);
    const lost = answers.filter((answer) => answer.status === 401);
    expect(won.length).toBe(1);
    expect(lost.map((answer) => answer.body.code)).toEqual(['session_reused']);
    const token = won[0]!.body.token as string;
    expect((await call('GET', '/api/GetUser.php', `Bearer ${token}`)).status).toBe(401);
    expect((await call('POST', '/api/session/renew', `Bearer ${token}`)).status).toBe(401);
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

describe('sessions bounded by their init data, and end-sessions', () => {
  // Init data lives an hour here and a session a minute, so init data of a minute ago is still
  // good for calls but too old to start a session.
  const ADMIN_ID = 777_000_034;
  let longer: TestApp;
  beforeAll(async () => {
    longer = await startTestApp({
      db: t.db,
      seed: false,
      env: {
        INIT_DATA_MAX_AGE_SECONDS: '3600',
        SESSION_MAX_AGE_SECONDS: '60',
        ADMIN_TELEGRAM_IDS: String(ADMIN_ID),
      },
    });
  });
  afterAll(async () => {
    await longer?.close();
  });
  const call = (method: 'GET' | 'POST', url: string, authorization?: string) =>
    callApp(method, url, authorization, longer);
  const signedAt = (userId: number, authDate: number) =>
    signInitData(TEST_BOT_TOKEN, { id: userId, first_name: 'Ann' }, { authDate });
  const nowSeconds = () => Math.floor(Date.now() / 1000);
  const endSessions = async (telegramId: number) => {
    const answer = await longer.app.inject({
      method: 'POST',
      url: '/api/AdminEndSessions.php',
      headers: { authorization: longer.initData(ADMIN_ID) },
      payload: { telegram_user_id: telegramId },
    });
    return { status: answer.statusCode, body: answer.json<Record<string, unknown>>() };
  };

  it("end no later than the init data's auth_date plus the longest session life", async () => {
    const userId = newUserId();
    const authDate = nowSeconds() - 50;
    const started = await call('POST', '/api/session', signedAt(userId, authDate));
    expect(started.status).toBe(200);
    expect(started.body.ends_at).toBe(authDate + 60);
    expect(started.body.expires_at).toBeLessThanOrEqual(authDate + 60);
    const renewed = await call('POST', '/api/session/renew', `Bearer ${started.body.token}`);
    expect(renewed.status).toBe(200);
    expect(renewed.body.ends_at).toBe(authDate + 60);
    // Older than a session may live: good for a call still, but it starts no session.
    const old = signedAt(userId, nowSeconds() - 70);
    expect((await call('GET', '/api/GetUser.php', old)).status).toBe(200);
    const refused = await call('POST', '/api/session', old);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toMatch(/expired/);
  });

  it('refuse init data signed before end-sessions on calls and on session start; init data signed after works', async () => {
    const userId = newUserId();
    const before = signedAt(userId, nowSeconds() - 1);
    expect((await call('GET', '/api/GetUser.php', before)).status).toBe(200);
    const session = await call('POST', '/api/session', before);
    expect(session.status).toBe(200);

    const ended = await endSessions(userId);
    expect(ended).toEqual({ status: 200, body: { status: 'success', ended: 1 } });

    for (const [method, url] of [
      ['GET', '/api/GetUser.php'],
      ['POST', '/api/session'],
    ] as const) {
      const answer = await call(method, url, before);
      expect(answer.status).toBe(401);
      expect(answer.body.code).toBe('sign_in_revoked');
    }
    expect((await call('GET', '/api/GetUser.php', `Bearer ${session.body.token}`)).status).toBe(
      401,
    );
    // Telegram's next init data (a reopened app) is signed after: it works, and starts a session.
    await sleep(1_100);
    const after = signedAt(userId, nowSeconds());
    expect((await call('GET', '/api/GetUser.php', after)).status).toBe(200);
    const again = await call('POST', '/api/session', after);
    expect(again.status).toBe(200);
    expect((await call('GET', '/api/GetUser.php', `Bearer ${again.body.token}`)).status).toBe(200);
    const [audit] = await t.db.sql<{ actor_telegram_id: number; details: unknown }[]>`
      SELECT actor_telegram_id, details FROM admin_audit WHERE action = 'end-sessions'
        AND (details->>'telegramId')::bigint = ${userId}`;
    expect(audit).toEqual({
      actor_telegram_id: ADMIN_ID,
      details: { telegramId: userId, ended: 1 },
    });
  });

  it('leave no session alive that was started from older init data while sessions were ending', async () => {
    const userId = newUserId();
    const before = signedAt(userId, nowSeconds() - 1);
    expect((await call('GET', '/api/GetUser.php', before)).status).toBe(200);
    const starts = Array.from({ length: 12 }, () => call('POST', '/api/session', before));
    const [ended, ...started] = await Promise.all([endSessions(userId), ...starts]);
    expect(ended.status).toBe(200);
    // And once more, after: a caller that keeps trying the old init data.
    for (let i = 0; i < 3; i++) started.push(await call('POST', '/api/session', before));
    for (const answer of started) {
      if (answer.status !== 200) {
        expect(answer.body.code).toBe('sign_in_revoked');
        continue;
      }
      const use = await call('GET', '/api/GetUser.php', `Bearer ${answer.body.token}`);
      expect(use.status).toBe(401);
    }
    const [live] = await t.db.sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM auth_sessions WHERE telegram_id = ${userId} AND revoked_at IS NULL`;
    expect(live!.n).toBe(0);
  });

  it('are ended from the admin section by admins only', async () => {
    const answer = await longer.app.inject({
      method: 'POST',
      url: '/api/AdminEndSessions.php',
      headers: { authorization: longer.initData(newUserId()) },
      payload: { telegram_user_id: newUserId() },
    });
    expect(answer.statusCode).toBe(403);
    const bad = await endSessions(-5);
    expect(bad.status).toBe(400);
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
