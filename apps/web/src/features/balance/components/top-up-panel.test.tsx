import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ServerFrameOf } from '@seer/contract';
import { ApiError } from '../../../lib/api-client';
import { clearDataCache } from '../../../lib/use-data';
import { ModalHost, closeModal } from '../../../shared/ui/modal';
import { Toasts } from '../../../shared/ui/toast';
import type { WalletHandle } from './wallet-connect';

const api = vi.hoisted(() => ({ callApi: vi.fn(), invoiceBodies: [] as unknown[] }));
const telegram = vi.hoisted(() => ({ openInvoice: vi.fn() }));
const socket = vi.hoisted(() => ({
  handlers: new Set<(frame: ServerFrameOf<'balance'>) => void>(),
}));
const walletState = vi.hoisted(() => ({ handle: null as WalletHandle | null }));

vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<object>()),
  callApi: api.callApi,
}));
vi.mock('../../../lib/telegram', async (original) => ({
  ...(await original<object>()),
  openInvoice: telegram.openInvoice,
}));
vi.mock('../../../lib/socket', async (original) => ({
  ...(await original<object>()),
  onSocketFrame: (_type: string, handler: (frame: ServerFrameOf<'balance'>) => void) => {
    socket.handlers.add(handler);
    return () => socket.handlers.delete(handler);
  },
}));
// The real module needs a browser wallet bridge; here a connected (or not) wallet is handed over.
vi.mock('./wallet-connect', async () => {
  const { useEffect } = await import('react');
  return {
    default: function FakeWalletConnect({
      onChange,
    }: {
      onChange: (wallet: WalletHandle | null) => void;
    }) {
      useEffect(() => onChange(walletState.handle), [onChange]);
      return null;
    },
    isUserRejection: (error: unknown) =>
      error instanceof Error && error.name === 'UserRejectsError',
  };
});

const { TopUpPanel } = await import('./top-up-panel');

const ADDRESS = `0:${'ab'.repeat(32)}`;
const FRIENDLY = 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh';

function depositInfo(overrides: Record<string, unknown> = {}) {
  return {
    status: 'success',
    wallet_address: ADDRESS,
    memo: '424242',
    ton_usd_rate: 3,
    ton_enabled: true,
    stars_enabled: true,
    ...overrides,
  };
}

function answer(
  info: unknown,
  invoice: unknown = { status: 'success', invoice_link: 'https://t.me/$abc' },
) {
  api.callApi.mockImplementation(async (name: string, input?: { body?: unknown }) => {
    if (name === 'GetDepositInfo') {
      if (info instanceof Error) throw info;
      return info;
    }
    if (name === 'GetUser') return { status: 'success', balance_cents: 0, data: {} };
    if (name === 'CreateStarsInvoice') {
      api.invoiceBodies.push(input?.body);
      if (invoice instanceof Error) throw invoice;
      return invoice;
    }
    throw new Error(`unexpected call ${name}`);
  });
}

function renderPanel() {
  return render(
    <>
      <TopUpPanel />
      <ModalHost />
      <Toasts />
    </>,
  );
}

function emitBalance(reason: string, amountCents: number) {
  act(() => {
    for (const handler of socket.handlers) {
      handler({
        type: 'balance',
        data: {
          balance: 3,
          balance_cents: 300,
          free_messages: 0,
          reason,
          amount_cents: amountCents,
        },
      });
    }
  });
}

beforeEach(() => {
  clearDataCache();
  walletState.handle = null;
  socket.handlers.clear();
  telegram.openInvoice.mockReset();
  api.callApi.mockReset();
});
afterEach(() => {
  act(() => closeModal());
});

