import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ShareAdvisorButton } from './share-advisor-button';

const LINK = 'https://t.me/seer_bot/app?startapp=advisor_7';

function serve(preparedId: string | null) {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 5, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(
      JSON.stringify({ status: 'success', prepared_message_id: preparedId, link: LINK }),
      { status: 200 },
    );
  });
  return bodies;
}

describe('Share on the advisor profile', () => {
  beforeEach(() => localStorage.setItem('seer.initData', 'test'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('outside Telegram opens the t.me share link to the advisor’s Mini App link', async () => {
    const bodies = serve('prepared-1');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<ShareAdvisorButton advisorId={7} name="Aurora" />);
    fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    const url = new URL(String(open.mock.calls[0]![0]));
    expect(`${url.origin}${url.pathname}`).toBe('https://t.me/share/url');
    expect(url.searchParams.get('url')).toBe(LINK);
    expect(url.searchParams.get('text')).toBe('Aurora on Seer: ask for advice in a chat');
    expect(bodies).toEqual([{ manager_id: 7, lang: 'en' }]);
  });

  it('inside Telegram 8.0 shares the bot’s prepared card with shareMessage', async () => {
    serve('prepared-1');
    const shareMessage = vi.fn();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    window.Telegram = {
      WebApp: {
        initData: 'user=%7B%22id%22%3A5%7D&hash=abc',
        isVersionAtLeast: (version: string) => Number(version) <= 8,
        shareMessage,
        openTelegramLink: vi.fn(),
      } as never,
    };
    try {
      render(<ShareAdvisorButton advisorId={7} name="Aurora" />);
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
      await waitFor(() => expect(shareMessage).toHaveBeenCalledWith('prepared-1'));
      expect(open).not.toHaveBeenCalled();
    } finally {
      delete window.Telegram;
    }
  });
});
