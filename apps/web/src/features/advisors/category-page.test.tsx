import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import type { Advisor } from '@seer/contract';
import { clearDataCache } from '../../lib/use-data';
import CategoryPage from './category-page';

const callApi = vi.fn();
vi.mock('../../lib/api-client', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client')>()),
  callApi: (...args: unknown[]) => callApi(...args),
}));

function advisor(id: number): Advisor {
  return {
    id,
    manager_id: id,
    name: `Advisor ${id}`,
    avatar: '',
    category_id: 1,
    category_name: '',
    description: 'Tarot and love',
    additional_info: '',
    text_language: 'en',
    rating: 4.5 - id / 10,
    reviews: 3,
    price: 1.99,
    price_cents: 199,
    experience: 2,
    clients: 10,
    languages: ['en'],
    isActive: true,
    isOnline: true,
    median_response_seconds: null,
  } as Advisor;
}

function renderAt(path: string) {
  const { hook } = memoryLocation({ path });
  return render(
    <Router hook={hook}>
      <Route path="/operators/:categoryId">
        <CategoryPage />
      </Route>
    </Router>,
  );
}

describe("a category's advisors", () => {
  beforeEach(() => {
    clearDataCache();
    callApi.mockReset();
  });

  it('shows cards shaped like advisors while loading, under the working tabs and filters', async () => {
    let answer: (value: unknown) => void = () => {};
    callApi.mockImplementation((name: string) =>
      name === 'GetManagersByCategory'
        ? new Promise((done) => (answer = done))
        : Promise.resolve({ status: 'success', manager_ids: [], alerts: false }),
    );
    renderAt('/operators/1');
    const skeleton = screen.getByTestId('advisors-skeleton');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    const cards = skeleton.querySelectorAll('.advisor-card');
    expect(cards.length).toBeGreaterThan(2);
    expect(cards[0]!.querySelectorAll('.skeleton-circle')).toHaveLength(1);
    expect(document.querySelector('.spinner')).toBeNull();
    // The page around the list is usable while it loads.
    expect(screen.getByRole('button', { name: 'Rating' })).toBeTruthy();
    expect(screen.queryAllByRole('link', { name: /Advisor \d/ })).toHaveLength(0);

    await act(async () => answer([advisor(1), advisor(2)]));
    expect(screen.queryByTestId('advisors-skeleton')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
    const list = document.querySelector('.advisor-list')!;
    expect(
      within(list as HTMLElement)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/operator/1', '/operator/2']);
  });
});