describe('the top-up panel', () => {
  it('starts at 1,250.00 with the minimum hint and refuses bad amounts with a message', async () => {
    answer(depositInfo());
    renderPanel();
    const field = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(field.value).toBe('1,250.00');
    expect(screen.getByText('Min: $0.01')).toBeTruthy();

    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(screen.getByRole('alert').textContent).toBe('The minimum top-up is $0.01');
    fireEvent.change(field, { target: { value: '12.3456' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Google Pay' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter an amount in dollars, for example 12.50',
    );
    expect(api.callApi).not.toHaveBeenCalledWith('CreateStarsInvoice', expect.anything());
  });

  it('pays by card through a Stars invoice and shows the success modal when Telegram says paid', async () => {
    answer(depositInfo());
    telegram.openInvoice.mockResolvedValue('paid');
    renderPanel();
    await waitFor(() => expect(api.callApi).toHaveBeenCalledWith('GetDepositInfo'));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apple Pay' }));
    await screen.findByText('Your balance has been successfully topped up!');
    expect(api.invoiceBodies.at(-1)).toEqual({ amount: '25.00' });
    expect(telegram.openInvoice).toHaveBeenCalledWith('https://t.me/$abc');
    // the credit's socket event right after does not open it a second time
    act(() => closeModal());
    emitBalance('stars', 2500);
    expect(screen.queryByText('Your balance has been successfully topped up!')).toBeNull();
  });

  it('shows the error modal for card buttons when Stars are off, and its action leads to the TON instructions', async () => {
    answer(depositInfo({ stars_enabled: false }));
    renderPanel();
    await waitFor(() => expect(api.callApi).toHaveBeenCalledWith('GetDepositInfo'));
    await waitFor(() =>
      expect(screen.queryByText('Card payments go through Telegram Stars.')).toBeNull(),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Mastercard' }));
    await screen.findByText('Failed to top up balance.');
    expect(api.callApi).not.toHaveBeenCalledWith('CreateStarsInvoice', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Choose another method' }));
    expect(await screen.findByTestId('ton-address')).toBeTruthy();
  });

  it('shows the server refusal of an amount under the field', async () => {
    answer(
      depositInfo(),
      new ApiError(
        400,
        'bad_request',
        'A Stars payment is limited to 10000 Stars ($200.00); enter a smaller amount',
      ),
    );
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Google Pay' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/limited to 10000 Stars/);
    expect(telegram.openInvoice).not.toHaveBeenCalled();
  });

  it('without a wallet, Top up shows the TON instructions with the amount to send and a ton:// link', async () => {
    answer(depositInfo());
    renderPanel();
    await waitFor(() => expect(api.callApi).toHaveBeenCalledWith('GetDepositInfo'));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '4.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect((await screen.findByTestId('ton-address')).textContent).toBe(FRIENDLY);
    expect(screen.getByTestId('ton-memo').textContent).toBe('424242');
    expect(screen.getByText('To send for $4.50: 1.5 TON (1 TON = $3.00)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href')).toBe(
      `ton://transfer/${FRIENDLY}?amount=1500000000&text=424242`,
    );
  });

  it('with a connected wallet, Top up asks it to send the TON amount with the memo, then waits for the credit', async () => {
    const send = vi.fn<WalletHandle['send']>().mockResolvedValue();
    walletState.handle = { send };
    answer(depositInfo());
    renderPanel();
    await waitFor(() => expect(api.callApi).toHaveBeenCalledWith('GetDepositInfo'));
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '3' } });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Top up' })).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    await screen.findByText('1 TON sent. Your balance updates as soon as the network confirms it.');
    expect(send).toHaveBeenCalledWith({
      address: FRIENDLY,
      nanotons: 1_000_000_000n,
      payload: 'te6cckEBAQEADAAAFAAAAAA0MjQyNDIeBgAh',
    });
    expect(screen.queryByTestId('ton-address')).toBeNull();

    emitBalance('ton_deposit', 300);
    await screen.findByText('Your balance has been successfully topped up!');
    expect(screen.queryByText(/TON sent/)).toBeNull();
  });

  it('stays quiet when the user declines in the wallet', async () => {
    const declined = Object.assign(new Error('User rejects the action in the wallet.'), {
      name: 'UserRejectsError',
    });
    const send = vi.fn<WalletHandle['send']>().mockRejectedValue(declined);
    walletState.handle = { send };
    answer(depositInfo());
    renderPanel();
    await waitFor(() => expect(api.callApi).toHaveBeenCalledWith('GetDepositInfo'));
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(send).toHaveBeenCalled());
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Top up' }).hasAttribute('disabled')).toBe(false),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/TON sent/)).toBeNull();
  });

  it('says "No Telegram ID found" when the deposit details cannot be loaded', async () => {
    answer(new ApiError(0, 'network', 'offline'));
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('No Telegram ID found')).toBeTruthy();
  });

  it('copies the memo with the legacy fallback and says so', async () => {
    answer(depositInfo());
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    const execCommand = vi.fn().mockReturnValue(true);
    document.execCommand = execCommand;
    renderPanel();
    fireEvent.click(screen.getByRole('button', { name: /Deposit Crypto/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy memo' }));
    await screen.findByText('Copied to clipboard!');
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('opens the success modal when a deposit is credited while the screen is open', async () => {
    answer(depositInfo());
    renderPanel();
    emitBalance('message', -250);
    expect(screen.queryByRole('dialog')).toBeNull();
    emitBalance('ton_deposit', 300);
    await screen.findByText('Your balance has been successfully topped up!');
  });
});
