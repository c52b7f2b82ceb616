/** What the bot says with the files it sends (export, transcript), and the transcript's own words, per language. */
import type { Locale } from '@seer/contract';

export interface PrivacyTexts {
  exportCaption: string;
  transcriptCaption: (advisor: string) => string;
  transcriptTitle: (advisor: string) => string;
  you: string;
  image: string;
  tarot: string;
  dream: string;
}

const TEXTS: Record<Locale, PrivacyTexts> = {
  en: {
    exportCaption:
      'Your Seer data: profile, payments and balance history, chats, reviews and notifications.',
    transcriptCaption: (advisor) => `Your chat with ${advisor} in Seer.`,
    transcriptTitle: (advisor) => `Seer — chat with ${advisor}`,
    you: 'You',
    image: '[image]',
    tarot: '[tarot request]',
    dream: '[dream request]',
  },
  ru: {
    exportCaption:
      'Ваши данные в Seer: профиль, платежи и история баланса, чаты, отзывы и уведомления.',
    transcriptCaption: (advisor) => `Ваш чат с экспертом ${advisor} в Seer.`,
    transcriptTitle: (advisor) => `Seer — чат с экспертом ${advisor}`,
    you: 'Вы',
    image: '[изображение]',
    tarot: '[запрос таро]',
    dream: '[толкование сна]',
  },
};

export function privacyTexts(locale: Locale): PrivacyTexts {
  return TEXTS[locale];
}
