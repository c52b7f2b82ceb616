/** The profile's rating breakdown and most helpful reviews (decision 051). */
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { Review } from '@seer/contract';
import { RatingSummary, breakdownShares } from './rating-summary';

const review = (id: number, rating: number, text: string): Review => ({
  id,
  rating,
  text,
  author: `Author ${id}`,
  text_language: 'en',
  created_at: '2026-10-01T10:00:00Z',
});

const BREAKDOWN = [
  { stars: 5, count: 12 },
  { stars: 4, count: 5 },
  { stars: 3, count: 2 },
  { stars: 2, count: 0 },
  { stars: 1, count: 1 },
];

describe('the rating breakdown', () => {
  it('gives each star count its share, 5 stars first, in whole per cent', () => {
    expect(breakdownShares([...BREAKDOWN].reverse())).toEqual([
      { stars: 5, count: 12, share: 60 },
      { stars: 4, count: 5, share: 25 },
      { stars: 3, count: 2, share: 10 },
      { stars: 2, count: 0, share: 0 },
      { stars: 1, count: 1, share: 5 },
    ]);
    expect(
      breakdownShares(BREAKDOWN.map((row) => ({ ...row, count: 0 }))).map((r) => r.share),
    ).toEqual([0, 0, 0, 0, 0]);
  });

  it('shows a bar and a count per star, the total, and the most helpful reviews', () => {
    render(
      <RatingSummary
        rating={4.4}
        breakdown={BREAKDOWN}
        helpful={[review(1, 5, 'Long and useful.'), review(2, 4, 'Good.'), review(3, 5, 'Kind.')]}
      />,
    );
    const rows = screen.getAllByRole('listitem').filter((li) => li.getAttribute('aria-label'));
    expect(rows.map((row) => row.getAttribute('aria-label'))).toEqual([
      '5★: 12',
      '4★: 5',
      '3★: 2',
      '2★: 0',
      '1★: 1',
    ]);
    const bar = rows[0]!.querySelector('span[aria-hidden] > span') as HTMLElement;
    expect(bar.style.width).toBe('60%');
    expect(screen.getByText('20 reviews')).toBeTruthy();
    expect(screen.getByText('4.4')).toBeTruthy();
    const helpful = within(screen.getByTestId('helpful-reviews')).getAllByRole('listitem');
    expect(helpful.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Long and useful.',
      'Good.',
      'Kind.',
    ]);
  });

  it('says nothing for an advisor without reviews', () => {
    const { container } = render(
      <RatingSummary
        rating={0}
        breakdown={BREAKDOWN.map((row) => ({ ...row, count: 0 }))}
        helpful={[]}
      />,
    );
    expect(container.textContent).toBe('');
  });
});
