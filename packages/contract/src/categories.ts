/** The fixed list of advisor categories (docs/product-rules.md#advisors-and-categories). Titles are English; the app translates by slug. */
export const CATEGORIES = [
  { id: 1, slug: 'love-life-advice', title: 'Love Life Advice', icon: '💞' },
  { id: 2, slug: 'relationship-issues', title: 'Relationship Issues', icon: '💔' },
  {
    id: 3,
    slug: 'future-relationship-predictions',
    title: 'Future Relationship Predictions',
    icon: '🔮',
  },
  { id: 4, slug: 'career-advice', title: 'Career Advice', icon: '💼' },
  {
    id: 5,
    slug: 'business-and-investment-predictions',
    title: 'Business and Investment Predictions',
    icon: '📈',
  },
  {
    id: 6,
    slug: 'family-relationships-harmony',
    title: 'Family Relationships Harmony',
    icon: '🏡',
  },
  { id: 7, slug: 'strengthening-family-bonds', title: 'Strengthening Family Bonds', icon: '🤝' },
  { id: 8, slug: 'future-predictions', title: 'Future Predictions', icon: '✨' },
  {
    id: 9,
    slug: 'assistance-with-important-decisions',
    title: 'Assistance with Important Decisions',
    icon: '🧭',
  },
  {
    id: 10,
    slug: 'energy-and-spiritual-cleansing',
    title: 'Energy and Spiritual Cleansing',
    icon: '🕯️',
  },
  { id: 11, slug: 'health-forecasts', title: 'Health Forecasts', icon: '🌿' },
  { id: 12, slug: 'other-questions', title: 'Other Questions', icon: '❓' },
] as const;

export type Category = (typeof CATEGORIES)[number];
export type CategoryId = Category['id'];

export function findCategory(id: number): Category | undefined {
  return CATEGORIES.find((category) => category.id === id);
}
