/** The four orders of a category list (rating, activity = online first, experience, price). */
import type { Advisor } from '@seer/contract';

export const SORT_ORDERS = ['rating', 'activity', 'experience', 'price'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

const byRating = (a: Advisor, b: Advisor) => b.rating - a.rating || b.reviews - a.reviews;

const COMPARATORS: Record<SortOrder, (a: Advisor, b: Advisor) => number> = {
  rating: byRating,
  activity: (a, b) => Number(b.isOnline) - Number(a.isOnline) || byRating(a, b),
  experience: (a, b) => b.experience - a.experience || byRating(a, b),
  // Cheapest first: the price a user compares is what a message costs them.
  price: (a, b) => a.price_cents - b.price_cents || byRating(a, b),
};

export function sortAdvisors(advisors: readonly Advisor[], order: SortOrder): Advisor[] {
  return [...advisors].sort((a, b) => COMPARATORS[order](a, b) || a.manager_id - b.manager_id);
}

export function isSortOrder(value: string | null): value is SortOrder {
  return value !== null && (SORT_ORDERS as readonly string[]).includes(value);
}
