import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { AppNotification, ServerFrameOf } from '@seer/contract';
import { ApiError } from '../../lib/api-client';
import { setLocale } from '../../lib/i18n';
import { clearDataCache } from '../../lib/use-data';
import NotificationsPage from './notifications-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

type BalanceHandler = (frame: ServerFrameOf<'balance'>) => void;
const balanceHandlers = new Set<BalanceHandler>();
vi.mock('../../lib/socket', () => ({
  onSocketFrame: (type: string, handler: BalanceHandler) => {
    if (type === 'balance') balanceHandlers.add(handler);
    return () => balanceHandlers.delete(handler);
  },
}));

const THIS_YEAR = new Date().getFullYear();

function notification(
  id: number,
  reason: string,
  amountCents: number,
  createdAt = `${THIS_YEAR}-03-07T09:05:00`,
): AppNotification {
  return {
    id,
    reason,
    amount: amountCents / 100,
    amount_cents: amountCents,
    created_at: new Date(createdAt).toISOString(),
  };
}

/** Newest first, as the server answers. */
const LIST = [
  notification(7, 'test_payment', 1250),
  notification(6, 'stars_refund', -250),
  notification(5, 'ton_deposit', 125050, '2025-11-28T18:30:00'),
  notification(4, 'crypto_deposit', 2000),
  notification(3, 'admin_debit', -100),
  notification(2, 'admin_credit', 500),
  notification(1, 'stars', 1000),
];

function answer(notifications: AppNotification[]) {
  return { status: 'success', notifications };
}

function renderPage() {
  const { hook } = memoryLocation({ path: '/notifications' });
  return render(
    <Router hook={hook}>
      <NotificationsPage />
    </Router>,
  );
}

/** Each row's words, in the order shown. */
function rows(): string[] {
  return within(screen.getByRole('list'))
    .getAllByRole('listitem')
    .map((row) => row.textContent ?? '');
}

describe('notifications page', () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
    balanceHandlers.clear();
  });
  afterEach(() => setLocale('en', 'all'));

  it('shows a skeleton while loading, then one line per notification, newest first', async () => {
    let resolve: (value: unknown) => void = () => {};
    callApi.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    renderPage();
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Loading...')).toBeTruthy();
    await act(async () => resolve(answer(LIST)));

    expect(callApi).toHaveBeenCalledWith('GetNotifications');
    expect(screen.queryByRole('status')).toBeNull();
    const text = rows();
    expect(text).toHaveLength(7);
    // What happened, which way the money went, when (Intl's own date form), the signed amount.
    expect(text[0]).toMatch(
      /^Test payment \(no money charged\)\+\$12\.50Added to your balance\. March 7\b.*09:05 AM$/,
    );
    expect(text[0]).not.toContain(String(THIS_YEAR));
    expect(text[1]).toContain('Telegram Stars refund');
    expect(text[1]).toContain('Taken from your balance');
    expect(text[1]).toContain('-$2.50Taken');
    // Another year's date says which year.
    expect(text[2]).toMatch(
      /^TON deposit\+\$1,250\.50Added to your balance\. November 28, 2025\b.*06:30 PM$/,
    );
    expect(text[3]).toContain('Crypto deposit');
    expect(text[4]).toMatch(/^Debit by Seer-\$1\.00Taken/);
    expect(text[5]).toMatch(/^Credit from Seer\+\$5\.00Added/);
    expect(text[6]).toMatch(/^Telegram Stars payment\+\$10\.00Added/);
  });

  it('writes words, money and dates the Russian way in Russian', async () => {
    await setLocale('ru', 'all');
    callApi.mockResolvedValueOnce(answer(LIST.slice(0, 3)));
    renderPage();
    await screen.findByText('Пополнение через TON');
    const text = rows();
    expect(text[0]).toMatch(
      /^Тестовый платёж \(деньги не списаны\)\+12,50\u00a0\$Зачислено на баланс\. 7 марта .*09:05$/,
    );
    expect(text[1]).toMatch(
      /^Возврат Telegram Stars-2,50\u00a0\$Списано с баланса\. 7 марта .*09:05$/,
    );
    expect(text[2]).toMatch(
      /^Пополнение через TON\+1\u00a0250,50\u00a0\$Зачислено на баланс\. 28 ноября 2025\sг\..*18:30$/,
    );
  });

  it('names a reason it does not know by whether money came in or went out', async () => {
    callApi.mockResolvedValueOnce(
      answer([notification(2, 'future_bonus', 300), notification(1, 'future_fee', -300)]),
    );
    renderPage();
    await screen.findByText('Balance top-up');
    expect(screen.getByText('Balance debit')).toBeTruthy();
  });

  it('says so when there is nothing yet, and leads to the balance', async () => {
    callApi.mockResolvedValueOnce(answer([]));
    renderPage();
    await screen.findByText(
      'No notifications yet. Receipts of your top-ups and refunds will appear here.',
    );
    expect(screen.getByRole('link', { name: 'Top up balance' }).getAttribute('href')).toBe(
      '/balance',
    );
  });

  it('shows its own error with a retry that loads again', async () => {
    callApi.mockRejectedValueOnce(new ApiError(0, 'network', 'offline'));
    callApi.mockResolvedValueOnce(answer(LIST.slice(0, 1)));
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Could not load your notifications.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Test payment (no money charged)');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callApi).toHaveBeenCalledTimes(2);
  });

  it('reloads when a credit or refund arrives live, not for a paid message', async () => {
    callApi.mockResolvedValueOnce(answer(LIST.slice(1, 2)));
    renderPage();
    await screen.findByText('Telegram Stars refund');
    const frame = (reason: string): ServerFrameOf<'balance'> => ({
      type: 'balance',
      data: { balance: 1, balance_cents: 100, free_messages: 0, reason, amount_cents: -100 },
    });
    act(() => balanceHandlers.forEach((handler) => handler(frame('message'))));
    expect(callApi).toHaveBeenCalledTimes(1);

    callApi.mockResolvedValueOnce(answer(LIST.slice(0, 2)));
    act(() => balanceHandlers.forEach((handler) => handler(frame('test_payment'))));
    await screen.findByText('Test payment (no money charged)');
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(callApi).toHaveBeenCalledTimes(2);
  });
});
