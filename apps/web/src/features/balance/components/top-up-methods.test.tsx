/**
 * PHONE_PAYMENTS on the balance screen (decision 038): under stars-only, Telegram's iOS and
 * Android apps (and a client that does not say which it is) list Telegram Stars and the card
 * brands only, with no trace of TON or crypto; Telegram Desktop, macOS and Web, and a plain
 * browser list everything configured. Under `all`, every platform lists everything.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { otherPaymentsAllowed, paymentSurface } from '@seer/contract';
import { clearDataCache } from '../../../lib/use-data';
import { setLocale } from '../../../lib/i18n';
import { listsTonAndCrypto } from '../../../shared/top-up/top-up-methods';

const api = vi.hoisted(() => ({ callApi: vi.fn() }));
const telegram = vi.hoisted(() => ({ platform: null as string | null }));

vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<object>()),
  callApi: api.callApi,
}));
vi.mock('../../../lib/telegram', async (original) => ({
  ...(await original<object>()),
  isInTelegram: () => telegram.platform !== null,
  telegramPlatform: () => telegram.platform,
}));
vi.mock('./wallet-connect', () => ({
  default: () => null,
  isUserRejection: () => false,
}));

const { TopUpPanel } = await import('./top-up-panel');

function depositInfo(phonePayments: 'stars-only' | 'all') {
  return {
    status: 'success',
    wallet_address: 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh',
    memo: '424242',
    ton_usd_rate: 3,
    ton_enabled: true,
    stars_enabled: true,
    stars_per_usd: 50,
    crypto_enabled: true,
    test_payments_enabled: false,
    ton_network: '-239',
    telegram_return_url: 'https://t.me/seer_bot/app',
    phone_payments: phonePayments,
  };
}

function serve(info: unknown) {
  api.callApi.mockImplementation(async (name: string) => {
    if (name === 'GetDepositInfo') return info instanceof Promise ? await info : info;
    if (name === 'GetUser') return { status: 'success', balance_cents: 0, free_messages: 0 };
    throw new Error(`unexpected call ${name}`);
  });
}

/** What the panel lists once GetDepositInfo has answered. */
async function listed() {
  render(<TopUpPanel />);
  await waitFor(() => expect(api.callApi).toHaveBeenCalledWith('GetDepositInfo'));
  await act(async () => {});
  await waitFor(() =>
    expect(screen.queryByText(/Pay with Telegram Stars|Card payments/)).toBeTruthy(),
  );
  return {
    stars: screen.queryByRole('button', { name: /Pay with Telegram Stars/ }) !== null,
    cards: screen.queryByRole('button', { name: 'Apple Pay' }) !== null,
    crypto: screen.queryByRole('button', { name: /Deposit Crypto/ }) !== null,
    tonWallet: screen.queryByRole('heading', { name: /TON wallet/ }) !== null,
    topUp: screen.queryByRole('button', { name: 'Top up' }) !== null,
  };
}

const PHONES = ['ios', 'android', 'android_x', 'unknown'];
const TELEGRAM_ELSEWHERE = ['tdesktop', 'macos', 'weba', 'webk', 'unigram'];

beforeEach(() => {
  clearDataCache();
  api.callApi.mockReset();
  telegram.platform = null;
  setLocale('en');
});

describe.each(['stars-only', 'all'] as const)('PHONE_PAYMENTS=%s', (policy) => {
  it.each([...PHONES, ...TELEGRAM_ELSEWHERE])('inside Telegram on %s', async (platform) => {
    telegram.platform = platform;
    serve(depositInfo(policy));
    const others = policy === 'all' || !PHONES.includes(platform);
    expect(await listed()).toEqual({
      stars: true,
      cards: true,
      crypto: others,
      tonWallet: others,
      topUp: others,
    });
  });

  it('in a plain browser: TON and crypto (Stars and cards need Telegram)', async () => {
    serve(depositInfo(policy));
    expect(await listed()).toEqual({
      stars: false,
      cards: true,
      crypto: true,
      tonWallet: true,
      topUp: true,
    });
  });
});

describe('before GetDepositInfo answers', () => {
  it('a phone lists no TON or crypto, Telegram Desktop does', async () => {
    serve(new Promise(() => {}));
    telegram.platform = 'ios';
    const phone = render(<TopUpPanel />);
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /Deposit Crypto/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /TON wallet/ })).toBeNull();
    phone.unmount();

    telegram.platform = 'tdesktop';
    render(<TopUpPanel />);
    await act(async () => {});
    expect(screen.queryByRole('button', { name: /Deposit Crypto/ })).not.toBeNull();
    expect(screen.queryByRole('heading', { name: /TON wallet/ })).not.toBeNull();
  });
});

describe('the rule itself (contract and listsTonAndCrypto)', () => {
  it('tells phones, Telegram elsewhere and browsers apart, whatever the case', () => {
    for (const platform of [...PHONES, 'IOS', ' Android ', ''])
      expect(paymentSurface(platform), platform).toBe('phone');
    for (const platform of TELEGRAM_ELSEWHERE)
      expect(paymentSurface(platform), platform).toBe('telegram-other');
    expect(paymentSurface(null)).toBe('browser');
    expect(otherPaymentsAllowed('stars-only', 'ios')).toBe(false);
    expect(otherPaymentsAllowed('stars-only', 'tdesktop')).toBe(true);
    expect(otherPaymentsAllowed('stars-only', null)).toBe(true);
    expect(otherPaymentsAllowed('all', 'android')).toBe(true);
    expect(listsTonAndCrypto(null, 'android')).toBe(false);
    expect(listsTonAndCrypto(null, 'weba')).toBe(true);
    expect(listsTonAndCrypto(null, null)).toBe(true);
  });
});
