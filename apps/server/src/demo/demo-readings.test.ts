/** Demo readings: the drawn card named, the question's topic answered, no sentence twice in a dialog. */
import { describe, expect, it } from 'vitest';
import type { Locale, MessageKind } from '@seer/contract';
import { composeDemoReply, sentencesOf, topicOf } from './demo-readings.js';
import { DEMO_TAROT_CARDS, cardOfRequest } from './demo-cards.js';

/** A repeatable random source, so a failure can be replayed. */
function seeded(seed: number): () => number {
  let n = seed;
  return () => (n = (n * 9301 + 49297) % 233280) / 233280;
}

/** Replies of one dialog: each sees the advisor's earlier replies. */
function dialog(
  locale: Locale,
  messages: { question: string; kind?: MessageKind }[],
  seed = 1,
  categoryId = 3,
): string[] {
  const random = seeded(seed);
  const replies: string[] = [];
  for (const { question, kind = 'text' } of messages)
    replies.push(
      composeDemoReply({ locale, question, kind, categoryId, earlier: [...replies], random }),
    );
  return replies;
}

const QUESTIONS: Record<Locale, string[]> = {
  en: [
    'Will he come back?',
    'Will I pass the interview?',
    'Should I invest in my friend business?',
    'How is my mother going to be?',
    'When will I meet someone?',
  ],
  ru: [
    'Он вернётся?',
    'Пройду ли я собеседование?',
    'Стоит ли вкладывать деньги в бизнес друга?',
    'Что будет с мамой?',
    'Когда я встречу своего человека?',
  ],
};

describe('demo readings', () => {
  it('name the card the user drew, upright or reversed, with its own meaning, in both languages', () => {
    for (const locale of ['en', 'ru'] as const) {
      const prefix = locale === 'en' ? 'My card' : 'Моя карта';
      const turned = locale === 'en' ? 'reversed' : 'перевёрнутое положение';
      const straight = locale === 'en' ? 'upright' : 'прямое положение';
      for (const card of DEMO_TAROT_CARDS) {
        for (const reversed of [false, true]) {
          const question = `${prefix}: ${card.name[locale]} (${reversed ? turned : straight})\n${QUESTIONS[locale][1]}`;
          const reply = composeDemoReply({
            locale,
            question,
            kind: 'tarot',
            categoryId: 3,
            random: seeded(card.name.en.length + Number(reversed)),
          });
          expect(reply).toContain(card.name[locale]);
          expect(reply).toContain((reversed ? card.reversed : card.upright)[locale]);
          // No other card of the deck is named.
          for (const other of DEMO_TAROT_CARDS)
            if (other !== card) expect(reply).not.toContain(other.name[locale]);
        }
      }
    }
  });

  it('read a card named in the other language under the reply language', () => {
    expect(
      cardOfRequest('Моя карта: Колесница (перевёрнутое положение)\nWill I win?', 'en'),
    ).toEqual({
      name: 'The Chariot',
      reversed: true,
      meaning: DEMO_TAROT_CARDS[4]!.reversed.en,
    });
    // A card the demo does not know is still named as written.
    const reply = composeDemoReply({
      locale: 'en',
      question: 'My card: The Hermit (upright)\nWhat next?',
      kind: 'tarot',
      categoryId: 3,
    });
    expect(reply).toContain('The Hermit');
  });

  it('answer the topic of the question in its own terms', () => {
    const cases: [Locale, string, RegExp][] = [
      ['en', 'Will I pass the interview?', /the interview/],
      ['en', 'Does my husband still love me?', /your husband/],
      ['en', 'How is my mother going to be?', /your mother/],
      ['ru', 'Пройду ли я собеседование?', /о собеседовании/],
      ['ru', 'Что будет с мамой?', /о маме/],
      ['ru', 'Стоит ли брать кредит?', /о долге/],
    ];
    for (const [locale, question, subject] of cases) {
      // Over several draws the subject appears in most replies (some lines carry no subject).
      const replies = Array.from({ length: 12 }, (_, i) =>
        composeDemoReply({ locale, question, kind: 'text', categoryId: 12, random: seeded(i) }),
      );
      expect(replies.filter((reply) => subject.test(reply)).length).toBeGreaterThan(4);
      for (const reply of replies) expect(reply).not.toContain(question.replace(/\?$/, ''));
    }
    expect(topicOf('Will I pass the interview?', 'text', 1)).toBe('career');
    expect(topicOf('Пройду ли я собеседование?', 'text', 1)).toBe('career');
    expect(topicOf('Мне снилась вода', 'text', 4)).toBe('dream');
    // "красная" is no dream: Russian stems match from the start of a word.
    expect(topicOf('Купить красная машина', 'text', 12)).toBe('general');
    const dream = composeDemoReply({
      locale: 'ru',
      question: 'Мне снилась вода и старый дом',
      kind: 'dream',
      categoryId: 3,
      random: seeded(4),
    });
    expect(dream).toMatch(/сн|о воде/);
  });

  it('keep the topic of the dialog for a follow-up without topic words', () => {
    expect(topicOf('And when will it happen?', 'text', 1, ['Will I get the promotion?'])).toBe(
      'career',
    );
    const replies = Array.from({ length: 8 }, (_, i) =>
      composeDemoReply({
        locale: 'en',
        question: 'And when will it happen?',
        kind: 'text',
        categoryId: 1,
        earlierQuestions: ['Will I get the promotion?'],
        random: seeded(i),
      }),
    );
    expect(replies.some((reply) => reply.includes('the promotion'))).toBe(true);
    expect(replies.join(' ')).not.toMatch(/your relationship/);
  });

  it('add timing when the question asks when', () => {
    const reply = composeDemoReply({
      locale: 'en',
      question: 'When will I meet someone?',
      kind: 'text',
      categoryId: 1,
      random: seeded(2),
    });
    expect(reply).toMatch(/week|month|season|days/);
  });

  for (const locale of ['en', 'ru'] as const) {
    it(`never repeat a sentence across 20 replies of one dialog (${locale})`, () => {
      const mixed = Array.from({ length: 20 }, (_, i) => ({
        question: QUESTIONS[locale][i % QUESTIONS[locale].length]!,
      }));
      const same = Array.from({ length: 20 }, () => ({ question: QUESTIONS[locale][0]! }));
      const card = DEMO_TAROT_CARDS[4]!.name[locale];
      const tarot = Array.from({ length: 20 }, () => ({
        question: `${locale === 'en' ? 'My card' : 'Моя карта'}: ${card} (x)\n${QUESTIONS[locale][2]}`,
        kind: 'tarot' as const,
      }));
      for (const [index, messages] of [mixed, same, tarot].entries()) {
        for (const seed of [1, 7, 42]) {
          const replies = dialog(locale, messages, seed + index);
          const sentences = replies.flatMap(sentencesOf);
          const repeated = sentences.filter((s, i) => sentences.indexOf(s) !== i);
          expect(repeated).toEqual([]);
          for (const reply of replies) {
            expect(reply.charAt(0)).toMatch(/[A-ZА-ЯЁ]/);
            expect(reply.length).toBeLessThanOrEqual(1000);
            if (locale === 'en') expect(reply).not.toMatch(/[а-яё]/i);
            else expect(reply.replace(card, '')).not.toMatch(/[a-z]/i);
          }
          // Every reply to a tarot request names its card, even the twentieth.
          if (messages === tarot) for (const reply of replies) expect(reply).toContain(card);
        }
      }
    });
  }
});
