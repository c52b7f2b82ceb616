/**
 * Demo advisors answer by themselves (outside production, until an admin links them to a person): when a user writes to a demo
 * advisor that no person has been linked to, the advisor reads the message and replies after a
 * human-like pause, through ChatService like a real advisor's reply, so the socket, unread
 * counts and read receipts behave as they will with people. Messages that arrive during the
 * pause get one answer together. Only the instance that stored the message answers it.
 */
import { LIMITS, type Locale, type MessageKind } from '@seer/contract';
import type { EventBus } from '../realtime/event-bus.js';
import type { ChatService } from '../chat/index.js';
import type { AdvisorsService, Advisor } from '../advisors/index.js';
import { type UsersService, localeOfUser } from '../users/index.js';

export interface AutoReplyLog {
  warn(object: object, message: string): void;
}

interface Pending {
  /** Null while the advisor is being looked up. */
  timer: NodeJS.Timeout | null;
  /** Repeats "typing" while the answer is being composed, as a person's app would. */
  typing: NodeJS.Timeout | null;
  question: string;
  kind: MessageKind;
}

export class DemoAutoReply {
  private readonly pending = new Map<string, Pending>();
  private readonly inFlight = new Set<Promise<void>>();
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly deps: {
      events: EventBus;
      chat: ChatService;
      advisors: AdvisorsService;
      users: Pick<UsersService, 'find'>;
      log: AutoReplyLog;
      /** [min, max] pause before answering, in ms. */
      delayMs: readonly [number, number];
      random?: () => number;
    },
  ) {}

  start(): void {
    this.unsubscribe ??= this.deps.events.subscribe((event, origin) => {
      if (event.type !== 'message' || origin.remote || event.message.sender !== 'user') return;
      this.consider(event.userId, event.advisorId, event.message.message_text, event.message.kind);
    });
  }

  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const entry of this.pending.values()) {
      if (entry.timer) clearTimeout(entry.timer);
      if (entry.typing) clearInterval(entry.typing);
    }
    this.pending.clear();
    await Promise.allSettled([...this.inFlight]);
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'demo advisor could not answer'),
    );
    this.inFlight.add(tracked);
    void tracked.finally(() => this.inFlight.delete(tracked));
  }

  private random(): number {
    return (this.deps.random ?? Math.random)();
  }

  private consider(userId: number, advisorId: number, question: string, kind: MessageKind): void {
    const key = `${userId}:${advisorId}`;
    const waiting = this.pending.get(key);
    if (waiting) {
      // Still "typing" the answer to the earlier message: answer the newest question with it.
      if (question) waiting.question = question;
      waiting.kind = kind;
      return;
    }
    // Claimed before the lookup, so that messages arriving meanwhile join this answer.
    const entry: Pending = { timer: null, typing: null, question, kind };
    this.pending.set(key, entry);
    this.track(
      (async () => {
        const advisor = await this.deps.advisors.find(advisorId);
        if (!advisor || !isAnsweredByDemo(advisor) || !this.unsubscribe) {
          this.pending.delete(key);
          return;
        }
        const [min, max] = this.deps.delayMs;
        const delay = min + Math.round(this.random() * Math.max(0, max - min));
        // The advisor "types" through the pause, so the user sees a reply is coming.
        const typing = () => this.deps.events.publish({ type: 'typing', userId, advisorId });
        typing();
        entry.typing = setInterval(typing, LIMITS.typingFrameIntervalMs);
        entry.typing.unref();
        entry.timer = setTimeout(() => {
          this.pending.delete(key);
          if (entry.typing) clearInterval(entry.typing);
          if (this.unsubscribe)
            this.track(this.answer(userId, advisorId, entry.question, entry.kind));
        }, delay);
        entry.timer.unref();
      })().catch((error: unknown) => {
        this.pending.delete(key);
        throw error;
      }),
    );
  }

  private async answer(
    userId: number,
    advisorId: number,
    question: string,
    kind: MessageKind,
  ): Promise<void> {
    // Linked to a person meanwhile? Then the person answers.
    const advisor = await this.deps.advisors.find(advisorId);
    if (!advisor || !isAnsweredByDemo(advisor)) return;
    const user = await this.deps.users.find(userId);
    // Answer in the language the question was written in; the user's language decides otherwise.
    const locale = /[а-яё]/i.test(question)
      ? 'ru'
      : /[a-z]/i.test(question)
        ? 'en'
        : localeOfUser(user);
    await this.deps.chat.markReadByAdvisor(advisor, userId);
    const text = composeDemoReply({
      locale,
      question,
      kind,
      categoryId: advisor.category_id,
      advisorName: advisor.name,
      random: () => this.random(),
    });
    await this.deps.chat.sendAdvisorMessage(advisor, userId, text);
  }
}

