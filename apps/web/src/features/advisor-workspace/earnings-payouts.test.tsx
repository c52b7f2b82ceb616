import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PayoutStatement } from '@seer/contract';
import { ApiError } from '../../lib/api-client';
import { clearDataCache } from '../../lib/use-data';
import { PayoutsPanel } from './earnings-payouts';
import { checkPayoutRequest } from './earnings-payout-check';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

const WALLET = 'UQBvW8Z5huBkMJYdnfAEM5JqTNkuWX3diqYENkWsIL0XggGG';

const statement: PayoutStatement = {
  owed_cents: 5000,
  held_cents: 1500,
  held_until: '2026-12-03T10:00:00.000Z',
  payable_cents: 3500,
  minimum_cents: 2000,
  hold_days: 7,
  time_zone: 'UTC',
  days: [{ period: '2026-11-26', earned_cents: 1500, reversed_cents: -300, messages: 5 }],
  months: [{ period: '2026-11', earned_cents: 5300, reversed_cents: -300, messages: 20 }],
  open: null,
  history: [
    {
      id: 3,
      amount_cents: 2500,
      address: WALLET,
      status: 'paid',
      method: 'ton',
      amount_nanotons: '10000000000',
      tx_hash: 'abc',
      explorer_url: 'https://tonviewer.com/transaction/69b7',
      created_at: '2026-11-01T10:00:00.000Z',
      sent_at: '2026-11-02T10:00:00.000Z',
      paid_at: '2026-11-02T10:01:00.000Z',
      closed_at: '2026-11-02T10:01:00.000Z',
    },
  ],
  enabled: true,
  network: 'mainnet',
};

function answers(over: Partial<PayoutStatement> = {}, request?: () => Promise<unknown>) {
  callApi.mockImplementation((call: string) => {
    if (call === 'ManagerGetPayouts')
      return Promise.resolve({ status: 'success', statement: { ...statement, ...over } });
    if (call === 'ManagerRequestPayout' && request) return request();
    return Promise.resolve({ status: 'success', payout: statement.history[0] });
  });
}

beforeEach(() => {
  callApi.mockReset();
  clearDataCache();
});

describe('checkPayoutRequest', () => {
  const limits = { minimumCents: 2000, payableCents: 3500 };
  it('accepts an address shaped like TON and dollars within the limits', () => {
    expect(checkPayoutRequest({ address: ` ${WALLET} `, amount: '25' }, limits, 'en')).toEqual({
      ok: true,
      cents: 2500,
    });
    expect(
      checkPayoutRequest({ address: `0:${'ab'.repeat(32)}`, amount: '35,00' }, limits, 'ru'),
    ).toEqual({ ok: true, cents: 3500 });
  });
  it('names each problem', () => {
    expect(checkPayoutRequest({ address: '', amount: 'x' }, limits, 'en')).toEqual({
      ok: false,
      problems: [
        { field: 'address', kind: 'missing' },
        { field: 'amount', kind: 'invalid' },
      ],
    });
    expect(checkPayoutRequest({ address: 'EQ123', amount: '19.99' }, limits, 'en')).toEqual({
      ok: false,
      problems: [
        { field: 'address', kind: 'shape' },
        { field: 'amount', kind: 'belowMinimum' },
      ],
    });
    expect(checkPayoutRequest({ address: WALLET, amount: '35.01' }, limits, 'en')).toMatchObject({
      problems: [{ field: 'amount', kind: 'abovePayable' }],
    });
    expect(checkPayoutRequest({ address: WALLET, amount: '1.250' }, limits, 'ru')).toMatchObject({
      problems: [{ field: 'amount', kind: 'ambiguous' }],
    });
  });
});

describe('payouts in the earnings tab', () => {
  it('shows what is owed, held and payable, the statement and past payouts with their transaction', async () => {
    answers();
    render(<PayoutsPanel />);
    expect(await screen.findByText('Balance')).toBeTruthy();
    expect(screen.getByText('$50.00')).toBeTruthy();
    expect(screen.getByText('$15.00')).toBeTruthy();
    expect(screen.getByText('$35.00')).toBeTruthy();
    expect(screen.getByText(/all held now is free on/)).toBeTruthy();
    expect(screen.getByText('$12.00')).toBeTruthy(); // 15.00 earned less 3.00 refunded
    fireEvent.click(screen.getByRole('button', { name: 'By month' }));
    expect(screen.getByText('$50.00', { selector: '.workspace-amount' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Transaction' });
    expect(link.getAttribute('href')).toBe('https://tonviewer.com/transaction/69b7');
  });

  it('refuses a bad request on the spot and sends a good one as dollars', async () => {
    let sent = false;
    answers({}, () => {
      sent = true;
      return Promise.resolve({
        status: 'success',
        payout: { ...statement.history[0], id: 4, status: 'requested' },
        estimate_nanotons: '10000000000',
      });
    });
    render(<PayoutsPanel />);
    const address = await screen.findByLabelText('Your TON wallet address');
    fireEvent.change(address, { target: { value: 'my wallet' } });
    fireEvent.change(screen.getByLabelText('Amount in dollars'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(screen.getByText(/This is not a TON address/)).toBeTruthy();
    expect(screen.getByText('At most $35.00 can be paid now.')).toBeTruthy();
    expect(sent).toBe(false);

    fireEvent.change(address, { target: { value: WALLET } });
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('ManagerRequestPayout', {
        body: { address: WALLET, amount: '35.00' },
      }),
    );
  });

  it("shows the server's refusal", async () => {
    answers({}, () =>
      Promise.reject(
        new ApiError(
          400,
          'bad_request',
          'address is a testnet address; payouts are sent on the TON mainnet',
        ),
      ),
    );
    render(<PayoutsPanel />);
    fireEvent.change(await screen.findByLabelText('Your TON wallet address'), {
      target: { value: WALLET },
    });
    fireEvent.change(screen.getByLabelText('Amount in dollars'), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/testnet address/);
  });

  it('shows an open request with a cancel instead of the form', async () => {
    answers({
      open: {
        ...statement.history[0]!,
        id: 7,
        status: 'requested',
        tx_hash: null,
        explorer_url: null,
        amount_nanotons: null,
      },
    });
    render(<PayoutsPanel />);
    expect(await screen.findByText('Your payout request')).toBeTruthy();
    expect(screen.queryByLabelText('Your TON wallet address')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    await waitFor(() =>
      expect(callApi).toHaveBeenCalledWith('ManagerCancelPayout', { body: { payout_id: 7 } }),
    );
  });

  it('explains when less than the minimum can be paid, and when payouts are off', async () => {
    answers({ payable_cents: 1000 });
    const { unmount } = render(<PayoutsPanel />);
    expect(
      await screen.findByText('You can ask for a payout once at least $20.00 can be paid.'),
    ).toBeTruthy();
    expect(
      (screen.getByRole('button', { name: 'Request payout' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    unmount();
    clearDataCache();
    answers({ enabled: false });
    render(<PayoutsPanel />);
    expect(await screen.findByText(/not available yet/)).toBeTruthy();
  });
});
