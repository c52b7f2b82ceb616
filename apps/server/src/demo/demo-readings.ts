/**
 * What a demo advisor writes back (decision 051): no language model, but a reading composed from
 * parts keyed by the question's topic and by the card actually drawn. A reply names that card
 * and what it says, answers the topic of the question in the question's own terms (the subject
 * it names: "the interview", "о маме"), adds timing when the question asks "when", and never
 * repeats a sentence the advisor already wrote in the dialog.
 */
import type { Locale, MessageKind } from '@seer/contract';
import { DEMO_TAROT_CARDS, cardOfRequest, withoutCardLine, type DrawnCard } from './demo-cards.js';

export type Topic =
  'love' | 'career' | 'money' | 'family' | 'health' | 'dream' | 'decision' | 'general';

/** Russian stems match at the start of a word (JavaScript's \b knows only Latin letters). */
const ru = (...stems: string[]) => `(?<![а-яё])(?:${stems.join('|')})`;
const en = (...words: string[]) => `\\b(?:${words.join('|')})`;
const words = (...parts: string[]) => new RegExp(parts.join('|'), 'i');

const TOPIC_WORDS: [Topic, RegExp][] = [
  [
    'dream',
    words(
      en('dream', 'dreamt', 'dreamed', 'nightmare'),
      ru('снил', 'сны', 'сновид', 'кошмар', 'приснил'),
    ),
  ],
  [
    'love',
    words(
      en(
        'love',
        'boyfriend',
        'girlfriend',
        'husband',
        'wife',
        'partner',
        'crush',
        'date',
        'dating',
        'ex',
        'marry',
        'marriage',
        'wedding',
        'soulmate',
        'relationship',
        'come back',
        'he',
        'she',
      ),
      ru(
        'любл',
        'любв',
        'любов',
        'парн',
        'парен',
        'муж',
        'жен[аыу]',
        'девушк',
        'отношени',
        'свидан',
        'бывш',
        'брак',
        'свадьб',
        'вернётся',
        'вернется',
        'он ',
        'она ',
      ),
    ),
  ],
  [
    'career',
    words(
      en(
        'job',
        'work',
        'career',
        'boss',
        'promotion',
        'interview',
        'office',
        'colleague',
        'salary',
      ),
      ru('работ', 'карьер', 'начальн', 'руковод', 'повышени', 'собеседован', 'коллег', 'зарплат'),
    ),
  ],
  [
    'money',
    words(
      en(
        'money',
        'invest',
        'investment',
        'business',
        'debt',
        'loan',
        'finance',
        'finances',
        'profit',
        'deal',
      ),
      ru('деньг', 'денег', 'бизнес', 'инвест', 'долг', 'кредит', 'финанс', 'сделк'),
    ),
  ],
  [
    'family',
    words(
      en(
        'mother',
        'mom',
        'mum',
        'father',
        'dad',
        'family',
        'child',
        'children',
        'son',
        'daughter',
        'sister',
        'brother',
        'parents',
      ),
      ru(
        'мам',
        'мать',
        'матер',
        'пап',
        'отец',
        'отца',
        'семь',
        'ребён',
        'ребен',
        'дет[иейя]',
        'сын',
        'доч',
        'сестр',
        'брат',
        'родител',
      ),
    ),
  ],
  [
    'health',
    words(
      en('health', 'sick', 'ill', 'doctor', 'pain', 'tired'),
      ru('здоров', 'болез', 'болит', 'боле[юлт]', 'врач', 'устал'),
    ),
  ],
  [
    'decision',
    words(
      en('should i', 'is it worth', 'choose', 'decide', 'decision', 'move'),
      ru('стоит ли', 'выбрат', 'выбор', 'решени', 'решить', 'переезд'),
    ),
  ],
];

