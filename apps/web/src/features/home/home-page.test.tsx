import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { clearDataCache } from '../../lib/use-data';
import { saveTodaysDraw } from '../../shared/tarot-art/tarot-deck';
import HomePage from './home-page';

function advisor(id: number, categoryId: number) {
  return {
    id,
    manager_id: id,
    name: `Advisor ${id}`,
    avatar: '',
    category_id: categoryId,
    category_name: '',
    description: '',
    additional_info: '',
    text_language: 'en',
    rating: 4.5,
    reviews: 3,
    price: 1.99,
    price_cents: 199,
    experience: 2,
    clients: 10,
    languages: ['en'],
    isActive: true,
    isOnline: true,
    median_response_seconds: null,
  };
}

function serve(freeMessages: number, favourites: number[] = []) {
  const managers = [1, 2, 3, 4, 5, 6].map((id) => advisor(id, id <= 3 ? 1 : 2));
  vi.stubGlobal('fetch', async (url: string) => {
    if (url === '/api/session') {
      const expires_at = Math.floor(Date.now() / 1000) + 3600;
      const session = { token: 't', telegram_user_id: 1, expires_at, ends_at: expires_at };
      return new Response(JSON.stringify({ status: 'success', ...session }), { status: 200 });
    }
    const body = url.startsWith('/api/GetUser.php')
      ? { status: 'success', name: 'Anna', free_messages: freeMessages, data: {} }
      : url.startsWith('/api/GetFavourites.php')
        ? { status: 'success', manager_ids: favourites, alerts: false }
        : { status: 'success', data: { managers } };
    return new Response(JSON.stringify(body), { status: 200 });
  });
}

/** Keeps the advisors' answer back until the returned function is called. */
function holdAdvisors(): () => void {
  let release = () => {};
  const answered = new Promise<void>((done) => (release = done));
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string) => {
    if (url.startsWith('/api/GetAllManagers.php')) await answered;
    return answer(url);
  });
  return release;
}

function renderHome() {
  const { hook } = memoryLocation({ path: '/' });
  return render(
    <Router hook={hook}>
      <HomePage />
    </Router>,
  );
}

describe('home', () => {
  beforeEach(() => {
    clearDataCache();
    localStorage.setItem('seer.initData', 'test');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows the seven parts in order, the advisor of the day and four carousel advisors', async () => {
    serve(3);
    renderHome();
    const carousel = await screen.findByRole('list', { name: 'Top Love Life Advice Advisors' });
    expect(screen.queryByTestId('home-advisors-skeleton')).toBeNull();
    expect(within(carousel).getAllByRole('listitem')).toHaveLength(4);
    // Love-life advisors (category 1) come first, the rest fill up to four.
    const names = within(carousel)
      .getAllByText(/^Advisor \d$/)
      .map((node) => Number(node.textContent!.slice(-1)));
    expect(names.slice(0, 3).sort()).toEqual([1, 2, 3]);
    const headings = screen.getAllByRole('heading').map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Welcome, Anna',
      'Daily Tarot Reading',
      'Horoscope',
      'Dream Interpretation',
      'Yes or No',
      'Advisor of the Day',
      'Top Love Life Advice Advisors',
      'How We Choose Our Advisors',
    ]);
    expect(screen.getByRole('link', { name: 'Read horoscope' }).getAttribute('href')).toBe(
      '/horoscope?day=today',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Tomorrow' }));
    expect(screen.getByRole('link', { name: 'Read horoscope' }).getAttribute('href')).toBe(
      '/horoscope?day=tomorrow',
    );
    expect(
      screen.getByText('Today I had a dream about...').closest('a')!.getAttribute('href'),
    ).toBe('/dream');
    expect(screen.getByRole('link', { name: 'Read' }).getAttribute('href')).toBe('/article');
  });

  it('keeps the places of the advisor of the day and the top advisors while they load', async () => {
    serve(3);
    const release = holdAdvisors();
    renderHome();
    const skeleton = screen.getByTestId('home-advisors-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(within(skeleton).getByRole('status').textContent).toBe('Loading...');
    // The two slides in view and the arrows of a row of four; no advisor yet.
    expect(skeleton.querySelectorAll('.carousel-slide')).toHaveLength(2);
    expect(skeleton.querySelectorAll('.carousel-controls .skeleton')).toHaveLength(2);
    expect(screen.queryByRole('list', { name: 'Top Love Life Advice Advisors' })).toBeNull();
    // The shapes are not read out: no heading of theirs is in the page's outline.
    expect(screen.queryByRole('heading', { name: 'Advisor of the Day' })).toBeNull();

    await act(async () => release());
    expect(await screen.findByRole('list', { name: 'Top Love Life Advice Advisors' })).toBeTruthy();
    expect(screen.queryByTestId('home-advisors-skeleton')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Advisor of the Day' })).toBeTruthy();
  });

  it("shows the card back until today's card is drawn, then today's card face up, reversed as drawn", async () => {
    serve(3);
    localStorage.removeItem('seer.tarot.daily');
    const first = renderHome();
    expect(screen.getByRole('link', { name: 'Draw a card' }).getAttribute('href')).toBe('/tarot');
    expect(screen.getByTestId('home-tarot-art').querySelector('[data-card]')).toBeNull();
    first.unmount();

    saveTodaysDraw({ card: 'star', reversed: true });
    renderHome();
    const face = await screen.findByRole('img', { name: "Today's card" });
    expect(face.getAttribute('data-card')).toBe('star');
    expect(face.querySelector('[data-reversed]')!.getAttribute('data-reversed')).toBe('true');
    expect(screen.getByRole('link', { name: "See today's card" }).getAttribute('href')).toBe(
      '/tarot',
    );
    localStorage.removeItem('seer.tarot.daily');
  });

  it('says "Start for free" while free messages are left and "Message" when they are gone', async () => {
    serve(3);
    const first = renderHome();
    expect((await screen.findAllByText('Start for free')).length).toBe(5);
    first.unmount();
    clearDataCache();
    serve(0);
    renderHome();
    expect((await screen.findAllByText('Message')).length).toBe(5);
    expect(screen.queryByText('Start for free')).toBeNull();
  });

  it('shows the favourites row first, most recently hearted first, only when there are favourites', async () => {
    serve(3, [5, 2]);
    renderHome();
    const row = await screen.findByRole('list', { name: 'Your favourites' });
    expect(
      within(row)
        .getAllByText(/^Advisor \d$/)
        .map((node) => node.textContent),
    ).toEqual(['Advisor 5', 'Advisor 2']);
    expect(screen.getAllByRole('heading')[1]!.textContent).toBe('Your favourites');
    // The hearts there are pressed.
    expect(
      within(row)
        .getByRole('button', { name: 'Favourite: Advisor 5' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('keeps the favourites row in place while the advisors load', async () => {
    serve(3, [5, 2]);
    const release = holdAdvisors();
    renderHome();
    const heading = await screen.findByRole('heading', { name: 'Your favourites' });
    const section = heading.closest('section')!;
    await waitFor(() => expect(section.querySelector('[aria-busy="true"]')).not.toBeNull());
    // Two favourites: two slides, no arrows.
    expect(section.querySelectorAll('.carousel-slide')).toHaveLength(2);
    expect(section.querySelector('.carousel-controls')).toBeNull();

    await act(async () => release());
    const row = await screen.findByRole('list', { name: 'Your favourites' });
    expect(within(row).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
