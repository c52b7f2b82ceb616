/** The advisor's usual answer time on the category card and on the profile. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Advisor } from '@seer/contract';
import { setLocale } from '../../lib/i18n';
import { clearDataCache } from '../../lib/use-data';
import { AdvisorListCard } from './advisor-list-card';
import AdvisorPage from './advisor-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

const advisor: Advisor = {
  id: 3,
  manager_id: 3,
  name: 'Luna Everhart',
  avatar: '',
  category_id: 1,
  category_name: '',
  description: 'Tarot reader',
  additional_info: '',
  text_language: 'en',
  rating: 5,
  reviews: 1,
  price: 1.99,
  price_cents: 199,
  experience: 3,
  clients: 10,
  languages: ['en'],
  isActive: true,
  isOnline: false,
  median_response_seconds: 21 * 60,
};

function withRouter(path: string, children: React.ReactNode) {
  const { hook } = memoryLocation({ path });
  return render(<Router hook={hook}>{children}</Router>);
}

describe('usual answer time of an advisor', () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
    callApi.mockImplementation((name: string) => {
      if (name === 'GetManager') return Promise.resolve({ status: 'success', manager: advisor });
      if (name === 'GetReviews') return Promise.resolve({ status: 'success', reviews: [] });
      if (name === 'GetFavourites') return Promise.resolve({ status: 'success', manager_ids: [] });
      // The profile's block button asks whether either side blocked the other (decision 048).
      if (name === 'GetBlockState')
        return Promise.resolve({
          status: 'success',
          block: { you_blocked: false, blocked_you: false },
        });
      // The profile also asks for the advisor's hours: none set.
      if (name === 'GetAdvisorHours')
        return Promise.resolve({ status: 'success', days: [], usually: null, away_message: null });
      return Promise.resolve({ status: 'success', data: { name: null, first_name: 'Ann' } });
    });
  });
  afterEach(() => setLocale('en', 'all'));

  it('is on the card, rounded to 5 minutes from 10', async () => {
    await setLocale('en', 'all');
    withRouter('/', <AdvisorListCard advisor={advisor} />);
    expect(screen.getByTestId('response-time').textContent).toBe(
      'Usually answers in about 20 minutes',
    );
  });

  it('is not on the card of an advisor with too few answers', async () => {
    await setLocale('en', 'all');
    withRouter('/', <AdvisorListCard advisor={{ ...advisor, median_response_seconds: null }} />);
    expect(screen.queryByTestId('response-time')).toBeNull();
  });

  it('is on the profile, in Russian', async () => {
    await setLocale('ru', 'all');
    withRouter(
      '/operator/3',
      <Route path="/operator/:id">
        <AdvisorPage />
      </Route>,
    );
    expect((await screen.findByTestId('response-time')).textContent).toBe(
      'Обычно отвечает примерно за 20 минут',
    );
  });
});
