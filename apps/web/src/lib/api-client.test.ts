import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, callApi } from './api-client';

type Answer = { status: number; body: unknown };

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
  beforeEach(() => localStorage.setItem('seer.initData', 'stored-init-data'));
  afterEach(() => vi.unstubAllGlobals());

  it('sends the init data, the query and the JSON body of a typed call', async () => {
    const calls = fakeServer({
      '/api/GetManager.php': { status: 200, body: { status: 'success', manager: { id: 7 } } },
      '/api/CreateMessage.php': { status: 200, body: { status: 'success', data: {} } },
    });
    await callApi('GetManager', { query: { id: 7 } });
    await callApi('CreateMessage', { body: { manager_id: 7, message: 'Hello' } });
    expect(calls[0]).toMatchObject({
      url: '/api/GetManager.php?id=7',
      method: 'GET',
      authorization: 'stored-init-data',
    });
    expect(calls[1]).toMatchObject({ method: 'POST', body: { manager_id: 7, message: 'Hello' } });
  });

  it('turns an error answer into an ApiError with status, code and message', async () => {
    fakeServer({
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

  it('reports a network failure and a non-JSON answer as ApiErrors', async () => {
    fakeServer({ '/api/GetAllChats.php': { status: 502, body: '<html>Bad gateway</html>' } });
    await expect(callApi('GetUser')).rejects.toMatchObject({ status: 0, code: 'network' });
    await expect(callApi('GetAllChats')).rejects.toMatchObject({ status: 502, code: 'http_error' });
  });

  it('outside Telegram, gets a demo session when none is stored and a fresh one after a 401', async () => {
    localStorage.clear();
    const calls = fakeServer({
      '/api/demo/session': [
        { status: 200, body: { status: 'success', init_data: 'first', telegram_user_id: 1 } },
        { status: 200, body: { status: 'success', init_data: 'second', telegram_user_id: 1 } },
      ],
      '/api/GetUser.php': [
        { status: 200, body: { status: 'success' } },
        { status: 401, body: { status: 'error', code: 'unauthorized', message: 'Expired' } },
        { status: 200, body: { status: 'success' } },
      ],
    });
    await callApi('GetUser');
    await callApi('GetUser');
    const userCalls = calls
      .filter((call) => call.url === '/api/GetUser.php')
      .map((call) => call.authorization);
    expect(userCalls).toEqual(['first', 'first', 'second']);
    expect(localStorage.getItem('seer.initData')).toBe('second');
  });
});
