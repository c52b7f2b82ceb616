import { describe, expect, it } from 'vitest';
import type { Advisor } from '@seer/contract';
import { sortAdvisors } from './sort-advisors';

function advisor(id: number, fields: Partial<Advisor>): Advisor {
  return {
    id,
    manager_id: id,
    name: `A${id}`,
    avatar: '',
    category_id: 1,
    category_name: '',
    description: '',
    additional_info: '',
    text_language: 'en',
    rating: 4,
    reviews: 0,
    price: 1,
    price_cents: 100,
    experience: 1,
    clients: 0,
    languages: [],
    isActive: true,
    isOnline: false,
    median_response_seconds: null,
    ...fields,
  };
}

const list = [
  advisor(1, { rating: 4.2, isOnline: false, experience: 10, price_cents: 300 }),
  advisor(2, { rating: 4.9, isOnline: false, experience: 3, price_cents: 500 }),
  advisor(3, { rating: 3.1, isOnline: true, experience: 7, price_cents: 150 }),
  advisor(4, { rating: 4.5, isOnline: true, experience: 15, price_cents: 150 }),
];
const ids = (advisors: Advisor[]) => advisors.map((item) => item.manager_id);

describe('sortAdvisors', () => {
  it('by rating: best first', () =>
    expect(ids(sortAdvisors(list, 'rating'))).toEqual([2, 4, 1, 3]));
  it('by activity: online first, then by rating', () =>
    expect(ids(sortAdvisors(list, 'activity'))).toEqual([4, 3, 2, 1]));
  it('by experience: most years first', () =>
    expect(ids(sortAdvisors(list, 'experience'))).toEqual([4, 1, 3, 2]));
  it('by price: cheapest first, ties by rating', () =>
    expect(ids(sortAdvisors(list, 'price'))).toEqual([4, 3, 1, 2]));
  it('leaves the given list untouched', () => {
    sortAdvisors(list, 'price');
    expect(ids(list)).toEqual([1, 2, 3, 4]);
  });
});
