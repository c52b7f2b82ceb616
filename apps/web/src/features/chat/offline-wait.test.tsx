/** The offline advisor's chat: the usual wait, and the bot's promise only when it may write (or the offer). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';

const telegram = vi.hoisted(() => ({ inTelegram: true, answer: true }));
const calls = vi.hoisted(() => [] as Array<{ name: string; input: unknown }>);
vi.mock('../../lib/telegram', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  isInTelegram: () => telegram.inTelegram,
  requestWriteAccess: async () => telegram.answer,
}));
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  callApi: async (name: string, input: unknown) => {
    calls.push({ name, input });
    return { status: 'success' };
  },
}));

import { setLocale } from '../../lib/i18n';
import { OfflineWait } from './offline-wait';

describe('offline advisor wait', () => {
  beforeEach(() => {
    telegram.inTelegram = true;
    telegram.answer = true;
    calls.length = 0;
  });
  afterEach(() => setLocale('en', 'all'));

  it('tells the wait and that the bot will write, when it may', async () => {
    await setLocale('en', 'all');
    render(<OfflineWait name="Luna" medianSeconds={300} allowsWriteToPm />);
    expect(screen.getByTestId('offline-wait').textContent).toBe(
      'Luna is offline now and usually answers in about 5 minutes. The bot will message you in Telegram when the answer comes.',
    );
  });

  it('offers to allow the bot when it may not write, and records the answer', async () => {
    await setLocale('ru', 'all');
    render(<OfflineWait name="Луна" medianSeconds={2 * 3600} allowsWriteToPm={false} />);
    expect(screen.getByTestId('offline-wait').textContent).toContain(
      'Луна сейчас не в сети и обычно отвечает примерно за 2 часа. Разрешите боту писать вам — он сообщит, когда придёт ответ.',
    );
    expect(screen.queryByText(/Бот напишет/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Разрешить' }));
    await waitFor(() =>
      expect(calls).toEqual([{ name: 'SetWriteAccess', input: { body: { allowed: true } } }]),
    );
  });

  it('outside Telegram promises no bot message; without a figure says only that the advisor is offline', async () => {
    telegram.inTelegram = false;
    await setLocale('en', 'all');
    render(<OfflineWait name="Luna" medianSeconds={null} allowsWriteToPm />);
    expect(screen.getByTestId('offline-wait').textContent).toBe(
      'Luna is offline now. The answer will appear here in the chat.',
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});
