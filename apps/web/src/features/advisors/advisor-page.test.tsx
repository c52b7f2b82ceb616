import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import type { Advisor, Review } from '@seer/contract';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { ApiError } from '../../lib/api-client';
import { setLocale } from '../../lib/i18n';
import { clearDataCache } from '../../lib/use-data';
import AdvisorPage from './advisor-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

/** The server's answers: GetManager fails with `managerError`; the user loads. */
function answering(managerError: ApiError) {
  callApi.mockImplementation((name: string) =>
    name === 'GetManager'
      ? Promise.reject(managerError)
      : Promise.resolve({ status: 'success', data: { name: null, first_name: 'Ann' } }),
  );
}

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <Route path="/operator/:id">
        <AdvisorPage />
      </Route>
    </Router>,
  );
}

describe('advisor page of a missing advisor', () => {
  beforeEach(async () => {
    clearDataCache();
    callApi.mockReset();
    await setLocale('en', 'all');
  });
  afterEach(() => setLocale('en', 'all'));

  it("says 'not found' for the server's 404 not_found and offers the advisors list", async () => {
    answering(new ApiError(404, 'not_found', 'Advisor 99999 not found'));
    renderAt('/operator/99999');
    expect(await screen.findByRole('heading', { name: 'Advisor not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show advisors' }).getAttribute('href')).toBe(
      '/operators',
    );
    expect(screen.queryByText('Error loading data')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(callApi).toHaveBeenCalledWith('GetManager', { query: { id: 99999, lang: 'en' } });
  });

  it('says it in Russian in Russian', async () => {
    await setLocale('ru', 'all');
    answering(new ApiError(404, 'not_found', 'Advisor 99999 not found'));
    renderAt('/operator/99999');
    expect(await screen.findByRole('heading', { name: 'Эксперт не найден' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Все эксперты' })).toBeTruthy();
  });

  it('says it for a malformed id without asking the server', async () => {
    answering(new ApiError(404, 'not_found', 'unused'));
    renderAt('/operator/abc');
    expect(await screen.findByRole('heading', { name: 'Advisor not found' })).toBeTruthy();
    expect(callApi).not.toHaveBeenCalledWith('GetManager', expect.anything());
  });

  it('keeps "try again" for a failure that is not a missing advisor', async () => {
    answering(new ApiError(503, 'unavailable', 'down'));
    renderAt('/operator/5');
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Advisor not found' })).toBeNull();
  });
});

const LUNA: Advisor = {
  id: 3,
  manager_id: 3,
  name: 'Luna Everhart',
  avatar: '',
  category_id: 1,
  category_name: '',
  description: 'Tarot reader',
  additional_info: '',
  text_language: 'en',
  rating: 4.5,
  reviews: 2,
  price: 1.99,
  price_cents: 199,
  experience: 3,
  clients: 10,
  languages: ['en'],
  isActive: true,
  isOnline: true,
  median_response_seconds: null,
};

const review = (id: number, rating: number): Review => ({
  id,
  rating,
  text: `Review ${id}`,
  author: `Author ${id}`,
  text_language: 'en',
  created_at: '2026-10-01T10:00:00Z',
});

describe('advisor page while it loads', () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
  });

  it('draws the profile and then its reviews in their places until each arrives', async () => {
    let answerManager: (value: unknown) => void = () => {};
    let answerReviews: (value: unknown) => void = () => {};
    callApi.mockImplementation((name: string) => {
      if (name === 'GetManager') return new Promise((done) => (answerManager = done));
      if (name === 'GetReviews') return new Promise((done) => (answerReviews = done));
      if (name === 'GetFavourites') return Promise.resolve({ status: 'success', manager_ids: [] });
      if (name === 'GetBlockState')
        return Promise.resolve({
          status: 'success',
          block: { you_blocked: false, blocked_you: false },
        });
      if (name === 'GetAdvisorHours')
        return Promise.resolve({ status: 'success', days: [], usually: null, away_message: null });
      return Promise.resolve({ status: 'success', data: { name: null, first_name: 'Ann' } });
    });
    renderAt('/operator/3');

    // The card, the summary, the figures and "About" as shapes, under the page's own title.
    const profile = screen.getByTestId('advisor-skeleton');
    expect(profile.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Advisor');
    expect(profile.querySelectorAll('.stat')).toHaveLength(3);
    expect(document.querySelector('.spinner')).toBeNull();

    await act(async () => answerManager({ status: 'success', manager: LUNA }));
    expect(screen.queryByTestId('advisor-skeleton')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Luna Everhart');
    expect(screen.getByTestId('advisor-hero')).toBeTruthy();
    // The reviews are still on their way: the summary and the list keep their places, one
    // shape per review the advisor has.
    const busy = document.querySelectorAll('[aria-busy="true"]');
    expect(busy).toHaveLength(2);
    expect(busy[1]!.querySelectorAll('.review')).toHaveLength(2);
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toEqual([
      'Loading...',
      'Loading...',
    ]);

    await act(async () =>
      answerReviews({
        status: 'success',
        reviews: [review(1, 5), review(2, 4)],
        breakdown: [
          { stars: 5, count: 1 },
          { stars: 4, count: 1 },
          { stars: 3, count: 0 },
          { stars: 2, count: 0 },
          { stars: 1, count: 0 },
        ],
        most_helpful: [review(1, 5)],
      }),
    );
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    expect(screen.getByTestId('helpful-reviews')).toBeTruthy();
    expect(screen.getAllByText('Review 2')).toHaveLength(1);
  });
});
