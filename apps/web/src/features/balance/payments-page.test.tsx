import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type {
  GetPaymentHistoryAnswer,
  PaymentHistoryEntry,
  PendingPayment,
  ServerFrameOf,
} from '@seer/contract';
import { ApiError } from '../../lib/api-client';
import { setLocale } from '../../lib/i18n';
import { clearDataCache } from '../../lib/use-data';
import PaymentsPage from './payments-page';

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
  onConnectionState: () => () => {},
}));

const openExternalLink = vi.fn();
vi.mock('../../lib/telegram', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/telegram')>()),
  openExternalLink: (url: string) => openExternalLink(url),
}));

const TX_HEX = 'ab'.repeat(32);
const now = new Date();
/** Today (local time) at hh:mm. */
const today = (hours: number, minutes: number) =>
  new Date(now.getFullYear(), now.getMonth(), now.getDate(), hours, minutes).toISOString();

function entry(
  id: number,
  kind: PaymentHistoryEntry['kind'],
  amountCents: number,
  createdAt: string,
  receipt: Partial<PaymentHistoryEntry['receipt']> = {},
  freeMessages = 0,
): PaymentHistoryEntry {
  return {
    id,
    kind,
    amount_cents: amountCents,
    free_messages: freeMessages,
    created_at: createdAt,
    receipt: { status: 'completed', paid: null, reference: null, ...receipt },
  };
}

const TON_TOP_UP = entry(12, 'ton_deposit', 600, today(9, 5), {
  paid: { method: 'ton', amount_nanotons: '2000000000' },
  reference: {
    kind: 'ton_transaction',
    value: TX_HEX,
    url: `https://tonviewer.com/transaction/${TX_HEX}`,
  },
});
const STARS_REFUNDED = entry(11, 'stars', 200, today(8, 30), {
  status: 'refunded',
  paid: { method: 'stars', stars: 100 },
  reference: { kind: 'telegram_charge', value: 'charge-1', url: null },
});
const STARS_REFUND = entry(13, 'stars_refund', -200, today(10, 0), {
  paid: { method: 'stars', stars: 100 },
  reference: { kind: 'telegram_charge', value: 'charge-1', url: null },
});
const DISPUTE_REFUND = entry(
  7,
  'dispute_refund',
  250,
  new Date(2025, 10, 28, 18, 30).toISOString(),
);
const INVITATION = entry(
  5,
  'referral_bonus',
  0,
  new Date(2025, 10, 27, 18, 30).toISOString(),
  {},
  3,
);

function page(
  entries: PaymentHistoryEntry[],
  extra: Partial<GetPaymentHistoryAnswer> = {},
): GetPaymentHistoryAnswer {
  return { status: 'success', entries, next_before: null, pending: [], spent_cents: 0, ...extra };
}

const USER = { status: 'success', balance_cents: 1250, free_messages: 0, data: {} };

/** Answers GetUser with the balance and GetPaymentHistory from `history` (by `before`). */
function serve(history: (before: number | undefined) => unknown) {
  callApi.mockImplementation(async (name: string, input?: { query?: { before?: number } }) => {
    if (name === 'GetUser') return { ...USER, data: USER };
    if (name === 'GetPaymentHistory') {
      const answer = history(input?.query?.before);
      if (answer instanceof Error) throw answer;
      return answer;
    }
    throw new Error(`unexpected call ${name}`);
  });
}

function renderPage() {
  const { hook } = memoryLocation({ path: '/payments' });
  return render(
    <Router hook={hook}>
      <PaymentsPage />
    </Router>,
  );
}

function rows(): HTMLElement[] {
  return screen.getAllByTestId('payment-row');
}

const historyCalls = () => callApi.mock.calls.filter(([name]) => name === 'GetPaymentHistory');

