import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ServerFrameOf } from '@seer/contract';
import { ApiError } from '../../../lib/api-client';
import { setLocale } from '../../../lib/i18n';
import { clearDataCache, getCachedData } from '../../../lib/use-data';
import type { CurrentUser } from '../../../lib/user';
import { ModalHost, closeModal } from '../../../shared/ui/modal';
import { Toasts } from '../../../shared/ui/toast';
import type { WalletHandle } from './wallet-connect';

const api = vi.hoisted(() => ({ callApi: vi.fn(), bodies: [] as [string, unknown][] }));
const telegram = vi.hoisted(() => ({
  inTelegram: false,
  openInvoice: vi.fn(),
  openExternalLink: vi.fn(),
}));
const socket = vi.hoisted(() => ({
  handlers: new Set<(frame: ServerFrameOf<'balance'>) => void>(),
}));
const walletState = vi.hoisted(() => ({
  handle: null as WalletHandle | null,
  returnUrl: undefined as string | null | undefined,
}));

vi.mock('../../../lib/api-client', async (original) => ({
  ...(await original<object>()),
  callApi: api.callApi,
}));
vi.mock('../../../lib/telegram', async (original) => ({
  ...(await original<object>()),
  isInTelegram: () => telegram.inTelegram,
  openInvoice: telegram.openInvoice,
  openExternalLink: telegram.openExternalLink,
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
      returnUrl,
    }: {
      onChange: (wallet: WalletHandle | null) => void;
      returnUrl: string | null;
    }) {
      walletState.returnUrl = returnUrl;
      useEffect(() => onChange(walletState.handle), [onChange]);
      return null;
    },
    isUserRejection: (error: unknown) =>
      error instanceof Error && error.name === 'UserRejectsError',
  };
});

const { TopUpPanel } = await import('./top-up-panel');
const { quoteTime } = await import('./ton-instructions');

const ADDRESS = 'UQCrq6urq6urq6urq6urq6urq6urq6urq6urq6urq6urq5jh';
const GENEROUS_FAILURE = /don't have enough funds|недостаточно средств/;

function depositInfo(overrides: Record<string, unknown> = {}) {
  return {
    status: 'success',
    wallet_address: ADDRESS,
    memo: '424242',
    ton_usd_rate: 3,
    ton_enabled: true,
    stars_enabled: true,
    stars_per_usd: 50,
    crypto_enabled: false,
    test_payments_enabled: false,
    ton_network: '-239',
    telegram_return_url: 'https://t.me/seer_bot/app',
    ...overrides,
  };
}

type Answers = Partial<Record<string, unknown>>;

const QUOTE_MEMO = 'SEER-7K3M9QX2';
/** A quote as the server gives it: the nanotons for the asked dollars at $3 per TON, rounded up. */
function tonQuote(body: unknown, overrides: Record<string, unknown> = {}) {
  const cents = Math.round(Number((body as { amount: string }).amount) * 100);
  return {
    status: 'success',
    memo: QUOTE_MEMO,
    wallet_address: ADDRESS,
    amount_nanotons: String((BigInt(cents) * 1_000_000_000n + 299n) / 300n),
    amount_cents: cents,
    ton_usd_rate: 3,
    expires_at: new Date(Date.now() + 15 * 60_000).toISOString(),
    ton_network: '-239',
    ...overrides,
  };
}

/** The server: each call answers what `answers` holds for it (an Error is thrown). */
function serve(info: unknown, answers: Answers = {}) {
  const all: Answers = {
    GetDepositInfo: info,
    GetUser: { status: 'success', balance_cents: 0, free_messages: 2, data: {} },
    CreateStarsInvoice: { status: 'success', invoice_link: 'https://t.me/$abc' },
    CreateCryptoInvoice: {
      status: 'success',
      invoice_url: 'https://nowpayments.io/payment/?iid=5077125051',
    },
    CreateTestPayment: { status: 'success', new_balance: 12.5, credited: 12.5 },
    CreateTonQuote: (body: unknown) => tonQuote(body),
    ...answers,
  };
  api.callApi.mockImplementation(async (name: string, input?: { body?: unknown }) => {
    if (!(name in all)) throw new Error(`unexpected call ${name}`);
    if (input?.body !== undefined) api.bodies.push([name, input.body]);
    const answer = all[name];
    if (answer instanceof Error) throw answer;
    return typeof answer === 'function' ? (answer as (b: unknown) => unknown)(input?.body) : answer;
  });
}

