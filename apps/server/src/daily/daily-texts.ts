/**
 * The words of the daily ritual in each language: the card of the day (the app's deck, named as
 * the app names it, with one line upright and reversed), the morning message and its buttons, and
 * the shared tarot card.
 */
import { createHash } from 'node:crypto';
import { TAROT_CARD_IDS, type Locale, type TarotCardName } from '@seer/contract';

interface CardWords {
  name: Record<Locale, string>;
  upright: Record<Locale, string>;
  reversed: Record<Locale, string>;
}

export const CARD_WORDS: Record<TarotCardName, CardWords> = {
  magician: {
    name: { en: 'The Magician', ru: 'Маг' },
    upright: {
      en: 'you already hold what you need; make the first move.',
      ru: 'у вас уже есть всё нужное — сделайте первый шаг.',
    },
    reversed: {
      en: 'gather your scattered energy before you start.',
      ru: 'соберите распылённые силы, прежде чем начинать.',
    },
  },
  'high-priestess': {
    name: { en: 'The High Priestess', ru: 'Верховная Жрица' },
    upright: {
      en: 'the answer is inside you; give it a quiet hour.',
      ru: 'ответ уже внутри вас — дайте ему тихий час.',
    },
    reversed: {
      en: 'stop talking over your intuition today.',
      ru: 'сегодня не заглушайте свою интуицию.',
    },
  },
  empress: {
    name: { en: 'The Empress', ru: 'Императрица' },
    upright: {
      en: 'a day to nurture what you want to grow.',
      ru: 'день, чтобы заботиться о том, что должно вырасти.',
    },
    reversed: {
      en: 'care for yourself before caring for everyone else.',
      ru: 'позаботьтесь о себе, прежде чем обо всех остальных.',
    },
  },
  lovers: {
    name: { en: 'The Lovers', ru: 'Влюблённые' },
    upright: {
      en: 'choose with your heart, and say it out loud.',
      ru: 'выбирайте сердцем и говорите об этом вслух.',
    },
    reversed: {
      en: 'an honest talk will settle what doubt keeps open.',
      ru: 'честный разговор решит то, что держит сомнение.',
    },
  },
  chariot: {
    name: { en: 'The Chariot', ru: 'Колесница' },
    upright: {
      en: 'hold your course; today favours the determined.',
      ru: 'держите курс — сегодня везёт решительным.',
    },
    reversed: {
      en: 'slow down and decide where you are really going.',
      ru: 'сбавьте темп и решите, куда вы на самом деле идёте.',
    },
  },
  'wheel-of-fortune': {
    name: { en: 'Wheel of Fortune', ru: 'Колесо Фортуны' },
    upright: {
      en: 'the wheel turns your way; say yes to a chance.',
      ru: 'колесо поворачивается к вам — скажите «да» случаю.',
    },
    reversed: {
      en: 'what you cannot change, let pass; what you can, start.',
      ru: 'что нельзя изменить — отпустите, что можно — начните.',
    },
  },
  star: {
    name: { en: 'The Star', ru: 'Звезда' },
    upright: {
      en: 'hope comes back; keep going, it is working.',
      ru: 'надежда возвращается — продолжайте, всё получается.',
    },
    reversed: {
      en: 'a small step today restores your faith.',
      ru: 'маленький шаг сегодня вернёт вам веру в себя.',
    },
  },
  sun: {
    name: { en: 'The Sun', ru: 'Солнце' },
    upright: {
      en: 'a bright day: share your joy and it grows.',
      ru: 'светлый день: поделитесь радостью — и её станет больше.',
    },
    reversed: {
      en: 'the clouds are thin; let yourself enjoy the day.',
      ru: 'тучи тонкие — позвольте себе радоваться дню.',
    },
  },
};

export interface DayCard {
  card: TarotCardName;
  reversed: boolean;
}

/** The card of the day for a user: the same all day (user and local date), another tomorrow. */
export function cardOfTheDay(userId: number, day: string): DayCard {
  const digest = createHash('sha256').update(`${userId}:${day}`).digest();
  const entry = digest.readUInt32BE(0) % (TAROT_CARD_IDS.length * 2);
  return { card: TAROT_CARD_IDS[entry >> 1]!, reversed: (entry & 1) === 1 };
}

/** The card in the reader's language: its name, which way up it lies, and its line for the day. */
export function cardWords(
  card: DayCard,
  locale: Locale,
): { name: string; orientation: string; line: string } {
  const words = CARD_WORDS[card.card];
  const way = card.reversed ? 'reversed' : 'upright';
  return {
    name: words.name[locale],
    orientation: DAILY_TEXTS[locale][way],
    line: words[way][locale],
  };
}

export function cardLine(card: DayCard, locale: Locale): string {
  const { name, orientation, line } = cardWords(card, locale);
  return `${name} (${orientation}): ${line}`;
}

export const DAILY_TEXTS = {
  en: {
    morningTitle: 'Good morning! Your card of the day',
    open: 'Draw your own card in Seer',
    stop: 'Stop morning messages',
    stopped: 'Morning messages are off. You can turn them on again in Settings.',
    alreadyStopped: 'Morning messages are already off.',
    shareTitle: 'My tarot card of the day',
    shareInvite: 'Draw yours in Seer',
    upright: 'upright',
    reversed: 'reversed',
  },
  ru: {
    morningTitle: 'Доброе утро! Ваша карта дня',
    open: 'Вытянуть свою карту в Seer',
    stop: 'Не присылать по утрам',
    stopped: 'Утренние сообщения выключены. Включить их снова можно в настройках.',
    alreadyStopped: 'Утренние сообщения уже выключены.',
    shareTitle: 'Моя карта таро на сегодня',
    shareInvite: 'Вытяните свою в Seer',
    upright: 'прямая',
    reversed: 'перевёрнутая',
  },
} as const satisfies Record<Locale, Record<string, string>>;

/** The morning message's text: the card of the day, then the sky's line. */
export function morningText(card: DayCard, skyLine: string, locale: Locale): string {
  const words = DAILY_TEXTS[locale];
  return `☀️ ${words.morningTitle}:\n${cardLine(card, locale)}\n\n🌙 ${skyLine}`;
}
