import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { clearDataCache } from '../../lib/use-data';
import { setLocale } from '../../lib/i18n';
import { CryptoPaymentsSection } from './crypto-payments-section';

const base = {
  order_id: 'order-1',
  telegram_user_id: 42,
  invoice_cents: 1250,
  credited_cents: 0,
  credited_at: null,
  price_amount: '12.5',
  price_currency: 'usd',
  pay_amount: '0.0042',
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:05:00.000Z',
};
const finished = {
  ...base,
  payment_id: '5001',
  status: 'finished',
  credited_cents: 1250,
  credited_at: '2026-11-20T10:05:00.000Z',
  actually_paid: '0.0042',
  pay_currency: 'eth',
};
const partial = {
  ...base,
  payment_id: '5002',
  status: 'partially_paid',
  actually_paid: '0.001',
  pay_currency: 'btc',
};
const unmatched = {
  ...base,
  payment_id: '5003',
  status: 'waiting',
  order_id: 'someone-else',
  telegram_user_id: null,
  invoice_cents: null,
  actually_paid: null,
  pay_currency: null,
};

const requests: string[] = [];
function serve() {
  vi.stubGlobal('fetch', async (url: string) => {
    requests.push(url);
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 1, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    const payments = url.includes('status=partially_paid')
      ? [partial]
      : [finished, partial, unmatched];
    return new Response(JSON.stringify({ status: 'success', payments }), { status: 200 });
  });
}

describe('admin: crypto payments', () => {
  beforeEach(() => {
    clearDataCache();
    requests.length = 0;
    localStorage.setItem('seer.initData', 'test');
    serve();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each payment with its status, what was paid and what was credited', async () => {
    render(<CryptoPaymentsSection />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [done, half, stranger] = items as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(done).getByText('Invoice $12.50')).toBeTruthy();
    expect(within(done).getByText('Finished')).toBeTruthy();
    expect(within(done).getByText('Paid: 0.0042 ETH')).toBeTruthy();
    expect(within(done).getByText('Credited $12.50')).toBeTruthy();
    expect(within(half).getByText('Partially paid')).toBeTruthy();
    expect(within(half).getByText('Paid: 0.001 BTC')).toBeTruthy();
    expect(within(half).getByText('Nothing credited')).toBeTruthy();
    expect(within(stranger).getByText('No invoice of ours (unmatched)')).toBeTruthy();
    expect(within(stranger).getByText('Paid: nothing yet')).toBeTruthy();
  });

  it('asks the server for partially paid ones only when told to', async () => {
    render(<CryptoPaymentsSection />);
    await screen.findAllByRole('listitem');
    fireEvent.click(screen.getByLabelText('Only partially paid'));
    await screen.findByText('Paid: 0.001 BTC');
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    expect(
      requests.some((url) => url.includes('AdminCryptoPayments.php?status=partially_paid')),
    ).toBe(true);
  });

  it('writes amounts the Russian way in Russian', async () => {
    await setLocale('ru', 'all');
    try {
      render(<CryptoPaymentsSection />);
      const items = await screen.findAllByRole('listitem');
      expect(within(items[0]!).getByText('Счёт на 12,50 $')).toBeTruthy();
      expect(within(items[0]!).getByText('Оплачено: 0,0042 ETH')).toBeTruthy();
      expect(within(items[1]!).getByText('Оплачен частично')).toBeTruthy();
    } finally {
      await setLocale('en', 'all');
    }
  });
});