const bodiesOf = (name: string) => api.bodies.filter(([call]) => call === name).map(([, b]) => b);

function renderPanel() {
  return render(
    <>
      <TopUpPanel />
      <ModalHost />
      <Toasts />
    </>,
  );
}

async function loaded() {
  await waitFor(() => expect(api.callApi).toHaveBeenCalledWith('GetDepositInfo'));
  // The wallet section appears once the deposit details are known.
  await screen.findByRole('heading', { name: /TON wallet|Кошелёк TON/ });
  await act(async () => {});
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

const button = (name: string | RegExp) => screen.getByRole('button', { name });
const SUCCESS = 'Your balance has been successfully topped up!';

beforeEach(() => {
  clearDataCache();
  walletState.handle = null;
  walletState.returnUrl = undefined;
  socket.handlers.clear();
  telegram.inTelegram = false;
  telegram.openInvoice.mockReset();
  telegram.openExternalLink.mockReset();
  api.callApi.mockReset();
  api.bodies.length = 0;
});
afterEach(() => {
  act(() => closeModal());
});

describe('the amount', () => {
  it('starts at 1,250.00 with the minimum hint and refuses bad amounts with a message, calling nothing', async () => {
    serve(depositInfo({ test_payments_enabled: true }));
    renderPanel();
    const field = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(field.value).toBe('1,250.00');
    expect(screen.getByText('Min: $0.01')).toBeTruthy();
    await loaded();

    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.click(button('Top up'));
    expect(screen.getByRole('alert').textContent).toBe('The minimum top-up is $0.01');
    fireEvent.change(field, { target: { value: '12.3456' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(button(/Test payment/));
    expect(screen.getByRole('alert').textContent).toBe(
      'Enter an amount in dollars, for example 12.50',
    );
    fireEvent.change(field, { target: { value: '100000.01' } });
    fireEvent.click(button(/Test payment/));
    expect(screen.getByRole('alert').textContent).toBe('The maximum top-up is $100,000.00');
    expect(api.bodies).toEqual([]);
  });

  it('reads and writes money the Russian way: 12,50 is $12.50, 1,250 is refused as ambiguous', async () => {
    await setLocale('ru', 'all');
    try {
      serve(depositInfo({ test_payments_enabled: true }));
      renderPanel();
      const field = screen.getByLabelText('Сумма') as HTMLInputElement;
      expect(field.value.replace(/\s/g, ' ')).toBe('1 250,00');
      expect(screen.getByText(/^Мин\.:/).textContent!.replace(/\s/g, ' ')).toBe('Мин.: 0,01 $');
      await loaded();

      fireEvent.change(field, { target: { value: '1,250' } });
      fireEvent.click(button(/Тестовый платёж/));
      expect(screen.getByRole('alert').textContent).toBe(
        'Напишите сумму однозначно, например 1250 или 12,50',
      );
      expect(api.bodies).toEqual([]);

      fireEvent.change(field, { target: { value: '12,50' } });
      fireEvent.blur(field);
      expect(field.value).toBe('12,50');
      fireEvent.click(button(/Тестовый платёж/));
      await screen.findByText('Баланс успешно пополнен!');
      expect(bodiesOf('CreateTestPayment')).toEqual([{ amount: '12.50' }]);

      act(() => closeModal());
      fireEvent.change(field, { target: { value: '1 250,5' } });
      fireEvent.click(button(/Тестовый платёж/));
      await screen.findByText('Баланс успешно пополнен!');
      expect(bodiesOf('CreateTestPayment').at(-1)).toEqual({ amount: '1250.50' });
    } finally {
      await setLocale('en', 'all');
    }
  });
});

describe('methods per deposit info', () => {
  it('inside Telegram with Stars on, offers "Pay with Telegram Stars" first, with what a Star costs', async () => {
    telegram.inTelegram = true;
    serve(depositInfo({ test_payments_enabled: true }));
    renderPanel();
    await loaded();
    const stars = await screen.findByTestId('pay-stars');
    expect(stars.textContent).toBe(
      'Pay with Telegram Stars1 Star = $0.02 · Telegram accepts cards, Apple Pay and Google Pay for Stars.',
    );
    const methods = screen.getAllByRole('button').map((b) => b.textContent);
    expect(methods[0]).toMatch(/^Pay with Telegram Stars/);
    for (const brand of ['Google Pay', 'Apple Pay', 'Mastercard'])
      expect(button(brand).hasAttribute('disabled')).toBe(false);
    expect(screen.queryByTestId('cards-reason')).toBeNull();
    // the crypto badge only with NOWPayments configured
    expect(button(/Deposit Crypto/).textContent).toBe('Deposit Crypto');
  });

  it('says when a Star costs a fraction of a cent at the configured rate', async () => {
    telegram.inTelegram = true;
    serve(depositInfo({ stars_per_usd: 77 }));
    renderPanel();
    await loaded();
    expect((await screen.findByTestId('pay-stars')).textContent).toMatch(
      /^Pay with Telegram Stars1 Star ≈ \$0\.01 · /,
    );
  });

  it('in a plain browser (demo), offers the test payment and disables the card brands with the reason', async () => {
    serve(depositInfo({ stars_enabled: false, test_payments_enabled: true, ton_enabled: false }));
    renderPanel();
    await loaded();
    expect(screen.queryByTestId('pay-stars')).toBeNull();
    expect(screen.getByTestId('pay-test').textContent).toBe(
      'Test payment — no money is chargedDemo mode: the amount is added to your balance so you can try Seer.',
    );
    const reason = screen.getByTestId('cards-reason');
    expect(reason.textContent).toBe('Card payments work inside Telegram: open Seer from its bot.');
    for (const brand of ['Google Pay', 'Apple Pay', 'Mastercard']) {
      expect(button(brand).hasAttribute('disabled')).toBe(true);
      expect(button(brand).getAttribute('aria-describedby')).toBe(reason.id);
    }
    // Neither crypto nor TON configured: both say so instead of failing later.
    expect(button(/Deposit Crypto/).hasAttribute('disabled')).toBe(true);
    expect(screen.getByText('Crypto deposits are not set up on this server yet.')).toBeTruthy();
    expect(button('Top up').hasAttribute('disabled')).toBe(true);
    expect(
      screen.getByText('TON deposits are not available right now. Please choose another method.'),
    ).toBeTruthy();
    expect(screen.queryByText(GENEROUS_FAILURE)).toBeNull();
  });

  it('inside Telegram without Stars, shows no Stars method and no test payment, and says why cards are off', async () => {
    telegram.inTelegram = true;
    serve(depositInfo({ stars_enabled: false }));
    renderPanel();
    await loaded();
    expect(screen.queryByTestId('pay-stars')).toBeNull();
    expect(screen.queryByTestId('pay-test')).toBeNull();
    expect(screen.getByTestId('cards-reason').textContent).toBe(
      'Card payments are not set up on this server yet. Choose another method.',
    );
    fireEvent.click(button('Mastercard'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.bodies).toEqual([]);
  });

  it('offers a retry when the deposit details cannot be loaded', async () => {
    serve(new ApiError(0, 'network', 'offline'));
    renderPanel();
    expect(
      (await screen.findByText('No connection. Check your internet and try again.')).closest(
        '[role=alert]',
      ),
    ).toBeTruthy();
    serve(depositInfo());
    fireEvent.click(button('Try again'));
    await loaded();
    expect(screen.queryByText('No connection. Check your internet and try again.')).toBeNull();
  });
});

describe('Telegram Stars', () => {
  beforeEach(() => {
    telegram.inTelegram = true;
  });

  it('pays through a Stars invoice and shows the success modal once when Telegram says paid', async () => {
    serve(depositInfo());
    telegram.openInvoice.mockResolvedValue('paid');
    renderPanel();
    await loaded();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.click(await screen.findByTestId('pay-stars'));
    await screen.findByText(SUCCESS);
    expect(bodiesOf('CreateStarsInvoice')).toEqual([{ amount: '25.00' }]);
    expect(telegram.openInvoice).toHaveBeenCalledWith('https://t.me/$abc');
    // the credit's socket event right after does not open it a second time
    act(() => closeModal());
    emitBalance('stars', 2500);
    expect(screen.queryByText(SUCCESS)).toBeNull();
  });

  it('when the credit arrives before Telegram says paid, shows one success and misses no later credit', async () => {
    serve(depositInfo());
    let finish: (status: string) => void = () => {};
    telegram.openInvoice.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    renderPanel();
    await loaded();
    fireEvent.click(await screen.findByTestId('pay-stars'));
    await waitFor(() => expect(telegram.openInvoice).toHaveBeenCalled());
    emitBalance('stars', 125_000);
    await screen.findByText(SUCCESS);
    await act(async () => finish('paid'));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    act(() => closeModal());
    // A later Stars credit (paid from another device) is announced.
    emitBalance('stars', 500);
    await screen.findByText(SUCCESS);
  });

  it('a card brand first says in words that it goes through Stars, then opens the invoice', async () => {
    serve(depositInfo());
    telegram.openInvoice.mockResolvedValue('failed');
    renderPanel();
    await loaded();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.click(button('Google Pay'));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByRole('heading').textContent).toBe(
      'Google Pay through Telegram Stars',
    );
    expect(
      within(modal).getByText(
        'Telegram takes Google Pay for Stars, its in-app currency. You pay 1,250 Stars and $25.00 is added to your Seer balance.',
      ),
    ).toBeTruthy();
    expect(api.bodies).toEqual([]);
    expect(telegram.openInvoice).not.toHaveBeenCalled();

    fireEvent.click(within(modal).getByRole('button', { name: 'Continue to payment' }));
    // Telegram reports the payment failed: the error modal with that reason, no blame.
    await screen.findByText('Failed to top up balance.');
    expect(
      screen.getByText('Telegram could not complete the Stars payment. Nothing was charged.'),
    ).toBeTruthy();
    expect(bodiesOf('CreateStarsInvoice')).toEqual([{ amount: '25.00' }]);
    expect(telegram.openInvoice).toHaveBeenCalledWith('https://t.me/$abc');
    expect(screen.queryByText(GENEROUS_FAILURE)).toBeNull();
  });

  it('counts Stars in the language: 1 Star, 2 Stars; in Russian 1 звезда, 3 звезды, 5 звёзд', async () => {
    serve(depositInfo({ stars_per_usd: 100 }));
    renderPanel();
    await loaded();
    const starsLine = async (amount: string) => {
      fireEvent.change(screen.getByLabelText(/Amount|Сумма/), { target: { value: amount } });
      fireEvent.click(button('Apple Pay'));
      const text = within(await screen.findByRole('dialog')).getByText(/You pay|Вы платите/);
      act(() => closeModal());
      return text.textContent!;
    };
    expect(await starsLine('0.01')).toMatch(/You pay 1 Star and/);
    expect(await starsLine('0.02')).toMatch(/You pay 2 Stars and/);
    await setLocale('ru', 'all');
    try {
      expect(await starsLine('0,01')).toMatch(/Вы платите 1 звезда,/);
      expect(await starsLine('0,03')).toMatch(/Вы платите 3 звезды,/);
      expect(await starsLine('0,05')).toMatch(/Вы платите 5 звёзд,/);
    } finally {
      await setLocale('en', 'all');
    }
  });

  it('shows the server refusal of an amount under the field', async () => {
    serve(depositInfo(), {
      CreateStarsInvoice: new ApiError(
        400,
        'bad_request',
        'A Stars payment is limited to 10000 Stars ($200.00); enter a smaller amount',
      ),
    });
    renderPanel();
    await loaded();
    fireEvent.click(await screen.findByTestId('pay-stars'));
    expect((await screen.findByRole('alert')).textContent).toMatch(/limited to 10000 Stars/);
    expect(telegram.openInvoice).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('the test payment (demo mode)', () => {
  it('credits through CreateTestPayment, updates the shared balance and shows the success modal once', async () => {
    serve(depositInfo({ stars_enabled: false, test_payments_enabled: true }));
    renderPanel();
    await loaded();
    await waitFor(() => expect(getCachedData<CurrentUser>('user')).toBeTruthy());
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12.50' } });
    fireEvent.click(button(/Test payment/));
    // The socket's event may come before the call's answer: still one success modal.
    emitBalance('test_payment', 1250);
    await screen.findByText(SUCCESS);
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(bodiesOf('CreateTestPayment')).toEqual([{ amount: '12.50' }]);
    expect(getCachedData<CurrentUser>('user')).toMatchObject({
      balance_cents: 1250,
      free_messages: 2,
    });
    act(() => closeModal());
    expect(screen.queryByRole('dialog')).toBeNull();
    // A test payment made elsewhere (another tab) does show it.
    emitBalance('test_payment', 500);
    await screen.findByText(SUCCESS);
  });

  it('a failed test payment shows the error modal with the real reason', async () => {
    serve(depositInfo({ stars_enabled: false, test_payments_enabled: true }), {
      CreateTestPayment: new ApiError(503, 'unavailable', 'down'),
    });
    renderPanel();
    await loaded();
    fireEvent.click(button(/Test payment/));
    await screen.findByText('Failed to top up balance.');
    expect(
      screen.getByText('Seer is briefly unavailable. Please try again in a minute.'),
    ).toBeTruthy();
    expect(screen.queryByText(GENEROUS_FAILURE)).toBeNull();
    expect(screen.queryByText(SUCCESS)).toBeNull();
  });
});

describe('Deposit Crypto', () => {
  it('with NOWPayments configured, shows the 60+ coins badge and opens the hosted invoice with openLink in Telegram', async () => {
    telegram.inTelegram = true;
    serve(depositInfo({ crypto_enabled: true }));
    renderPanel();
    await loaded();
    expect(button(/Deposit Crypto/).textContent).toBe('Deposit Crypto60+ coins');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '40' } });
    fireEvent.click(button(/Deposit Crypto/));
    await waitFor(() =>
      expect(telegram.openExternalLink).toHaveBeenCalledWith(
        'https://nowpayments.io/payment/?iid=5077125051',
      ),
    );
    expect(bodiesOf('CreateCryptoInvoice')).toEqual([{ amount: '40.00' }]);
    await screen.findByText(
      'The crypto invoice is open. Your balance updates once the payment is confirmed.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('outside Telegram opens the invoice in a new tab, or in this one when tabs are blocked', async () => {
    serve(depositInfo({ crypto_enabled: true, stars_enabled: false }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const assign = vi.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', {
      value: { ...location, assign },
      configurable: true,
    });
    try {
      renderPanel();
      await loaded();
      fireEvent.click(button(/Deposit Crypto/));
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('https://nowpayments.io/payment/?iid=5077125051'),
      );
      expect(open).toHaveBeenCalledWith('https://nowpayments.io/payment/?iid=5077125051', '_blank');
      expect(telegram.openExternalLink).not.toHaveBeenCalled();
    } finally {
      open.mockRestore();
      Object.defineProperty(window, 'location', { value: location, configurable: true });
    }
  });

  it('without NOWPayments, has no badge and opens the TON instructions', async () => {
    serve(depositInfo());
    renderPanel();
    await loaded();
    fireEvent.click(button('Deposit Crypto'));
    const modal = await screen.findByRole('dialog');
    expect(within(modal).getByTestId('ton-address').textContent).toBe(ADDRESS);
    expect(api.bodies).toEqual([]);
  });
});

describe('TON', () => {
  it('in a plain browser, Top up without a wallet shows a quote: its memo, TON, dollars, until when, and a ton:// link', async () => {
    const expires = new Date(Date.now() + 15 * 60_000).toISOString();
    serve(depositInfo(), {
      CreateTonQuote: (body: unknown) => tonQuote(body, { expires_at: expires }),
    });
    renderPanel();
    await loaded();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '4.50' } });
    fireEvent.click(button('Top up'));
    expect((await screen.findByTestId('ton-address')).textContent).toBe(ADDRESS);
    await waitFor(() => expect(screen.getByTestId('ton-memo').textContent).toBe(QUOTE_MEMO));
    expect(bodiesOf('CreateTonQuote')).toEqual([{ amount: '4.50' }]);
    const time = quoteTime(expires, 'en');
    expect(
      screen.getByText(
        `Send 1.5 TON to get $4.50. This price holds for transfers made until ${time}.`,
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('ton-id-memo').textContent).toContain('424242');
    expect(screen.getByRole('link', { name: 'Open in a wallet app' }).getAttribute('href')).toBe(
      `ton://transfer/${ADDRESS}?amount=1500000000&text=${QUOTE_MEMO}`,
    );
  });

  it('without a price right now, keeps the Telegram-id memo and says it is credited at arrival', async () => {
    serve(depositInfo({ ton_usd_rate: null }), {
      CreateTonQuote: new ApiError(503, 'unavailable', 'The TON price is not known right now'),
    });
    renderPanel();
    await loaded();
    fireEvent.click(button('Top up'));
    await screen.findByText('Could not get a TON price right now. Try again in a minute.');
    expect(screen.getByTestId('ton-memo').textContent).toBe('424242');
    expect(
      screen.getByText(
        'With your Telegram ID as the memo, any amount is credited at the TON price when it arrives.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Open in a wallet app' })).toBeNull();
  });

  it('says when a quote has expired and asks for a new one on request', async () => {
    let calls = 0;
    serve(depositInfo(), {
      CreateTonQuote: (body: unknown) =>
        tonQuote(body, {
          memo: calls++ === 0 ? QUOTE_MEMO : 'SEER-NEWQUOTE',
          expires_at: new Date(Date.now() + (calls === 1 ? 600 : 900_000)).toISOString(),
        }),
    });
    renderPanel();
    await loaded();
    fireEvent.click(button('Top up'));
    await waitFor(() => expect(screen.getByTestId('ton-memo').textContent).toBe(QUOTE_MEMO));
    await screen.findByText('This price has expired. Get a new one before you send.');
    expect(screen.getByTestId('ton-memo').textContent).toBe('424242');
    fireEvent.click(button('New price'));
    await waitFor(() => expect(screen.getByTestId('ton-memo').textContent).toBe('SEER-NEWQUOTE'));
  });

  it('inside Telegram gives no ton:// link, shows at most 4 decimals of TON, and passes the return link to TON Connect', async () => {
    telegram.inTelegram = true;
    serve(depositInfo());
    renderPanel();
    await loaded();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.click(button('Top up'));
    await screen.findByTestId('ton-address');
    await screen.findByText(/^Send 8\.3333 TON to get \$25\.00\./);
    expect(screen.queryByRole('link')).toBeNull();
    expect(document.querySelector('a[href^="ton:"]')).toBeNull();
    expect(walletState.returnUrl).toBe('https://t.me/seer_bot/app');
  });

  it('with a connected wallet, Top up asks for a quote and sends its nanotons with its memo on the network, then waits for the credit', async () => {
    const send = vi.fn<WalletHandle['send']>().mockResolvedValue();
    walletState.handle = { send };
    const expires = new Date(Date.now() + 15 * 60_000).toISOString();
    serve(depositInfo({ ton_network: '-3' }), {
      CreateTonQuote: (body: unknown) => tonQuote(body, { ton_network: '-3', expires_at: expires }),
    });
    renderPanel();
    await loaded();
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '25' } });
    fireEvent.click(button('Top up'));
    await screen.findByText(
      '8.3333 TON sent for $25.00. Your balance updates as soon as the network confirms it.',
    );
    expect(bodiesOf('CreateTonQuote')).toEqual([{ amount: '25.00' }]);
    expect(send).toHaveBeenCalledWith({
      address: ADDRESS,
      nanotons: 8_333_333_334n,
      memo: QUOTE_MEMO,
      network: '-3',
      validUntilMs: Date.parse(expires),
    });
    expect(screen.queryByTestId('ton-address')).toBeNull();

    emitBalance('ton_deposit', 2500);
    await screen.findByText(SUCCESS);
    expect(screen.queryByText(/TON sent/)).toBeNull();
  });

  it('a wallet that fails shows the error modal with the reason; a declined request stays quiet', async () => {
    const declined = Object.assign(new Error('User rejects the action in the wallet.'), {
      name: 'UserRejectsError',
    });
    const send = vi
      .fn<WalletHandle['send']>()
      .mockRejectedValueOnce(declined)
      .mockRejectedValueOnce(new Error('Wallet connection lost'));
    walletState.handle = { send };
    serve(depositInfo());
    renderPanel();
    await loaded();
    fireEvent.click(button('Top up'));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(button('Top up').hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByText(/TON sent/)).toBeNull();

    fireEvent.click(button('Top up'));
    await screen.findByText('The wallet did not send the transfer. Nothing was charged.');
    expect(screen.getByText('Failed to top up balance.')).toBeTruthy();
  });

  it('with a connected wallet, a quote the server refuses asks the wallet for nothing', async () => {
    const send = vi.fn<WalletHandle['send']>().mockResolvedValue();
    walletState.handle = { send };
    serve(depositInfo(), {
      CreateTonQuote: new ApiError(503, 'unavailable', 'The TON price is not known right now'),
    });
    renderPanel();
    await loaded();
    fireEvent.click(button('Top up'));
    await screen.findByText('Could not get a TON price right now. Try again in a minute.');
    expect(send).not.toHaveBeenCalled();
    expect(screen.queryByText(/TON sent/)).toBeNull();
  });

  it('says "No Telegram ID found" when the deposit details cannot be loaded', async () => {
    serve(new ApiError(0, 'network', 'offline'));
    renderPanel();
    fireEvent.click(button('Deposit Crypto'));
    expect(await screen.findByText('No Telegram ID found')).toBeTruthy();
  });

  it('copies the memo with the legacy fallback and says so', async () => {
    serve(depositInfo());
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) },
      configurable: true,
    });
    const execCommand = vi.fn().mockReturnValue(true);
    document.execCommand = execCommand;
    renderPanel();
    await loaded();
    fireEvent.click(button(/Deposit Crypto/));
    fireEvent.click(await screen.findByRole('button', { name: 'Copy memo' }));
    await screen.findByText('Copied to clipboard!');
    expect(execCommand).toHaveBeenCalledWith('copy');
  });

  it('opens the success modal when a deposit of any kind is credited while the screen is open', async () => {
    serve(depositInfo());
    renderPanel();
    await loaded();
    emitBalance('message', -250);
    expect(screen.queryByRole('dialog')).toBeNull();
    for (const reason of ['ton_deposit', 'crypto_deposit', 'stars']) {
      emitBalance(reason, 300);
      await screen.findByText(SUCCESS);
      act(() => closeModal());
    }
    emitBalance('admin_credit', 300);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