function isAnsweredByDemo(
  advisor: Pick<Advisor, 'is_demo' | 'telegram_id' | 'is_active'>,
): boolean {
  return advisor.is_active && advisor.is_demo && advisor.telegram_id === null;
}

type Topic =
  'love' | 'career' | 'money' | 'family' | 'health' | 'dream' | 'tarot' | 'decision' | 'general';

const TOPIC_WORDS: [Topic, RegExp][] = [
  ['dream', /\b(dream|dreamt|dreamed|nightmare)|сн(ил|и|а|ы)|сновид|кошмар/i],
  [
    'love',
    /\b(love|boyfriend|girlfriend|husband|wife|partner|crush|date|dating|ex|marry|marriage|soulmate|relationship)|любл|любв|любов|парн|пар(е|а)нь|муж|жен[аы]|девушк|отношени|свидан|бывш|брак|свадьб/i,
  ],
  [
    'career',
    /\b(job|work|career|boss|promotion|interview|office|colleague|salary)|работ|карьер|начальн|повышени|собеседован|коллег|зарплат/i,
  ],
  [
    'money',
    /\b(money|invest|business|debt|loan|finance|profit|deal)|деньг|денег|бизнес|инвест|долг|кредит|финанс|сделк/i,
  ],
  [
    'family',
    /\b(mother|mom|father|dad|family|child|children|son|daughter|sister|brother|parents)|мам|пап|семь|ребен|дет(и|ей)|сын|доч|сестр|брат|родител/i,
  ],
  ['health', /\b(health|sick|ill|doctor|pain|tired|sleep)|здоров|болез|боле(ю|ть)|врач|устал/i],
  [
    'decision',
    /\b(should i|will i|will he|will she|is it worth|choose|decide|decision)|стоит ли|выбрат|решени|решить/i,
  ],
];

function topicOf(question: string, kind: MessageKind, categoryId: number): Topic {
  if (kind === 'tarot') return 'tarot';
  if (kind === 'dream') return 'dream';
  for (const [topic, words] of TOPIC_WORDS) if (words.test(question)) return topic;
  // Nothing in the words: answer in the advisor's own field.
  return (
    (
      {
        1: 'love',
        2: 'love',
        3: 'love',
        4: 'career',
        5: 'money',
        6: 'family',
        7: 'family',
        9: 'decision',
        11: 'health',
      } as Record<number, Topic>
    )[categoryId] ?? 'general'
  );
}

export const DEMO_CARDS = {
  en: [
    'the Lovers',
    'the Star',
    'the Two of Cups',
    'the Wheel of Fortune',
    'the Empress',
    'the Sun',
    'the Ace of Pentacles',
    'the Moon',
    'Temperance',
  ],
  ru: [
    'Влюблённые',
    'Звезда',
    'Двойка Кубков',
    'Колесо Фортуны',
    'Императрица',
    'Солнце',
    'Туз Пентаклей',
    'Луна',
    'Умеренность',
  ],
};

const TEXTS: Record<
  Locale,
  {
    image: string[];
    topics: Record<Topic, ((card: string) => string)[]>;
    closers: string[];
  }
