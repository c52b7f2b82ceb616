import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TarotShare } from './tarot-share';

const LINK = 'https://t.me/seer_bot/app?startapp=ref_abc';
const STORY = 'https://seer.example/api/tarot-cards/star/upright/en/story.jpg';

function serve() {
  const bodies: unknown[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 5, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    bodies.push(JSON.parse(String(init?.body)));
    return new Response(
      JSON.stringify({
        status: 'success',
        prepared_message_id: 'prep-1',
        link: LINK,
        story_image_url: STORY,
      }),
      { status: 200 },
    );
  });
  return bodies;
}

function inTelegram(platform: string, extra: Record<string, unknown>) {
  window.Telegram = {
    WebApp: {
      initData: 'user=%7B%22id%22%3A5%7D&hash=abc',
      platform,
      isVersionAtLeast: (version: string) => Number(version) <= 8,
      openTelegramLink: vi.fn(),
      ...extra,
    } as never,
  };
}

describe('sharing the drawn card', () => {
  beforeEach(() => localStorage.setItem('seer.initData', 'test'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    delete (window as { Telegram?: unknown }).Telegram;
  });

  // Outside Telegram first: the session the later cases reuse is made from stored init data.
  it('outside Telegram opens the share link with the invite link', async () => {
    serve();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    render(<TarotShare draw={{ card: 'star', reversed: true }} cardName="The Star (reversed)" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send to a chat' }));
    await waitFor(() => expect(open).toHaveBeenCalled());
    const url = new URL(String(open.mock.calls[0]![0]));
    expect(url.searchParams.get('url')).toBe(LINK);
  });
  it('sends the prepared card with shareMessage; no story button on desktop', async () => {
    const bodies = serve();
    const shareMessage = vi.fn();
    const shareToStory = vi.fn();
    inTelegram('tdesktop', { shareMessage, shareToStory });
    render(<TarotShare draw={{ card: 'star', reversed: false }} cardName="The Star (upright)" />);
    expect(screen.queryByRole('button', { name: 'Post to a story' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Send to a chat' }));
    await waitFor(() => expect(shareMessage).toHaveBeenCalledWith('prep-1'));
    expect(bodies).toEqual([{ card: 'star', reversed: false, lang: 'en' }]);
  });

  it('posts a story with the picture and a widget on the invite link in the phone apps', async () => {
    serve();
    const shareToStory = vi.fn();
    inTelegram('ios', { shareMessage: vi.fn(), shareToStory });
    render(<TarotShare draw={{ card: 'star', reversed: false }} cardName="The Star (upright)" />);
    fireEvent.click(screen.getByRole('button', { name: 'Post to a story' }));
    await waitFor(() =>
      expect(shareToStory).toHaveBeenCalledWith(STORY, {
        text: 'My tarot card of the day: The Star (upright)',
        widget_link: { url: LINK, name: 'Draw yours' },
      }),
    );
  });
});
