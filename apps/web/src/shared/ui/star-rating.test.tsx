import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { StarRating, roundToHalf } from './star-rating';

describe('roundToHalf', () => {
  it('rounds to the nearest half star within 0..5', () => {
    expect(roundToHalf(4.74)).toBe(4.5);
    expect(roundToHalf(4.75)).toBe(5);
    expect(roundToHalf(4.24)).toBe(4);
    expect(roundToHalf(4.25)).toBe(4.5);
    expect(roundToHalf(0)).toBe(0);
    expect(roundToHalf(7)).toBe(5);
    expect(roundToHalf(-1)).toBe(0);
    expect(roundToHalf(Number.NaN)).toBe(0);
  });
});

describe('StarRating', () => {
  it('draws five stars with full, half and empty ones and the count in brackets', () => {
    const { container } = render(<StarRating rating={3.6} count={12} />);
    const fills = [...container.querySelectorAll('svg')].map((svg) =>
      svg.getAttribute('data-fill'),
    );
    expect(fills).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(screen.getByText('(12)')).toBeTruthy();
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      'Rating 3.5 out of 5, 12 reviews',
    );
  });

  it('shows no brackets without a count', () => {
    const { container } = render(<StarRating rating={5} />);
    expect(container.textContent).toBe('');
  });
});