> = {
  en: {
    image: [
      'Thank you for the picture, it tells me a lot about the energy around you.',
      'I looked at your photo carefully; the energy in it is open and warm.',
    ],
    topics: {
      love: [
        (c) =>
          `I drew ${c} for you: there is real feeling here, but it needs patience and honest words from both sides.`,
        () =>
          'The connection you are thinking about is not finished. The next few weeks will show you who is ready to take a step.',
        () =>
          'I see someone who thinks about you more than they show. Give them room, and keep your own heart calm.',
        () => 'Your heart already knows the answer; fear is the only thing making it sound quiet.',
      ],
      career: [
        (c) =>
          `${c} came up for your work question: a change is coming, and it is more in your favour than it feels now.`,
        () =>
          'I see movement at work within about a month. Prepare quietly and speak up when the opportunity appears.',
        () =>
          'Someone above you notices your effort more than you think. Do not undervalue yourself in the next conversation.',
      ],
      money: [
        (c) => `With ${c} I see money flowing in slowly but steadily. Avoid hasty deals this week.`,
        () =>
          'The energy around your finances is stabilising. Check the details twice before you sign anything.',
        () => 'There is a good opportunity near you, but it asks for caution, not speed.',
      ],
      family: [
        (c) => `${c} shows me your family needs a calm, open talk more than a decision.`,
        () =>
          'The tension you feel at home is temporary. A small gesture from you will soften it more than you expect.',
        () =>
          'I see warmth coming back between you and your loved ones; let the first step be a gentle one.',
      ],
      health: [
        () =>
          'Your energy is tired rather than broken. Rest, water and sleep will bring back a lot; and please listen to your doctor as well.',
        () =>
          'I feel you have been carrying too much. Give yourself a few quiet days; your strength returns with rest.',
      ],
      dream: [
        () =>
          'Your dream speaks about change: what you saw is your inner self getting ready for a new chapter.',
        () =>
          'The symbols in your dream point to hidden feelings that want to be said out loud. Pay attention to who appeared in it.',
        () =>
          'Water, roads and houses in dreams are about your path; yours shows that you are closer to your goal than you think.',
      ],
      tarot: [
        (c) =>
          `I laid out three cards for you. The central one is ${c}: a period of clarity is coming, and you will understand what to do.`,
        (c) =>
          `Your spread opens with ${c}. What you are waiting for is moving towards you, slowly but surely.`,
        (c) =>
          `${c} leads your reading: trust what you feel, the situation will turn in your favour.`,
      ],
      decision: [
        (c) =>
          `I asked the cards and ${c} came up: the answer leans towards yes, if you act with a calm heart.`,
        () =>
          'Wait a little before you decide. In a few days you will have one more piece of information that makes the choice easy.',
        () =>
          'Both paths are open to you, but one of them feels lighter. Choose the one that lets you breathe.',
      ],
      general: [
        (c) => `${c} is a good sign for you. Things are moving in the right direction.`,
        () => 'I see a period of change ahead, and it brings more good than you fear.',
        () => 'Your intuition is strong right now. Trust the first feeling you had about this.',
      ],
    },
    closers: [
      'Tell me more, and I will look deeper.',
      'Would you like me to look at the timing as well?',
      'Write to me if you want a more detailed reading.',
      'What do you feel when you read this?',
      'I am here if you have another question.',
      '',
    ],
  },
  ru: {
    image: [
      'Спасибо за фото, оно многое говорит об энергии вокруг вас.',
      'Внимательно смотрю на ваше фото: энергия на нём открытая и тёплая.',
    ],
    topics: {
      love: [
        (c) =>
          `Для вас выпала карта ${c}: здесь есть настоящее чувство, но ему нужны терпение и честные слова с обеих сторон.`,
        () =>
          'Связь, о которой вы думаете, не закончена. Ближайшие недели покажут, кто готов сделать шаг.',
        () =>
          'Я вижу человека, который думает о вас больше, чем показывает. Дайте ему пространство и берегите своё спокойствие.',
        () => 'Ваше сердце уже знает ответ; его заглушает только страх.',
      ],
      career: [
        (c) =>
          `На ваш вопрос о работе выпала карта ${c}: перемены близко, и они благоприятнее, чем кажется сейчас.`,
        () =>
          'Я вижу движение на работе примерно в течение месяца. Готовьтесь спокойно и заявите о себе, когда появится возможность.',
        () =>
          'Руководство замечает ваши усилия больше, чем вы думаете. Не занижайте себе цену в следующем разговоре.',
      ],
      money: [
        (c) =>
          `С картой ${c} я вижу, что деньги приходят медленно, но стабильно. На этой неделе избегайте поспешных сделок.`,
        () =>
          'Энергия вокруг ваших финансов выравнивается. Дважды проверьте детали, прежде чем что-то подписывать.',
        () => 'Рядом с вами есть хорошая возможность, но она требует осторожности, а не спешки.',
      ],
      family: [
        (c) =>
          `Карта ${c} показывает, что вашей семье сейчас нужнее спокойный откровенный разговор, чем решение.`,
        () =>
          'Напряжение дома временное. Небольшой жест с вашей стороны смягчит его сильнее, чем вы ожидаете.',
        () =>
          'Я вижу, как тепло возвращается в отношения с близкими; пусть первый шаг будет мягким.',
      ],
      health: [
        () =>
          'Ваша энергия устала, но не сломлена. Отдых, вода и сон многое вернут; и, пожалуйста, прислушайтесь и к врачу.',
        () =>
          'Я чувствую, что вы несёте слишком много. Подарите себе несколько тихих дней — силы вернутся.',
      ],
      dream: [
        () =>
          'Ваш сон говорит о переменах: то, что вы увидели, — это ваша душа, готовящаяся к новой главе.',
        () =>
          'Символы вашего сна указывают на скрытые чувства, которые хотят быть высказанными. Обратите внимание, кто в нём появился.',
        () =>
          'Вода, дороги и дома во сне — о вашем пути; ваш сон показывает, что вы ближе к цели, чем думаете.',
      ],
      tarot: [
        (c) =>
          `В раскладе из трёх карт центральная — ${c}: приходит время ясности, и вы поймёте, что делать.`,
        (c) =>
          `Ваш расклад открывает карта ${c}. То, чего вы ждёте, движется к вам — медленно, но верно.`,
        (c) =>
          `В раскладе главная карта — ${c}: доверьтесь своим ощущениям, ситуация повернётся в вашу пользу.`,
      ],
      decision: [
        (c) =>
          `Карты ответили на ваш вопрос картой ${c}: скорее «да», если действовать со спокойным сердцем.`,
        () =>
          'Подождите немного с решением. Через несколько дней появится ещё одна деталь, и выбор станет лёгким.',
        () => 'Оба пути открыты, но один из них легче. Выберите тот, на котором вам легче дышать.',
      ],
      general: [
        (c) => `Карта ${c} — хороший знак для вас. Всё движется в верном направлении.`,
        () => 'Впереди период перемен, и он принесёт больше хорошего, чем вы опасаетесь.',
        () => 'Ваша интуиция сейчас сильна. Доверьтесь первому ощущению.',
      ],
    },
    closers: [
      'Расскажите подробнее, и я посмотрю глубже.',
      'Хотите, я посмотрю и сроки?',
      'Напишите, если нужен более подробный расклад.',
      'Что вы чувствуете, читая это?',
      'Я здесь, если появится ещё вопрос.',
      '',
    ],
  },
};

