import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { FeedNotification, ServerFrameOf } from '@seer/contract';
import { ApiError } from '../../lib/api-client';
import { setLocale } from '../../lib/i18n';
import { clearDataCache } from '../../lib/use-data';
import NotificationsPage from './notifications-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

type FrameHandler = (frame: ServerFrameOf<'notification'>) => void;
const frameHandlers = new Set<FrameHandler>();
vi.mock('../../lib/socket', () => ({
  onSocketFrame: (type: string, handler: FrameHandler) => {
    if (type === 'notification') frameHandlers.add(handler);
    return () => frameHandlers.delete(handler);
  },
  onConnectionState: () => () => {},
}));

const THIS_YEAR = new Date().getFullYear();

function money(
  id: number,
  reason: string,
  amountCents: number,
  createdAt = `${THIS_YEAR}-03-07T09:05:00`,
  extra: Partial<FeedNotification> = {},
): FeedNotification {
  return {
    id,
    reason,
    amount: amountCents / 100,
    amount_cents: amountCents,
    created_at: new Date(createdAt).toISOString(),
    kind: 'money',
    unread: false,
    free_messages: 0,
    count: 1,
    manager_id: null,
    advisor_name: null,
    link: '/balance',
    ...extra,
  };
}

function reply(id: number, count: number, unread = true): FeedNotification {
  return {
    ...money(id, 'reply', 0, `${THIS_YEAR}-03-08T10:00:00`),
    kind: 'reply',
    unread,
    count,
    manager_id: 3,
    advisor_name: 'Luna',
    link: '/chat/3',
  };
}

/** Newest first, as the server answers. */
const LIST = [
  money(7, 'test_payment', 1250),
  money(6, 'stars_refund', -250),
  money(5, 'ton_deposit', 125050, '2025-11-28T18:30:00'),
  money(4, 'crypto_deposit', 2000),
  money(3, 'admin_debit', -100),
  money(2, 'admin_credit', 500),
  money(1, 'stars', 1000),
];

function answer(notifications: FeedNotification[]) {
  return {
    status: 'success',
    notifications,
    unread: notifications.filter((item) => item.unread).length,
  };
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
    frameHandlers.clear();
  });
  afterEach(() => setLocale('en', 'all'));

  it('shows a skeleton while loading, then one line per notification, newest first', async () => {
    let resolve: (value: unknown) => void = () => {};
    callApi.mockReturnValueOnce(new Promise((done) => (resolve = done)));
    renderPage();
    // Rows shaped like the list's, hidden from a screen reader, which hears "Loading..." once.
    const skeleton = screen.getByTestId('notifications-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(skeleton.querySelectorAll('.notification .skeleton-circle')).toHaveLength(4);
    expect(screen.queryByRole('list')).toBeNull();
    await act(async () => resolve(answer(LIST)));

    expect(callApi).toHaveBeenCalledWith('GetNotifications', { query: { v: '2' } });
    expect(screen.queryByTestId('notifications-skeleton')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    const text = rows();
    expect(text).toHaveLength(7);
    // What happened, which way the money went, when (Intl's own date form), the signed amount.
    expect(text[0]).toMatch(
      /^Test payment \(no money charged\)\+\$12\.50Added to your balance\. March 7\b.*09:05$/,
    );
    expect(text[0]).not.toContain(String(THIS_YEAR));
    expect(text[1]).toContain('Telegram Stars refund');
    expect(text[1]).toContain('-$2.50Taken');
    // Another year's date says which year.
    expect(text[2]).toMatch(
      /^TON deposit\+\$1,250\.50Added to your balance\. November 28, 2025\b.*18:30$/,
    );
    expect(text[4]).toMatch(/^Debit by Seer-\$1\.00Taken/);
    expect(text[5]).toMatch(/^Credit from Seer\+\$5\.00Added/);
    // Each line leads where it is about; nothing was unread, so nothing is marked read.
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links[0]!.getAttribute('href')).toBe('/balance');
    expect(callApi).toHaveBeenCalledTimes(1);
  });

  it('writes words, money and dates the Russian way in Russian', async () => {
    await setLocale('ru', 'all');
    callApi.mockResolvedValueOnce(answer([...LIST.slice(0, 3), reply(9, 3, false)]));
    renderPage();
    await screen.findByText('Пополнение через TON');
    const text = rows();
    expect(text[0]).toMatch(
      /^Тестовый платёж \(деньги не списаны\)\+12,50\u00a0\$Зачислено на баланс\. 7 марта .*09:05$/,
    );
    expect(text[1]).toMatch(
      /^Возврат Telegram Stars-2,50\u00a0\$Списано с баланса\. 7 марта .*09:05$/,
    );
    expect(text[3]).toMatch(/^Luna: 3 новых ответаОткрыть чат · 8 марта/);
  });

  it("shows an advisor's replies and a favourite online, each leading to its screen", async () => {
    const online: FeedNotification = {
      ...reply(11, 1, false),
      kind: 'favourite_online',
      reason: 'favourite_online',
      link: '/operator/3',
    };
    callApi.mockResolvedValueOnce(answer([reply(12, 2, false), online]));
    renderPage();
    await screen.findByText('Luna sent you 2 replies');
    expect(screen.getByText('Luna is online now')).toBeTruthy();
    const links = within(screen.getByRole('list')).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/chat/3', '/operator/3']);
  });

  it('marks everything shown read on opening, keeping the "new" mark for this visit; a live one arrives at the top', async () => {
    const unreadReply = reply(20, 1);
    callApi.mockResolvedValueOnce(answer([unreadReply, money(19, 'stars', 500)]));
    callApi.mockResolvedValue({ status: 'success', unread: 0 });
    renderPage();
    await screen.findByText('Luna replied to you');
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('MarkNotificationsRead', {
        body: { up_to: unreadReply.created_at },
      }),
    );
    expect(rows()[0]).toContain('New.');
    expect(rows()[1]).not.toContain('New.');

    const bumped = { ...reply(20, 2), created_at: new Date().toISOString() };
    act(() =>
      frameHandlers.forEach((handler) =>
        handler({ type: 'notification', data: { unread: 1, notification: bumped, removed: [] } }),
      ),
    );
    await screen.findByText('Luna sent you 2 replies');
    expect(rows()).toHaveLength(2);
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('MarkNotificationsRead', {
        body: { up_to: bumped.created_at },
      }),
    );
  });

  it('names a reason it does not know by whether money came in or went out, and counts free messages', async () => {
    callApi.mockResolvedValueOnce(
      answer([
        money(3, 'future_bonus', 300),
        money(2, 'future_fee', -300),
        money(1, 'satisfaction_credit', 0, undefined, { free_messages: 2 }),
      ]),
    );
    renderPage();
    await screen.findAllByText('Balance top-up');
    expect(screen.getByText('Balance debit')).toBeTruthy();
    expect(screen.getByText('+2 free messages')).toBeTruthy();
  });

  it('says so when there is nothing yet, and leads to the advisors', async () => {
    callApi.mockResolvedValueOnce(answer([]));
    renderPage();
    await screen.findByText(
      "No notifications yet. Advisors' replies, favourites coming online, top-ups and refunds will appear here.",
    );
    expect(screen.getByRole('link', { name: 'Find an advisor' }).getAttribute('href')).toBe(
      '/operators',
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
});