/** What the question is about, in its own terms: [words, English subject, Russian "о …"]. */
const SUBJECTS: Record<Topic, [RegExp, string, string][]> = {
  love: [
    [words(en('ex'), ru('бывш')), 'your past relationship', 'о прошлых отношениях'],
    [
      words(en('come back', 'return'), ru('вернёт', 'вернет', 'возвращ')),
      'whether they will come back',
      'о возвращении',
    ],
    [words(en('husband'), ru('муж')), 'your husband', 'о муже'],
    [words(en('wife'), ru('жен[аеуы]')), 'your wife', 'о жене'],
    [words(en('boyfriend'), ru('парн', 'парен')), 'your boyfriend', 'о вашем парне'],
    [words(en('girlfriend'), ru('девушк')), 'your girlfriend', 'о вашей девушке'],
    [
      words(en('marry', 'marriage', 'wedding'), ru('брак', 'свадьб', 'замуж', 'жениться')),
      'marriage',
      'о браке',
    ],
    [/^/, 'your relationship', 'об отношениях'],
  ],
  career: [
    [words(en('interview'), ru('собеседован')), 'the interview', 'о собеседовании'],
    [words(en('promotion'), ru('повышени')), 'the promotion', 'о повышении'],
    [words(en('boss'), ru('начальн', 'руковод')), 'your boss', 'о начальнике'],
    [words(en('salary'), ru('зарплат')), 'your salary', 'о зарплате'],
    [words(en('new job'), ru('нов(ая|ую|ой) работ')), 'the new job', 'о новой работе'],
    [/^/, 'your work', 'о работе'],
  ],
  money: [
    [words(en('debt', 'loan'), ru('долг', 'кредит')), 'the debt', 'о долге'],
    [words(en('business'), ru('бизнес')), 'your business', 'о бизнесе'],
    [words(en('invest'), ru('инвест')), 'the investment', 'об инвестициях'],
    [/^/, 'your finances', 'о финансах'],
  ],
  family: [
    [words(en('mother', 'mom', 'mum'), ru('мам', 'мать', 'матер')), 'your mother', 'о маме'],
    [words(en('father', 'dad'), ru('пап', 'отец', 'отца')), 'your father', 'об отце'],
    [
      words(
        en('child', 'children', 'son', 'daughter'),
        ru('ребён', 'ребен', 'дет[иейя]', 'сын', 'доч'),
      ),
      'your child',
      'о ребёнке',
    ],
    [words(en('sister'), ru('сестр')), 'your sister', 'о сестре'],
    [words(en('brother'), ru('брат')), 'your brother', 'о брате'],
    [words(en('parents'), ru('родител')), 'your parents', 'о родителях'],
    [/^/, 'your family', 'о семье'],
  ],
  health: [[/^/, 'your health', 'о здоровье']],
  dream: [
    [words(en('water', 'sea', 'river'), ru('вод', 'мор[еяю]', 'рек')), 'the water', 'о воде'],
    [words(en('house', 'home'), ru('дом')), 'the house', 'о доме'],
    [words(en('road', 'path'), ru('дорог', 'пут[иь]')), 'the road', 'о дороге'],
    [words(en('fall', 'falling', 'fell'), ru('пада', 'упал')), 'the fall', 'о падении'],
    [words(en('teeth', 'tooth'), ru('зуб')), 'the teeth', 'о зубах'],
    [
      words(en('fly', 'flying', 'flew'), ru('лета', 'летел', 'полёт', 'полет')),
      'flying',
      'о полёте',
    ],
    [words(en('snake'), ru('зме')), 'the snake', 'о змее'],
    [/^/, 'this dream', 'об этом сне'],
  ],
  decision: [
    [words(en('move', 'moving'), ru('переезд', 'переех')), 'the move', 'о переезде'],
    [/^/, 'your choice', 'о вашем выборе'],
  ],
  general: [[/^/, 'your question', 'о вашем вопросе']],
};

const ASKS_WHEN = words(
  en('when', 'how soon', 'how long'),
  ru('когда', 'как скоро', 'сколько ждать'),
);

