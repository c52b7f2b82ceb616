import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The app as launched from a link with this start parameter; GetManager knows advisor 5 only. */
async function launch(startParam: string | undefined) {
  vi.resetModules();
  window.Telegram = {
    WebApp: {
      // Only the start parameter matters here; the session comes from stored init data.
      initData: '',
      initDataUnsafe: startParam === undefined ? {} : { start_param: startParam },
      isVersionAtLeast: () => true,
    } as never,
  };
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(url);
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 5, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    if (url.includes('GetManager.php') && url.includes('id=5'))
      return new Response(JSON.stringify({ status: 'success', manager: {} }), { status: 200 });
    return new Response(
      JSON.stringify({ status: 'error', code: 'not_found', message: 'Advisor not found' }),
      { status: 404 },
    );
  });
  const { followStartParam } = await import('./deep-link');
  return { followStartParam, asked };
}

describe('following the start parameter at launch', () => {
  beforeEach(() => {
    window.history.replaceState(null, '', '/');
    localStorage.setItem('seer.initData', 'test');
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.Telegram;
  });

  it('advisor_<id> opens the profile, once', async () => {
    const { followStartParam, asked } = await launch('advisor_5');
    await followStartParam();
    expect(asked.some((url) => url.includes('GetManager.php'))).toBe(true);
    expect(window.location.pathname).toBe('/operator/5');
    window.history.replaceState(null, '', '/');
    await followStartParam();
    expect(window.location.pathname).toBe('/');
  });

  it('chat_<id> opens the chat', async () => {
    const { followStartParam } = await launch('chat_5');
    await followStartParam();
    expect(window.location.pathname).toBe('/chat/5');
  });

  it('stays home for an advisor who does not exist, ref_ codes and malformed parameters', async () => {
    for (const param of ['advisor_77', 'ref_abcd2345', 'advisor_', 'chat_-1', 'x'.repeat(80), '']) {
      const { followStartParam, asked } = await launch(param);
      await followStartParam();
      expect(window.location.pathname, param).toBe('/');
      if (param !== 'advisor_77')
        expect(
          asked.filter((url) => url.includes('GetManager')),
          param,
        ).toEqual([]);
    }
  });
});
