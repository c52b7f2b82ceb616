import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AdvisorSearch, SEARCH_DEBOUNCE_MS, searchable } from './advisor-search';

const ADVISOR = {
  id: 3,
  manager_id: 3,
  name: 'Marina Star',
  avatar: '/avatars/default.svg',
  category_id: 1,
  category_name: 'Love Life Advice',
  description: 'Tarot reader',
  additional_info: '',
  text_language: 'en',
  rating: 4.5,
  reviews: 10,
  price: 1.5,
  price_cents: 150,
  experience: 5,
  clients: 10,
  languages: ['en'],
  isActive: true,
  isOnline: true,
  median_response_seconds: 600,
};

function serve(found: (q: string) => unknown[]) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 5, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    if (url.includes('GetFavourites'))
      return new Response(JSON.stringify({ status: 'success', manager_ids: [], managers: [] }), {
        status: 200,
      });
    const q = new URL(url, 'http://x').searchParams.get('q') ?? '';
    asked.push(q);
    return new Response(JSON.stringify({ status: 'success', managers: found(q) }), {
      status: 200,
    });
  });
  return asked;
}

async function type(text: string) {
  fireEvent.change(screen.getByTestId('advisor-search'), { target: { value: text } });
}

async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS + 10);
  });
  // Let the answer's promise chain run.
  for (let i = 0; i < 5; i++) await act(async () => vi.advanceTimersByTimeAsync(1));
}

describe('the advisors search field', () => {
  beforeEach(() => {
    localStorage.setItem('seer.initData', 'test');
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks once typing pauses, with the last text only, and lists the results', async () => {
    const asked = serve(() => [ADVISOR]);
    const onActive = vi.fn();
    render(<AdvisorSearch onActive={onActive} />);
    await type('ta');
    await type('tar');
    await type('tarot');
    await settle();
    expect(asked).toEqual(['tarot']);
    expect(screen.getByText('Marina Star')).toBeTruthy();
    expect(screen.getByText('1 advisor found')).toBeTruthy();
    expect(onActive).toHaveBeenLastCalledWith(true);
  });

  it('shows the designed empty state when nothing matches, and clears', async () => {
    serve(() => []);
    const onActive = vi.fn();
    render(<AdvisorSearch onActive={onActive} />);
    await type('zzz');
    await settle();
    const empty = screen.getByTestId('advisor-search-empty');
    expect(empty.textContent).toContain('No one matches “zzz”');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(screen.queryByTestId('advisor-search-empty')).toBeNull();
    expect(onActive).toHaveBeenLastCalledWith(false);
  });

  it('does not ask the server for text without a letter or digit', async () => {
    const asked = serve(() => [ADVISOR]);
    render(<AdvisorSearch onActive={() => {}} />);
    await type('!!!');
    await settle();
    expect(asked).toEqual([]);
    expect(screen.getByText('Type a letter or a number to search.')).toBeTruthy();
    expect(searchable('до $2')).toBe(true);
    expect(searchable('<$>')).toBe(false);
  });
});
