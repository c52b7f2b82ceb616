/**
 * The cards of the app's daily tarot draw, as the demo advisors read them: the names the app
 * shows in each language (a tarot request starts with "My card: <name> (<orientation>)") and
 * what the card says upright and reversed, as a clause that can follow a colon.
 */
import type { Locale } from '@seer/contract';

export interface DemoCard {
  name: Record<Locale, string>;
  upright: Record<Locale, string>;
  reversed: Record<Locale, string>;
}

export const DEMO_TAROT_CARDS: DemoCard[] = [
  {
    name: { en: 'The Magician', ru: 'Маг' },
    upright: {
      en: 'you already hold every tool you need, and the first move is yours to make',
      ru: 'у вас уже есть всё нужное, и первый шаг за вами',
    },
    reversed: {
      en: 'your energy is spread too thin, and not everyone around you is showing their real motives',
      ru: 'ваша энергия распылена, и не все вокруг показывают свои настоящие мотивы',
    },
  },
  {
    name: { en: 'The High Priestess', ru: 'Верховная Жрица' },
    upright: {
      en: 'the answer is already inside you, and a quiet hour alone will bring it forward',
      ru: 'ответ уже внутри вас, и тихий час наедине с собой его проявит',
    },
    reversed: {
      en: 'you have been talking over your own intuition, and something hidden is about to surface',
      ru: 'вы заглушаете собственную интуицию, а скрытое вот-вот выйдет наружу',
    },
  },
  {
    name: { en: 'The Empress', ru: 'Императрица' },
    upright: {
      en: 'this is a season of growth, and what you nurture now will bear fruit',
      ru: 'это время роста, и то, о чём вы заботитесь сейчас, принесёт плоды',
    },
    reversed: {
      en: 'you give a lot to others and too little to yourself, and that is where the block sits',
      ru: 'вы много отдаёте другим и слишком мало себе, и застой именно в этом',
    },
  },
  {
    name: { en: 'The Lovers', ru: 'Влюблённые' },
    upright: {
      en: 'a real bond and an important choice stand side by side, and your values will decide it',
      ru: 'рядом стоят настоящая связь и важный выбор, и решат его ваши ценности',
    },
    reversed: {
      en: 'doubt has crept in, and the choice feels hard because two wishes pull in different ways',
      ru: 'появились сомнения, и выбор труден, потому что два желания тянут в разные стороны',
    },
  },
  {
    name: { en: 'The Chariot', ru: 'Колесница' },
    upright: {
      en: 'determination wins here, and things move as soon as you take the reins',
      ru: 'здесь побеждает решимость, и всё сдвинется, как только вы возьмёте поводья',
    },
    reversed: {
      en: 'the plan has stalled because you are pushed from outside instead of steering yourself',
      ru: 'дело застряло, потому что на вас давят извне, а вы не держите курс сами',
    },
  },
  {
    name: { en: 'Wheel of Fortune', ru: 'Колесо Фортуны' },
    upright: {
      en: 'a turning point is near, and luck is moving in your direction',
      ru: 'поворотный момент близко, и удача поворачивается к вам',
    },
    reversed: {
      en: 'the setback is temporary, and holding on to how things were slows the turn',
      ru: 'неудача временная, а цепляние за прежнее только замедляет поворот',
    },
  },
  {
    name: { en: 'The Star', ru: 'Звезда' },
    upright: {
      en: 'hope is justified, and healing has already begun',
      ru: 'надежда оправдана, и исцеление уже началось',
    },
    reversed: {
      en: 'you have lost faith for a while, but the light has not gone anywhere',
      ru: 'вы на время потеряли веру, но свет никуда не делся',
    },
  },
  {
    name: { en: 'The Sun', ru: 'Солнце' },
    upright: {
      en: 'clarity and success are coming, and you will see the situation as it is',
      ru: 'приходят ясность и успех, и вы увидите ситуацию такой, какая она есть',
    },
    reversed: {
      en: 'the joy is there but clouded, and a little less certainty will help you see it',
      ru: 'радость есть, но она омрачена, и чуть меньше самоуверенности поможет её разглядеть',
    },
  },
];

export interface DrawnCard {
  /** The name as the request wrote it (the app's name in the request's language). */
  name: string;
  reversed: boolean;
  /** What the card says, in the reply's language; null for a card we do not know. */
  meaning: string | null;
}

const CARD_LINE = /^(?:my card|моя карта)\s*:\s*(.+?)\s*(?:\(([^)]*)\))?\s*$/im;

/** The card a tarot request names on its "My card: …" line, read in `locale`; null when none. */
export function cardOfRequest(text: string, locale: Locale): DrawnCard | null {
  const match = CARD_LINE.exec(text);
  if (!match) return null;
  const written = match[1]!.trim();
  const reversed = /revers|перев[её]рн/i.test(match[2] ?? '');
  const known = DEMO_TAROT_CARDS.find((card) =>
    Object.values(card.name).some((name) => name.toLowerCase() === written.toLowerCase()),
  );
  if (!known) return { name: written, reversed, meaning: null };
  return {
    name: known.name[locale],
    reversed,
    meaning: (reversed ? known.reversed : known.upright)[locale],
  };
}

/** The request's text without its "My card: …" line. */
export function withoutCardLine(text: string): string {
  return text.replace(CARD_LINE, '').trim();
}