interface ReadingTexts {
  orientation: { upright: string; reversed: string };
  /** {card} {orientation} {meaning}: the card the user drew. */
  card: string[];
  /** {card} {orientation} {meaning}: a card the advisor drew for a request without one. */
  drawnCard: string[];
  /** {card} {orientation}: a card named in the request that the demo does not know. */
  unknownCard: string[];
  /** Lead-ins naming the card and the subject ({card}, {subject}), before a topic clause. */
  cardLeads: string[];
  /** Lead-ins with the question's subject ({subject}), before a topic clause. */
  subjectLeads: string[];
  plainLeads: string[];
  dreamLeads: string[];
  cores: Record<Topic, string[]>;
  timing: string[];
  image: string[];
  closers: string[];
}

const TEXTS: Record<Locale, ReadingTexts> = {
  en: {
    orientation: { upright: 'upright', reversed: 'reversed' },
    card: [
      'Your card is {card}, {orientation}: {meaning}.',
      '{card}, {orientation}, sits at the heart of this reading: {meaning}.',
      'I laid your question beside {card}, and it says that {meaning}.',
      'With {card} {orientation} the message is clear: {meaning}.',
      '{card} came to you {orientation}, which tells me that {meaning}.',
      'Looking at {card} ({orientation}), I read it this way: {meaning}.',
      'The card you drew, {card}, speaks plainly here: {meaning}.',
      '{card} answers you {orientation}: {meaning}.',
    ],
    drawnCard: [
      'I drew {card} for you, {orientation}: {meaning}.',
      'The card that came up for you is {card}, {orientation}: {meaning}.',
      'I shuffled with your question in mind and {card} came up {orientation}: {meaning}.',
    ],
    unknownCard: [
      'Your card is {card}, {orientation}, and I read it together with your question.',
      'I keep {card} ({orientation}) in front of me as I answer.',
      '{card}, {orientation}, sets the tone of this reading.',
    ],
    cardLeads: [
      'With {card} beside {subject}, I see that ',
      'Read through {card}, {subject} shows me that ',
    ],
    subjectLeads: [
      'As for {subject}, ',
      'About {subject}, I feel that ',
      'When I tune in to {subject}, I see that ',
    ],
    plainLeads: ['I see that ', 'What comes through clearly is that ', 'My feeling is that '],
    dreamLeads: [
      'Your dream tells me that ',
      'The images you describe show that ',
      'Reading this dream, I feel that ',
    ],
    cores: {
      love: [
        'there is real feeling here, but it needs patience and honest words from both sides',
        'the connection you are thinking about is not finished yet',
        'someone thinks about you more than they show',
        'your heart already knows the answer, and only fear makes it sound quiet',
        'a calm, direct conversation will do more than waiting for a sign',
        'old hurt is fading, and there is room for something new',
      ],
      career: [
        'a change at work is close, and it favours you more than it feels now',
        'someone above you notices your effort more than you think',
        'the next month brings movement, so prepare quietly and speak up when the chance appears',
        'you are ready for more responsibility than you are given',
        'a conversation about pay or role will go better if you name your worth first',
        'the tension with colleagues is a passing phase, not the end of the road',
      ],
      money: [
        'money comes in slowly but steadily, and hasty deals are the only real risk',
        'the energy around your finances is settling',
        'there is a good opportunity near you, but it asks for caution rather than speed',
        'a debt or obligation will feel lighter within a few weeks',
        'checking the details twice before you sign will save you a loss',
        'small, regular steps will serve you better than one big bet',
      ],
      family: [
        'your family needs a calm, open talk more than a decision',
        'the tension at home is temporary, and a small gesture from you will soften it',
        'warmth is coming back between you and your loved ones',
        'the person you worry about is stronger than they look',
        'listening first will open the door that arguing keeps closed',
        'an old family pattern is asking to be broken, and you can do it gently',
      ],
      health: [
        'your energy is tired rather than broken, and rest will bring a lot of it back',
        'you have been carrying too much, and a few quiet days will return your strength',
        'your body is asking for a slower rhythm, and it is worth listening to it and to your doctor',
        'sleep and a steady routine matter more right now than any quick fix',
        'the worry itself takes more strength than the problem, so share it with someone you trust',
        'recovery comes in small steps, and you are already on the first of them',
      ],
      dream: [
        'what you saw is your inner self getting ready for a new chapter',
        'its symbols point to feelings that want to be said out loud',
        'you are closer to your goal than you think',
        'something you have put aside is asking for your attention again',
        'the fear in it is about change, not about danger',
        'the people who appeared in it stand for parts of your own life',
      ],
      decision: [
        'the answer leans towards yes, if you act with a calm heart',
        'a few more days will bring one more detail that makes the choice easy',
        'both paths are open, but one of them lets you breathe more freely',
        'the option that scares you a little is the one that helps you grow',
        'you have already decided and are looking for permission you do not need',
        'the timing matters more than the choice itself, so do not rush',
      ],
      general: [
        'things are moving in the right direction',
        'a period of change is ahead, and it brings more good than you fear',
        'your intuition is strong right now, so trust the first feeling you had',
        'what seems stuck is quietly shifting',
        'the help you need will come from a person you do not expect',
        'letting go of one worry will free space for what you want',
      ],
    },
    timing: [
      'As for timing, I see the first signs within about three weeks.',
      'The timing points to the next new moon, roughly a month from now.',
      'It will not happen overnight; give it until the end of next month.',
      'I see movement sooner than you expect, within the next two weeks.',
      'The turning point falls at the start of the coming season.',
      'Expect a first answer in days, and the full picture within six weeks.',
    ],
    image: [
      'Thank you for the picture, it tells me a lot about the energy around you.',
      'I looked at your photo carefully; the energy in it is open and warm.',
      'Your photo shows a person who has been strong for a long time.',
      'There is a calm light around you in this picture.',
    ],
    closers: [
      'Tell me more, and I will look deeper.',
      'Would you like me to look at the timing as well?',
      'Write to me if you want a more detailed reading.',
      'What do you feel when you read this?',
      'I am here if you have another question.',
      'Shall I look at what is in your way?',
      'Does this match what you have been sensing?',
      'Ask me anything that is still unclear.',
    ],
  },
  ru: {
    orientation: { upright: 'в прямом положении', reversed: 'в перевёрнутом положении' },
    card: [
      'Ваша карта — {card} {orientation}: {meaning}.',
      '{card} {orientation} — сердце этого расклада: {meaning}.',
      'Кладу ваш вопрос рядом с картой {card}, и она говорит: {meaning}.',
      'С картой {card} {orientation} послание ясное: {meaning}.',
      'Карта {card} пришла к вам {orientation}, а значит, {meaning}.',
      'Смотрю на карту {card} {orientation} и читаю её так: {meaning}.',
      'Выпавшая вам карта {card} говорит прямо: {meaning}.',
      'Карта {card} {orientation} отвечает вам так: {meaning}.',
    ],
    drawnCard: [
      'Для вас выпала карта {card} {orientation}: {meaning}.',
      'Тасую колоду с вашим вопросом, и выходит карта {card} {orientation}: {meaning}.',
      'Карта, которая пришла к вам, — {card} {orientation}: {meaning}.',
    ],
    unknownCard: [
      'Ваша карта — {card} {orientation}, и я читаю её вместе с вашим вопросом.',
      'Держу перед собой карту {card} {orientation}, пока отвечаю.',
      'Карта {card} {orientation} задаёт тон этому раскладу.',
    ],
    cardLeads: [
      'Рядом с картой {card} в вопросе {subject} я вижу, что ',
      'Через карту {card} ваш вопрос {subject} читается так: ',
    ],
    subjectLeads: [
      'Если говорить {subject}, ',
      'Про ваш вопрос {subject} скажу так: ',
      'Когда я настраиваюсь на вопрос {subject}, я вижу, что ',
    ],
    plainLeads: ['Я вижу, что ', 'Мне ясно открывается вот что: ', 'Я чувствую, что '],
    dreamLeads: [
      'Ваш сон говорит мне, что ',
      'Образы, которые вы описываете, показывают, что ',
      'Читая этот сон, я чувствую, что ',
    ],
    cores: {
      love: [
        'здесь есть настоящее чувство, но ему нужны терпение и честные слова с обеих сторон',
        'связь, о которой вы думаете, ещё не закончена',
        'о вас думают больше, чем показывают',
        'ваше сердце уже знает ответ, и только страх делает его тише',
        'спокойный прямой разговор даст больше, чем ожидание знака',
        'старая обида уходит, и появляется место для нового',
      ],
      career: [
        'перемены на работе близко, и они благоприятнее, чем кажется сейчас',
        'руководство замечает ваши усилия больше, чем вы думаете',
        'ближайший месяц принесёт движение, так что готовьтесь спокойно и заявите о себе, когда появится шанс',
        'вы готовы к большей ответственности, чем вам сейчас дают',
        'разговор о деньгах или должности пройдёт лучше, если вы первыми назовёте свою цену',
        'напряжение с коллегами — временная полоса, а не конец пути',
      ],
      money: [
        'деньги приходят медленно, но стабильно, и настоящий риск только в поспешных сделках',
        'энергия вокруг ваших финансов выравнивается',
        'рядом с вами есть хорошая возможность, но она требует осторожности, а не спешки',
        'долг или обязательство станет легче в ближайшие недели',
        'если дважды проверить детали перед подписью, вы избежите потерь',
        'небольшие регулярные шаги помогут больше, чем одна крупная ставка',
      ],
      family: [
        'вашей семье сейчас нужнее спокойный откровенный разговор, чем решение',
        'напряжение дома временное, и небольшой жест с вашей стороны его смягчит',
        'тепло возвращается в отношения с близкими',
        'человек, за которого вы волнуетесь, сильнее, чем кажется',
        'если сначала выслушать, откроется дверь, которую спор держит закрытой',
        'старый семейный сценарий просит перемен, и вы можете изменить его бережно',
      ],
      health: [
        'ваша энергия устала, но не сломлена, и отдых многое вернёт',
        'вы несёте слишком много, и несколько тихих дней вернут силы',
        'тело просит более спокойного ритма, и стоит прислушаться к нему и к врачу',
        'сон и ровный распорядок сейчас важнее любых быстрых решений',
        'тревога отнимает больше сил, чем сама проблема, поэтому поделитесь ею с тем, кому доверяете',
        'восстановление идёт маленькими шагами, и первый из них вы уже сделали',
      ],
      dream: [
        'то, что вы увидели, — это ваша душа, которая готовится к новой главе',
        'символы сна указывают на чувства, которые хотят быть высказанными',
        'вы ближе к цели, чем думаете',
        'то, что вы отложили, снова просит внимания',
        'страх во сне говорит о переменах, а не об опасности',
        'люди, которые в нём появились, — это части вашей собственной жизни',
      ],
      decision: [
        'ответ склоняется к «да», если действовать со спокойным сердцем',
        'ещё несколько дней принесут деталь, которая сделает выбор лёгким',
        'оба пути открыты, но на одном из них вам легче дышать',
        'вариант, который немного пугает, — тот, что поможет вам вырасти',
        'вы уже решили и ищете разрешения, которое вам не нужно',
        'сроки сейчас важнее самого выбора, поэтому не спешите',
      ],
      general: [
        'всё движется в верном направлении',
        'впереди перемены, и они принесут больше хорошего, чем вы опасаетесь',
        'ваша интуиция сейчас сильна, так что доверьтесь первому ощущению',
        'то, что кажется застывшим, потихоньку сдвигается',
        'помощь придёт от человека, от которого вы её не ждёте',
        'если отпустить одну тревогу, освободится место для желаемого',
      ],
    },
    timing: [
      'По срокам первые знаки я вижу примерно через три недели.',
      'Сроки указывают на ближайшее новолуние, примерно через месяц.',
      'Это случится не за один день; дайте времени до конца следующего месяца.',
      'Движение я вижу раньше, чем вы ждёте, — в ближайшие две недели.',
      'Поворотный момент приходится на начало нового сезона.',
      'Первый ответ придёт через несколько дней, а полная картина — за шесть недель.',
    ],
    image: [
      'Спасибо за фото, оно многое говорит об энергии вокруг вас.',
      'Внимательно смотрю на ваше фото: энергия на нём открытая и тёплая.',
      'На фото человек, который давно держится сильным.',
      'На этом снимке вокруг вас спокойный свет.',
    ],
    closers: [
      'Расскажите подробнее, и я посмотрю глубже.',
      'Хотите, я посмотрю и сроки?',
      'Напишите, если нужен более подробный расклад.',
      'Что вы чувствуете, читая это?',
      'Я здесь, если появится ещё вопрос.',
      'Посмотреть, что вам мешает?',
      'Совпадает ли это с тем, что вы чувствуете?',
      'Спрашивайте обо всём, что осталось неясным.',
    ],
  },
};