describe('payments page', () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
    openExternalLink.mockReset();
    balanceHandlers.clear();
  });
  afterEach(() => setLocale('en', 'all'));

  it('shows a skeleton, then the balance, what was spent, and the history by day with signed amounts and 24-hour times', async () => {
    let resolve: (value: unknown) => void = () => {};
    const first = new Promise((done) => (resolve = done));
    serve(() => first);
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payments');
    const skeleton = screen.getByTestId('payments-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.querySelectorAll('.skeleton-circle')).toHaveLength(4);
    await act(async () =>
      resolve(
        page([STARS_REFUND, TON_TOP_UP, STARS_REFUNDED, DISPUTE_REFUND, INVITATION], {
          spent_cents: 420,
        }),
      ),
    );
    expect(screen.queryByTestId('payments-skeleton')).toBeNull();
    expect(historyCalls()).toEqual([['GetPaymentHistory', { query: {} }]]);
    expect((await screen.findByTestId('balance-value')).textContent).toBe('$12.50');
    expect(screen.getByTestId('spent').textContent).toBe('Spent on messages: $4.20');

    const days = [...document.querySelectorAll('h3')].map((heading) => heading.textContent);
    expect(days).toEqual(['Today', 'November 28, 2025', 'November 27, 2025']);
    const text = rows().map((row) => row.textContent);
    expect(text).toEqual([
      'Stars returned to your Telegram account-$2.0010:00',
      'TON top-up+$6.0009:05',
      'Stars top-up+$2.0008:30 · Refunded to Telegram',
      'Refund for a disputed conversation+$2.5018:30',
      'Reward for an invitation+3 free messages18:30',
    ]);
    // Outside Telegram "Top up" is a button in the page, leading to the top-up screen.
    expect(screen.getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe('/balance');
    expect(screen.queryByRole('button', { name: 'Show older payments' })).toBeNull();
  });

  it('opens a receipt on a tap: what was paid, the transaction on the explorer and a copy of its id', async () => {
    serve(() => page([TON_TOP_UP, STARS_REFUNDED]));
    renderPage();
    const [ton, stars] = await waitFor(() => {
      expect(rows()).toHaveLength(2);
      return rows();
    });
    const toggle = within(ton!).getByRole('button', { expanded: false });
    expect(within(ton!).queryByTestId('payment-receipt')).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const receipt = within(ton!).getByTestId('payment-receipt');
    expect(receipt.textContent).toContain('Paid2 TON');
    expect(receipt.textContent).toContain('On your balance+$6.00');
    expect(receipt.textContent).toMatch(/Date[A-Z][a-z]+ \d+, \d{4}.*09:05/);
    expect(receipt.textContent).toContain('StatusCompleted');
    expect(receipt.textContent).toContain(`TON transaction${TX_HEX}`);
    const explorer = within(receipt).getByRole('link', { name: 'Open in the TON explorer' });
    expect(explorer.getAttribute('href')).toBe(`https://tonviewer.com/transaction/${TX_HEX}`);
    fireEvent.click(explorer);
    expect(openExternalLink).toHaveBeenCalledWith(`https://tonviewer.com/transaction/${TX_HEX}`);
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.assign(navigator, { clipboard: { writeText } });
    fireEvent.click(within(receipt).getByRole('button', { name: 'Copy TON transaction' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(TX_HEX));

    // A Stars payment given back: its Stars, the charge id to quote, no explorer.
    fireEvent.click(within(stars!).getByRole('button', { expanded: false }));
    const starsReceipt = within(stars!).getByTestId('payment-receipt');
    expect(starsReceipt.textContent).toContain('Paid100 Stars');
    expect(starsReceipt.textContent).toContain('StatusRefunded to Telegram');
    expect(starsReceipt.textContent).toContain('Telegram payment IDcharge-1');
    expect(within(starsReceipt).queryByRole('link')).toBeNull();

    // A second tap closes it.
    fireEvent.click(toggle);
    expect(within(ton!).queryByTestId('payment-receipt')).toBeNull();
  });

  it('lists payments on their way above the history, a partial one with the way to support', async () => {
    const pending: PendingPayment[] = [
      {
        id: 'ton:4',
        kind: 'ton_deposit',
        amount_cents: null,
        created_at: today(11, 0),
        receipt: {
          status: 'pending',
          paid: { method: 'ton', amount_nanotons: '3000000000' },
          reference: { kind: 'ton_transaction', value: TX_HEX, url: null },
        },
      },
      {
        id: 'crypto:77',
        kind: 'crypto_deposit',
        amount_cents: 900,
        created_at: today(10, 45),
        receipt: {
          status: 'partially_paid',
          paid: { method: 'crypto', currency: 'usdttrc20', amount: '4.5' },
          reference: { kind: 'nowpayments_payment', value: '77', url: null },
        },
      },
    ];
    serve(() => page([], { pending }));
    renderPage();
    await screen.findByText('On the way');
    expect(rows().map((row) => row.textContent)).toEqual([
      'TON top-upAt the TON price on arrival11:00 · Being confirmed',
      'Crypto top-up+$9.0010:45 · Paid in part',
    ]);
    // Not empty: something is on its way.
    expect(screen.queryByTestId('payments-empty')).toBeNull();
    fireEvent.click(within(rows()[1]!).getByRole('button', { expanded: false }));
    const receipt = within(rows()[1]!).getByTestId('payment-receipt');
    expect(receipt.textContent).toContain('Paid4.5 USDTTRC20');
    expect(receipt.textContent).toContain('NOWPayments payment ID77');
    expect(receipt.textContent).toContain('Less arrived than the invoice asked');
    expect(within(receipt).getByRole('link', { name: 'Write to support' })).toBeTruthy();
  });

  it('shows a designed empty state with the way to top up', async () => {
    serve(() => page([]));
    renderPage();
    const empty = await screen.findByTestId('payments-empty');
    expect(within(empty).getByRole('heading').textContent).toBe('No payments yet');
    expect(within(empty).getByRole('link', { name: 'Top up' }).getAttribute('href')).toBe(
      '/balance',
    );
    // One "Top up" on the screen, not a second one in the balance card.
    expect(screen.getAllByRole('link', { name: 'Top up' })).toHaveLength(1);
    expect(screen.queryByTestId('spent')).toBeNull();
  });

  it('says when the history could not load, and loads it on retry', async () => {
    let fail = true;
    serve(() => (fail ? new ApiError(0, 'network', 'offline') : page([TON_TOP_UP])));
    renderPage();
    await screen.findByText('Could not load your payments.');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(screen.queryByText('Could not load your payments.')).toBeNull();
  });

  it('loads older payments a page at a time from the last one shown, and says when a page fails', async () => {
    const older = [entry(4, 'admin_credit', 500, today(7, 0)), entry(3, 'stars', 300, today(6, 0))];
    let failOlder = true;
    serve((before) => {
      if (before === undefined) return page([TON_TOP_UP], { next_before: 12 });
      expect(before).toBe(12);
      if (failOlder) return new ApiError(0, 'network', 'offline');
      return page(older, { next_before: null, spent_cents: null });
    });
    renderPage();
    const more = await screen.findByRole('button', { name: 'Show older payments' });
    fireEvent.click(more);
    await screen.findByText('Could not load older payments. Try again.');
    expect(rows()).toHaveLength(1);
    failOlder = false;
    fireEvent.click(screen.getByRole('button', { name: 'Show older payments' }));
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(historyCalls().at(-1)).toEqual(['GetPaymentHistory', { query: { before: 12 } }]);
    expect(rows().map((row) => row.textContent?.slice(0, 15))).toEqual([
      'TON top-up+$6.0',
      'Credit from See',
      'Stars top-up+$3',
    ]);
    expect(screen.queryByRole('button', { name: 'Show older payments' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a top-up credited while the screen is open at the top of the list', async () => {
    let entries = [TON_TOP_UP];
    serve(() => page(entries));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    await screen.findByTestId('balance-value');
    entries = [entry(20, 'crypto_deposit', 725, today(12, 0)), TON_TOP_UP];
    act(() =>
      balanceHandlers.forEach((handler) =>
        handler({ type: 'balance', data: { balance_cents: 1975, free_messages: 0 } } as never),
      ),
    );
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[0]!.textContent).toContain('Crypto top-up+$7.25');
    expect(screen.getByTestId('balance-value').textContent).toBe('$19.75');
  });

  it('speaks Russian: the title, the words, money and the 24-hour time', async () => {
    await setLocale('ru', 'all');
    serve(() => page([TON_TOP_UP, STARS_REFUNDED], { spent_cents: 150 }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Платежи');
    expect(screen.getByTestId('spent').textContent).toBe('Потрачено на сообщения: 1,50\u00a0$');
    expect(rows().map((row) => row.textContent)).toEqual([
      'Пополнение через TON+6,00\u00a0$09:05',
      'Пополнение звёздами+2,00\u00a0$08:30 · Возвращён в Telegram',
    ]);
    fireEvent.click(within(rows()[0]!).getByRole('button', { expanded: false }));
    const receipt = within(rows()[0]!).getByTestId('payment-receipt');
    expect(receipt.textContent).toContain('Оплачено2 TON');
    expect(receipt.textContent).toContain('Открыть в обозревателе TON');
    fireEvent.click(within(rows()[1]!).getByRole('button', { expanded: false }));
    expect(within(rows()[1]!).getByTestId('payment-receipt').textContent).toContain(
      'Оплачено100 звёзд',
    );
  });
});

describe('payments page inside Telegram', () => {
  afterEach(() => {
    delete window.Telegram;
  });

  it("makes Top up Telegram's MainButton instead of a button in the page", async () => {
    clearDataCache();
    callApi.mockReset();
    const params: Record<string, unknown> = {};
    const button = {
      setParams: (next: Record<string, unknown>) => Object.assign(params, next),
      showProgress: () => {},
      hideProgress: () => {},
      onClick: () => {},
      offClick: () => {},
    };
    window.Telegram = {
      WebApp: {
        initData: 'query_id=1&user=%7B%22id%22%3A5%7D&hash=abc',
        version: '8.0',
        isVersionAtLeast: () => true,
        MainButton: button,
        SecondaryButton: { ...button, setParams: () => {} },
      } as never,
    };
    serve(() => page([TON_TOP_UP]));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(params).toMatchObject({ text: 'Top up', is_visible: true });
    expect(screen.queryByRole('link', { name: 'Top up' })).toBeNull();
  });
});