function pick<T>(items: readonly T[], random: () => number): T {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))]!;
}

/** "the Lovers came up" → "The Lovers came up": a reply never starts with a small letter. */
function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The first sentence of a text (up to the first . ! ? or : followed by a space, or the end). */
export function firstSentence(text: string): string {
  const match = /^.*?[.!?:](?=\s|$)/.exec(text);
  return (match ? match[0] : text).trim();
}

/**
 * Every way a demo reply can open in `locale`, with `card` as the drawn card: each topic line
 * and each picture line. No two share their first sentence, so replies never sound canned.
 */
export function demoReplyOpenings(locale: Locale, card: string): string[] {
  const texts = TEXTS[locale];
  return [
    ...texts.image,
    ...Object.values(texts.topics).flatMap((lines) => lines.map((line) => capitalised(line(card)))),
  ];
}

export function composeDemoReply(input: {
  locale: Locale;
  question: string;
  kind: MessageKind;
  categoryId: number;
  advisorName: string;
  random?: () => number;
}): string {
  const random = input.random ?? Math.random;
  const texts = TEXTS[input.locale];
  const card = pick(DEMO_CARDS[input.locale], random);
  const parts: string[] = [];
  if (input.kind === 'image' && !input.question) parts.push(pick(texts.image, random));
  parts.push(
    capitalised(
      pick(texts.topics[topicOf(input.question, input.kind, input.categoryId)], random)(card),
    ),
  );
  parts.push(pick(texts.closers, random));
  return parts.filter(Boolean).join(' ');
}