/** The sentences of a text: split after . ! ? followed by a space or the end. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

const normal = (sentence: string) => sentence.toLowerCase().replace(/\s+/g, ' ').trim();

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
}

function topicInWords(text: string, kind: MessageKind): Topic | null {
  for (const [topic, pattern] of TOPIC_WORDS) {
    if (topic === 'dream' && kind === 'tarot') continue;
    if (pattern.test(text)) return topic;
  }
  return null;
}

/**
 * The topic of a question: a dream request is a dream; else its words; else the words of the
 * user's earlier messages, newest first ("And when?" goes on about the promotion); else the
 * advisor's own field.
 */
export function topicOf(
  question: string,
  kind: MessageKind,
  categoryId: number,
  earlierQuestions: readonly string[] = [],
): Topic {
  if (kind === 'dream') return 'dream';
  const found = topicInWords(question, kind);
  if (found) return found;
  for (const earlier of [...earlierQuestions].reverse()) {
    const topic = topicInWords(earlier, 'text');
    if (topic && topic !== 'dream') return topic;
  }
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

/** The subject the question names, and whether it named one (rather than the topic's own). */
function subjectOf(
  question: string,
  topic: Topic,
  locale: Locale,
): { text: string; named: boolean } {
  const subjects = SUBJECTS[topic];
  const index = subjects.findIndex(([pattern]) => pattern.test(question));
  const found = subjects[index]!;
  return { text: locale === 'ru' ? found[2] : found[1], named: index < subjects.length - 1 };
}

interface Candidate {
  text: string;
  /** The clause that carries the meaning: not repeated while a fresh one is left. */
  core?: string;
}

export interface DemoReplyInput {
  locale: Locale;
  /** The user's unanswered message(s); a tarot request starts with its "My card: …" line. */
  question: string;
  kind: MessageKind;
  categoryId: number;
  /** The advisor's earlier messages in this dialog: none of their sentences is written again. */
  earlier?: readonly string[];
  /** The user's earlier (answered) messages, oldest first: the topic of a follow-up. */
  earlierQuestions?: readonly string[];
  random?: () => number;
}

/** The card of a tarot request, or one drawn for it when it names none. */
function cardFor(
  input: DemoReplyInput,
  random: () => number,
): (DrawnCard & { drawn: boolean }) | null {
  if (input.kind !== 'tarot') return null;
  const named = cardOfRequest(input.question, input.locale);
  if (named) return { ...named, drawn: false };
  const card = DEMO_TAROT_CARDS[Math.floor(random() * DEMO_TAROT_CARDS.length)]!;
  const reversed = random() < 0.3;
  return {
    name: card.name[input.locale],
    reversed,
    meaning: (reversed ? card.reversed : card.upright)[input.locale],
    drawn: true,
  };
}

export function composeDemoReply(input: DemoReplyInput): string {
  const random = input.random ?? Math.random;
  const texts = TEXTS[input.locale];
  const earlier = (input.earlier ?? []).map(normal);
  const used = new Set(earlier.flatMap((message) => sentencesOf(message)));
  const usedCores = (core: string) => earlier.some((message) => message.includes(normal(core)));

  /** A fresh candidate (its sentences never written in the dialog), fresh cores first; null if none. */
  const take = (candidates: Candidate[]): string | null => {
    const shuffled = candidates
      .map((candidate) => ({ candidate, order: random() }))
      .sort((a, b) => a.order - b.order)
      .map(({ candidate }) => candidate);
    const fresh = shuffled.filter(({ text }) =>
      sentencesOf(text).every((s) => !used.has(normal(s))),
    );
    const chosen = fresh.find(({ core }) => !core || !usedCores(core)) ?? fresh[0] ?? null;
    if (!chosen) return null;
    for (const sentence of sentencesOf(chosen.text)) used.add(normal(sentence));
    return capitalised(chosen.text);
  };

  const question = withoutCardLine(input.question);
  const topic = topicOf(question, input.kind, input.categoryId, input.earlierQuestions);
  // The subject comes from the question, else from the earlier message that set the topic.
  const subjectWords =
    topicInWords(question, input.kind) === topic
      ? question
      : ([...(input.earlierQuestions ?? [])]
          .reverse()
          .find((earlier) => topicInWords(earlier, 'text') === topic) ?? question);
  const subject = subjectOf(subjectWords, topic, input.locale);
  const card = cardFor(input, random);
  const subjectValue = subject.text;
  const cardValues = card && {
    card: card.name,
    orientation: texts.orientation[card.reversed ? 'reversed' : 'upright'],
    meaning: card.meaning ?? '',
  };
  const clauses = (leads: string[], cores: string[], values: Record<string, string>) =>
    leads.flatMap((lead) => cores.map((core) => ({ text: `${fill(lead, values)}${core}.`, core })));
  // A question that names its subject ("the interview") is always answered about it.
  const topicCandidates = (which: Topic): Candidate[] =>
    clauses(
      which === topic && subject.named
        ? texts.subjectLeads
        : which === 'dream'
          ? [...texts.dreamLeads, ...texts.subjectLeads]
          : [...texts.subjectLeads, ...texts.plainLeads],
      texts.cores[which],
      { subject: which === topic ? subjectValue : subjectOf('', which, input.locale).text },
    );

  const parts: (string | null)[] = [];
  if (input.kind === 'image' && !question) parts.push(take(texts.image.map((text) => ({ text }))));
  if (card && cardValues) {
    const templates = !card.meaning ? texts.unknownCard : card.drawn ? texts.drawnCard : texts.card;
    parts.push(
      take(templates.map((template) => ({ text: fill(template, cardValues) }))) ??
        // Every card sentence already written: the card still leads the topic line.
        take(
          clauses(texts.cardLeads, texts.cores[topic], { ...cardValues, subject: subjectValue }),
        ),
    );
  }
  parts.push(take(topicCandidates(topic)) ?? take(topicCandidates('general')));
  if (ASKS_WHEN.test(question)) parts.push(take(texts.timing.map((text) => ({ text }))));
  if (random() < 0.7) parts.push(take(texts.closers.map((text) => ({ text }))));
  return parts.filter((part): part is string => Boolean(part)).join(' ');
}
