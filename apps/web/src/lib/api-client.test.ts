import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from './api-client';
import { isSessionEnded, onSessionEnded, resetSessionForTests } from './session';

type Answer = { status: number; body: unknown };

function sessionAnswer(token: string, lifeSeconds = 3600): Answer {
  const now = Math.floor(Date.now() / 1000);
  return {
    status: 200,
    body: {
      status: 'success',
      token,
      telegram_user_id: 1,
      expires_at: now + lifeSeconds,
      ends_at: now + 7 * 24 * 3600,
    },
  };
}

const refused: Answer = {
  status: 401,
  body: { status: 'error', code: 'unauthorized', message: 'Expired' },
};

function fakeServer(answers: Record<string, Answer | Answer[]>) {
  const calls: Array<{ url: string; method: string; authorization: string | null; body: unknown }> =
    [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    calls.push({
      url,
      method: init.method ?? 'GET',
      authorization: headers.get('authorization'),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const path = url.split('?')[0]!;
    const planned = answers[path];
    const answer = Array.isArray(planned) ? planned.shift() : planned;
    if (!answer) throw new TypeError('Failed to fetch');
    return new Response(
      typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body),
      {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('callApi', () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem('seer.initData', 'stored-init-data');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts a session from the init data, then sends its token, the query and the JSON body of a typed call', async () => {
    const calls = fakeServer({
      '/api/session': sessionAnswer('tok-1'),
      '/api/GetManager.php': { status: 200, body: { status: 'success', manager: { id: 7 } } },
      '/api/CreateMessage.php': { status: 200, body: { status: 'success', data: {} } },
    });
    await callApi('GetManager', { query: { id: 7 } });
    await callApi('CreateMessage', { body: { manager_id: 7, message: 'Hello' } });
    expect(calls[0]).toMatchObject({
      url: '/api/session',
      method: 'POST',
      authorization: 'stored-init-data',
    });
    expect(calls[1]).toMatchObject({
      url: '/api/GetManager.php?id=7',
      method: 'GET',
      authorization: 'Bearer tok-1',
    });
    expect(calls[2]).toMatchObject({
      method: 'POST',
      authorization: 'Bearer tok-1',
      body: { manager_id: 7, message: 'Hello' },
    });
    expect(calls).toHaveLength(3);
  });

  it('turns an error answer into an ApiError with status, code and message', async () => {
    fakeServer({
      '/api/session': sessionAnswer('tok'),
      '/api/CreateMessage.php': {
        status: 402,
        body: { status: 'error', code: 'insufficient_funds', message: 'Not enough balance' },
      },
    });
    const failure = await callApi('CreateMessage', {
      body: { manager_id: 1, message: 'Hi' },
    }).catch((error) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 402,
      code: 'insufficient_funds',
      message: 'Not enough balance',
    });
  });

  it('keeps how long a rate-limited call must wait (Retry-After)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url.startsWith('/api/session')
          ? new Response(JSON.stringify(sessionAnswer('tok').body), {
              status: 200,
              headers: { 'content-type': 'application/json' },
            })
          : new Response(
              JSON.stringify({ status: 'error', code: 'rate_limited', message: 'Too many' }),
              { status: 429, headers: { 'content-type': 'application/json', 'retry-after': '7' } },
            ),
      ),
    );
    const failure = await callApi('CreateStarsInvoice', { body: { amount: 5 } }).catch(
      (error) => error,
    );
    expect(failure).toMatchObject({ status: 429, code: 'rate_limited', retryAfterSeconds: 7 });
  });

  it('reports a network failure and a non-JSON answer as ApiErrors', async () => {
    fakeServer({
      '/api/session': sessionAnswer('tok'),
      '/api/GetAllChats.php': { status: 502, body: '<html>Bad gateway</html>' },
    });
    await expect(callApi('GetUser')).rejects.toMatchObject({ status: 0, code: 'network' });
    await expect(callApi('GetAllChats')).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });

  it('outside Telegram, gets demo init data when none is stored, and fresh demo init data when the stored one is refused', async () => {
    localStorage.clear();
    const calls = fakeServer({
      '/api/demo/session': [
        { status: 200, body: { status: 'success', init_data: 'first', telegram_user_id: 1 } },
        { status: 200, body: { status: 'success', init_data: 'second', telegram_user_id: 1 } },
      ],
      '/api/session': [sessionAnswer('tok-1'), refused, sessionAnswer('tok-2')],
      '/api/session/renew': refused,
      '/api/GetUser.php': [
        { status: 200, body: { status: 'success' } },
        refused,
        { status: 200, body: { status: 'success' } },
      ],
    });
    await callApi('GetUser');
    await callApi('GetUser');
    const authorizations = calls.map((call) => `${call.url} ${call.authorization}`);
    expect(authorizations).toEqual([
      '/api/demo/session null',
      '/api/session first',
      '/api/GetUser.php Bearer tok-1',
      '/api/GetUser.php Bearer tok-1',
      '/api/session/renew Bearer tok-1',
      '/api/session first',
      '/api/demo/session null',
      '/api/session second',
      '/api/GetUser.php Bearer tok-2',
    ]);
    expect(localStorage.getItem('seer.initData')).toBe('second');
  });
});

