import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Advisor } from '@seer/contract';
import { clearDataCache } from '../../lib/use-data';
import { ApiError } from '../../lib/api-client';
import { t } from '../../lib/i18n';
import { RequestForm, type RequestTexts } from './request-form';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

const TEXTS: RequestTexts = {
  title: 'Ask a tarot reader',
  messageLabel: 'Your question',
  placeholder: '...',
  messageRequired: 'Please enter a message',
  advisorLabel: 'Choose a tarot reader',
  advisorRequired: 'Please select a tarot reader',
  noAdvisors: 'No tarot readers available',
};

const reader = (id: number, name: string): Advisor => ({
  id,
  manager_id: id,
  name,
  avatar: '/avatars/default.svg',
  category_id: 3,
  category_name: 'future-relationship-predictions',
  description: '',
  additional_info: '',
  text_language: 'en',
  rating: 4.5,
  reviews: 3,
  price: 1.99,
  price_cents: 199,
  experience: 5,
  clients: 100,
  languages: ['en'],
  isActive: true,
  isOnline: true,
  median_response_seconds: null,
});

const paymentInfo = {
  new_balance: 0,
  new_balance_cents: 0,
  new_free_messages: 2,
  charged_cents: 0,
  paid_with: 'free',
};

function answerWith(advisors: Advisor[], send?: () => Promise<unknown>) {
  callApi.mockImplementation((name: string) => {
    if (name === 'GetManagersByCategory') return Promise.resolve(advisors);
    if (name === 'CreateMessage')
      return send
        ? send()
        : Promise.resolve({ status: 'success', data: { message: {}, payment_info: paymentInfo } });
    return Promise.reject(new Error(`unexpected call ${name}`));
  });
}

function question() {
  return screen.getByRole('textbox', { name: TEXTS.messageLabel }) as HTMLTextAreaElement;
}

beforeEach(() => {
  clearDataCache();
  window.history.replaceState(null, '', '/tarot');
});
afterEach(() => {
  callApi.mockReset();
});

describe('advisor request form', () => {
  it('asks for a message and an advisor, keeping what was typed', async () => {
    answerWith([reader(7, 'Iris')]);
    render(<RequestForm requestType="tarot" texts={TEXTS} />);
    await screen.findByText('Iris');
    fireEvent.click(screen.getByRole('button', { name: t('request.submit') }));
    expect(screen.getByText(TEXTS.messageRequired)).toBeTruthy();
    expect(screen.getByText(TEXTS.advisorRequired)).toBeTruthy();

    fireEvent.change(question(), { target: { value: 'Will it work out?' } });
    expect(screen.queryByText(TEXTS.messageRequired)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t('request.submit') }));
    expect(question().value).toBe('Will it work out?');
    expect(screen.getByText(TEXTS.advisorRequired)).toBeTruthy();
    expect(callApi).not.toHaveBeenCalledWith('CreateMessage', expect.anything());
  });

  it('counts the whole request out of 1000, the card line put before the text included', async () => {
    answerWith([reader(7, 'Iris')]);
    render(<RequestForm requestType="tarot" texts={TEXTS} context="My card: The Star (upright)" />);
    const line = 'My card: The Star (upright)\n'.length;
    expect(screen.getByText(`${line}/1000`)).toBeTruthy();
    fireEvent.change(question(), { target: { value: 'Will he call?' } });
    expect(screen.getByText(`${line + 13}/1000`)).toBeTruthy();
    fireEvent.change(question(), { target: { value: 'y'.repeat(2000) } });
    expect(question().value).toHaveLength(1000 - line);
    expect(screen.getByText('1000/1000')).toBeTruthy();
  });

  it('counts an emoji as one character, like the server', async () => {
    answerWith([reader(7, 'Iris')]);
    render(<RequestForm requestType="dream" texts={TEXTS} />);
    fireEvent.change(question(), { target: { value: '👨‍👩‍👧‍👦🇺🇦 dream' } });
    expect(screen.getByText('8/1000')).toBeTruthy();
    fireEvent.change(question(), { target: { value: '👍🏽'.repeat(1200) } });
    expect(question().value).toBe('👍🏽'.repeat(1000));
    expect(screen.getByText('1000/1000')).toBeTruthy();
  });

  it('says so when there is no advisor to choose', async () => {
    answerWith([]);
    render(<RequestForm requestType="dream" texts={TEXTS} />);
    await screen.findByText(TEXTS.noAdvisors);
  });

  it('sends a tarot request to the chosen advisor, shows the banner and opens the chat 1.5 s later', async () => {
    answerWith([reader(7, 'Iris'), reader(9, 'Sage')]);
    render(<RequestForm requestType="tarot" texts={TEXTS} context="My card: The Sun (reversed)" />);
    fireEvent.click(await screen.findByRole('radio', { name: /Sage/ }));
    fireEvent.change(question(), { target: { value: '  What now?  ' } });
    fireEvent.click(screen.getByRole('button', { name: t('request.submit') }));
    await screen.findByText(t('request.success'));
    const bannerAt = Date.now();
    expect(callApi).toHaveBeenCalledWith('CreateMessage', {
      body: {
        manager_id: 9,
        message: 'My card: The Sun (reversed)\nWhat now?',
        request_type: 'tarot',
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(window.location.pathname).toBe('/tarot');
    await waitFor(() => expect(window.location.pathname).toBe('/chat/9'), { timeout: 2000 });
    expect(Date.now() - bannerAt).toBeGreaterThanOrEqual(1400);
  });

  it("shows the server's message, or 'Failed to send message', or the network text", async () => {
    let failure: Error = new ApiError(403, 'forbidden', 'Requests go to category 3 advisors only');
    answerWith([reader(7, 'Iris')], () => Promise.reject(failure));
    render(<RequestForm requestType="dream" texts={TEXTS} />);
    fireEvent.click(await screen.findByRole('radio', { name: /Iris/ }));
    fireEvent.change(question(), { target: { value: 'A dream' } });
    const submit = () => fireEvent.click(screen.getByRole('button', { name: t('request.submit') }));

    submit();
    await screen.findByText('Requests go to category 3 advisors only');
    failure = new ApiError(500, 'internal', '');
    submit();
    await screen.findByText(t('request.sendFailed'));
    failure = new ApiError(0, 'network', 'Failed to fetch');
    submit();
    await screen.findByText(t('request.networkError'));
    await waitFor(() => expect(question().value).toBe('A dream'));
  });
});
