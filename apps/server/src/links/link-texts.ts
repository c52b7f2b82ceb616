/** The words of shared advisor cards, inline results and the bot's /start with a payload, per language. */
import { findCategory, formatMoney, type Advisor, type Locale } from '@seer/contract';

/** Category titles in Russian (the app's own come from its locale files by slug). */
const CATEGORY_RU: Record<string, string> = {
  'love-life-advice': 'Любовь и личная жизнь',
  'relationship-issues': 'Проблемы в отношениях',
  'future-relationship-predictions': 'Будущее отношений',
  'career-advice': 'Карьера',
  'business-and-investment-predictions': 'Бизнес и инвестиции',
  'family-relationships-harmony': 'Гармония в семье',
  'strengthening-family-bonds': 'Крепкие семейные узы',
  'future-predictions': 'Предсказания будущего',
  'assistance-with-important-decisions': 'Помощь в важных решениях',
  'energy-and-spiritual-cleansing': 'Энергетическое и духовное очищение',
  'health-forecasts': 'Прогнозы здоровья',
  'other-questions': 'Другие вопросы',
};

export function categoryTitle(categoryId: number, locale: Locale): string {
  const category = findCategory(categoryId);
  if (!category) return '';
  return locale === 'ru' ? (CATEGORY_RU[category.slug] ?? category.title) : category.title;
}

function reviewsWord(count: number, locale: Locale): string {
  if (locale === 'en') return count === 1 ? '1 review' : `${count} reviews`;
  const rule = new Intl.PluralRules('ru').select(count);
  const word = rule === 'one' ? 'отзыв' : rule === 'few' ? 'отзыва' : 'отзывов';
  return `${count} ${word}`;
}

/** "★ 4.8 (12 reviews) · $2.99 per message", or "New on Seer · ..." before any review. */
export function advisorSummary(advisor: Advisor, locale: Locale): string {
  const price = formatMoney(advisor.price_cents, locale);
  const perMessage = locale === 'ru' ? `${price} за сообщение` : `${price} per message`;
  if (advisor.reviews === 0)
    return `${locale === 'ru' ? 'Новый в Seer' : 'New on Seer'} · ${perMessage}`;
  const rating = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(advisor.rating);
  return `★ ${rating} (${reviewsWord(advisor.reviews, locale)}) · ${perMessage}`;
}

/** The shared card's text: name and speciality, then rating and price. */
export function advisorCardText(advisor: Advisor, locale: Locale): string {
  return `${advisor.name} — ${categoryTitle(advisor.category_id, locale)}\n${advisorSummary(advisor, locale)}`;
}

export const LINK_TEXTS: Record<
  Locale,
  {
    openProfile: string;
    /** The bot's /start with a payload: the button that opens the app there. */
    startAdvisor: (name: string) => string;
    startChat: (name: string) => string;
    startInvited: string;
  }
> = {
  en: {
    openProfile: 'Open profile',
    startAdvisor: (name) => `Open ${name}’s profile`,
    startChat: (name) => `Chat with ${name}`,
    startInvited:
      'A friend invited you to Seer: after your first top-up you both get free messages.',
  },
  ru: {
    openProfile: 'Открыть профиль',
    startAdvisor: (name) => `Профиль: ${name}`,
    startChat: (name) => `Чат: ${name}`,
    startInvited:
      'Вас пригласил друг: после первого пополнения вы оба получите бесплатные сообщения.',
  },
};