describe('sessions', () => {
  beforeEach(() => {
    resetSessionForTests();
    localStorage.setItem('seer.initData', 'stored-init-data');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('renews the session after a 401 and retries the call once with the new token', async () => {
    const calls = fakeServer({
      '/api/session': sessionAnswer('tok-1'),
      '/api/session/renew': sessionAnswer('tok-2'),
      '/api/GetUser.php': [
        { status: 200, body: { status: 'success' } },
        refused,
        { status: 200, body: { status: 'success', ok: 2 } },
      ],
    });
    await callApi('GetUser');
    expect(await callApi('GetUser')).toMatchObject({ ok: 2 });
    expect(calls.map((call) => `${call.url} ${call.authorization}`).slice(2)).toEqual([
      '/api/GetUser.php Bearer tok-1',
      '/api/session/renew Bearer tok-1',
      '/api/GetUser.php Bearer tok-2',
    ]);
  });

  it('does not renew again for a call refused with a token another call has already replaced (each renewal rotates it)', async () => {
    const seen: string[] = [];
    let renewals = 0;
    let answerSlowCall: (() => void) | null = null;
    const json = (answer: Answer) =>
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const authorization = new Headers(init.headers).get('authorization');
        seen.push(`${url.split('?')[0]} ${authorization}`);
        if (url === '/api/session') return json(sessionAnswer('tok-1'));
        if (url === '/api/session/renew') {
          renewals += 1;
          return json(sessionAnswer(`tok-${renewals + 1}`));
        }
        if (authorization === 'Bearer tok-1') {
          if (url.startsWith('/api/GetAllChats'))
            await new Promise<void>((resolve) => (answerSlowCall = resolve));
          return json(refused);
        }
        return json({ status: 200, body: { status: 'success' } });
      }),
    );
    // Sent with tok-1 and answered (401) only after another call has renewed the session.
    const slow = callApi('GetAllChats');
    await vi.waitFor(() => expect(answerSlowCall).not.toBeNull());
    await callApi('GetUser');
    answerSlowCall!();
    await slow;
    expect(renewals).toBe(1);
    expect(seen.filter((line) => line.startsWith('/api/session/renew'))).toEqual([
      '/api/session/renew Bearer tok-1',
    ]);
    expect(seen.at(-1)).toBe('/api/GetAllChats.php Bearer tok-2');
  });

  it('renews silently before the token expires, without a call failing first', async () => {
    const calls = fakeServer({
      '/api/session': sessionAnswer('short', 2),
      '/api/session/renew': sessionAnswer('long'),
      '/api/GetUser.php': { status: 200, body: { status: 'success' } },
    });
    await callApi('GetUser');
    // Half of the 2 s life passes: the renewal is due.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(calls.some((call) => call.url === '/api/session/renew')).toBe(true);
    await callApi('GetUser');
    expect(calls.at(-1)).toMatchObject({ url: '/api/GetUser.php', authorization: 'Bearer long' });
    expect(calls.filter((call) => call.url === '/api/GetUser.php')).toHaveLength(2);
  });

  it('inside Telegram, when neither renewal nor the (too old) init data is accepted, says the session has ended instead of failing each call', async () => {
    vi.stubGlobal('Telegram', {
      WebApp: { initData: 'telegram-init-data', onEvent: () => {}, offEvent: () => {} },
    });
    let told = 0;
    const stop = onSessionEnded(() => told++);
    const calls = fakeServer({
      '/api/session': [sessionAnswer('tok-1'), refused],
      '/api/session/renew': refused,
      '/api/GetUser.php': [{ status: 200, body: { status: 'success' } }, refused],
    });
    await callApi('GetUser');
    const failure = await callApi('GetUser').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401, code: 'session_ended' });
    expect(isSessionEnded()).toBe(true);
    expect(told).toBe(1);
    // No more requests once it has ended: every call says so at once.
    const before = calls.length;
    await expect(callApi('GetAllChats')).rejects.toMatchObject({ code: 'session_ended' });
    expect(calls.length).toBe(before);
    expect(calls.filter((call) => call.url === '/api/demo/session')).toHaveLength(0);
    stop();
  });
});
