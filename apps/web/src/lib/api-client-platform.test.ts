/**
 * Every call from inside Telegram names Telegram's platform in X-Telegram-Platform, so the server
 * can refuse a top-up its rules do not allow there (decision 038); a plain browser sends none.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TELEGRAM_PLATFORM_HEADER } from '@seer/contract';

const telegram = vi.hoisted(() => ({ platform: null as string | null }));
vi.mock('./telegram', async (original) => ({
  ...(await original<object>()),
  telegramPlatform: () => telegram.platform,
}));
vi.mock('./session', async (original) => ({
  ...(await original<object>()),
  getSession: async () => ({ token: 'tok' }),
}));

const { callApi } = await import('./api-client');

let sent: Headers[] = [];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit = {}) => {
      sent.push(new Headers(init.headers));
      return new Response(
        JSON.stringify({ status: 'success', invoice_url: 'https://np.example' }),
        {
          status: 200,
          headers: { 'content-type': 'application/json' },
        },
      );
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the platform header', () => {
  it.each(['ios', 'tdesktop'])('inside Telegram on %s, names it', async (platform) => {
    telegram.platform = platform;
    await callApi('CreateCryptoInvoice', { body: { amount: '5.00' } });
    expect(sent[0]!.get(TELEGRAM_PLATFORM_HEADER)).toBe(platform);
  });

  it('in a plain browser, sends none', async () => {
    telegram.platform = null;
    await callApi('CreateCryptoInvoice', { body: { amount: '5.00' } });
    expect(sent[0]!.has(TELEGRAM_PLATFORM_HEADER)).toBe(false);
  });
});
