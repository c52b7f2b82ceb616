/** The demo catalogue: three or more advisors for each of the 12 categories. */
import type { NewAdvisor } from '../advisors/index.js';

interface DemoAdvisor extends Omit<NewAdvisor, 'avatar_url' | 'is_demo' | 'clients'> {
  slug: string;
}

const a = (
  slug: string,
  name: string,
  category_id: number,
  price_cents: number,
  experience_years: number,
  demo_online: boolean,
  description: string,
  additional_info: string,
): DemoAdvisor => ({
  slug,
  name,
  category_id,
  price_cents,
  experience_years,
  demo_online,
  description,
  additional_info,
});

export const DEMO_ADVISORS: DemoAdvisor[] = [
  a(
    'luna-everhart',
    'Luna Everhart',
    1,
    199,
    12,
    true,
    'Tarot reader focused on love and soulmate connections. Gentle, honest readings that show where your heart is heading.',
    'Certified in Rider–Waite and Thoth tarot. Uses crystals and candle work for clarity.',
  ),
  a(
    'aurora-vale',
    'Aurora Vale',
    1,
    249,
    8,
    false,
    'Empath and love coach. Helps you understand what your partner feels and how to open your heart again.',
    'Combines astrology synastry with intuitive reading.',
  ),
  a(
    'selene-marsh',
    'Selene Marsh',
    1,
    149,
    5,
    true,
    'Clairvoyant who reads the energy between two people. Quick, clear answers about new romance.',
    'Specialises in twin-flame and soulmate questions.',
  ),
  a(
    'orion-black',
    'Orion Black',
    2,
    299,
    15,
    true,
    'Relationship psychic. Works through conflicts, jealousy and trust issues with calm, practical guidance.',
    'Former family counsellor; reads with Lenormand cards.',
  ),
  a(
    'mira-solace',
    'Mira Solace',
    2,
    179,
    6,
    false,
    'Helps you see a troubled relationship from both sides and decide what is worth saving.',
    'Uses oracle cards and breathing practice during sessions.',
  ),
  a(
    'dante-rowe',
    'Dante Rowe',
    2,
    219,
    9,
    true,
    'Straightforward readings on breakups, reconciliation and moving on.',
    'Known for detailed timelines of relationship events.',
  ),
  a(
    'celeste-moon',
    'Celeste Moon',
    3,
    199,
    11,
    true,
    'Predicts where your relationship is going: commitment, marriage, or a new person on the horizon.',
    'Astrologer and tarot reader; tarot, yes/no and dream requests welcome.',
  ),
  a(
    'iris-nightingale',
    'Iris Nightingale',
    3,
    159,
    7,
    true,
    'Dream interpreter and tarot reader. Turns symbols from your dreams into guidance for your love life.',
    'Keeps a dream journal practice with clients; answers in detail.',
  ),
  a(
    'sage-willow',
    'Sage Willow',
    3,
    229,
    14,
    false,
    'Future relationship forecasts based on your natal chart and current transits.',
    'Professional astrologer since 2011; tarot for timing.',
  ),
  a(
    'victor-hale',
    'Victor Hale',
    4,
    279,
    13,
    true,
    'Career advisor with an intuitive gift. Job changes, promotions, conflicts with management.',
    'Combines numerology with practical career coaching.',
  ),
  a(
    'nora-quill',
    'Nora Quill',
    4,
    189,
    6,
    false,
    'Helps you find your calling and the right moment for a career move.',
    'Reads with tarot and astrology of the 10th house.',
  ),
  a(
    'felix-stone',
    'Felix Stone',
    4,
    169,
    4,
    true,
    'Fast, focused readings about interviews, offers and workplace relationships.',
    'Background in HR; pendulum and tarot.',
  ),
  a(
    'magnus-gold',
    'Magnus Gold',
    5,
    349,
    18,
    true,
    'Business and investment forecasts: partnerships, launches and timing of big decisions.',
    'Financial astrology; works with entrepreneurs worldwide.',
  ),
  a(
    'elena-frost',
    'Elena Frost',
    5,
    299,
    10,
    false,
    'Sees the energy of deals and partners before you sign.',
    'Runic readings and financial numerology.',
  ),
  a(
    'jasper-reed',
    'Jasper Reed',
    5,
    249,
    7,
    true,
    'Practical intuitive guidance for small business owners and freelancers.',
    'Tarot with a focus on cash flow and growth cycles.',
  ),
  a(
    'hazel-grove',
    'Hazel Grove',
    6,
    179,
    16,
    true,
    'Restores harmony in families: parents, children, in-laws. Warm and patient.',
    'Family constellations and tarot.',
  ),
  a(
    'amara-lane',
    'Amara Lane',
    6,
    159,
    8,
    false,
    'Helps families through tension and misunderstandings with gentle insight.',
    'Works with angel cards and meditation.',
  ),
  a(
    'tobias-wren',
    'Tobias Wren',
    6,
    199,
    10,
    true,
    'Clear readings about family conflicts and how to bring people back together.',
    'Former mediator; reads with Lenormand.',
  ),
  a(
    'rosa-bell',
    'Rosa Bell',
    7,
    149,
    5,
    true,
    'Strengthens family bonds: rituals, advice and readings for a closer home.',
    'Folk traditions and candle magic.',
  ),
  a(
    'elias-park',
    'Elias Park',
    7,
    189,
    9,
    false,
    'Guidance for couples with children and blended families.',
    'Astrology of family charts.',
  ),
  a(
    'ivy-hollow',
    'Ivy Hollow',
    7,
    169,
    7,
    true,
    'Finds the roots of family tension and shows a way to warmth.',
    'Ancestral healing and tarot.',
  ),
  a(
    'cassius-vane',
    'Cassius Vane',
    8,
    399,
    21,
    true,
    'Renowned seer. Long-range predictions about life path, fate and turning points.',
    'Clairvoyance, astrology and numerology in one reading.',
  ),
  a(
    'lyra-starling',
    'Lyra Starling',
    8,
    229,
    9,
    true,
    'Reads the year ahead: what opportunities and challenges are coming.',
    'Solar return charts and tarot spreads.',
  ),
  a(
    'nova-reyes',
    'Nova Reyes',
    8,
    179,
    5,
    false,
    'Intuitive predictions with practical advice on how to meet what is coming.',
    'Crystal ball and oracle cards.',
  ),
  a(
    'athena-cross',
    'Athena Cross',
    9,
    259,
    12,
    true,
    'Helps with hard choices: move or stay, leave or commit, yes or no.',
    'Decision spreads and pendulum work.',
  ),
  a(
    'leo-marlow',
    'Leo Marlow',
    9,
    199,
    8,
    false,
    'Calm, structured readings that weigh every option.',
    'Astrology of timing; I Ching.',
  ),
  a(
    'wren-ashby',
    'Wren Ashby',
    9,
    169,
    6,
    true,
    'Quick clarity when you are torn between two paths.',
    'Tarot and runes.',
  ),
  a(
    'indigo-rain',
    'Indigo Rain',
    10,
    219,
    11,
    true,
    'Energy cleansing and aura reading. Removes blocks and restores balance.',
    'Reiki master; sage and sound cleansing.',
  ),
  a(
    'soren-ash',
    'Soren Ash',
    10,
    189,
    9,
    false,
    'Spiritual healer who works with protection and cleansing rituals.',
    'Works with runes and protective amulets.',
  ),
  a(
    'maia-light',
    'Maia Light',
    10,
    159,
    4,
    true,
    'Chakra balancing and guidance to feel light again.',
    'Meditation and crystal healing.',
  ),
  a(
    'flora-dale',
    'Flora Dale',
    11,
    199,
    14,
    true,
    'Wellbeing forecasts and the energy of your body and mind. Not a substitute for a doctor.',
    'Medical astrology and herbal traditions.',
  ),
  a(
    'quinn-harper',
    'Quinn Harper',
    11,
    169,
    6,
    false,
    'Intuitive readings about stress, sleep and balance.',
    'Aura reading and mindfulness coaching.',
  ),
  a(
    'ezra-moss',
    'Ezra Moss',
    11,
    149,
    5,
    true,
    'Gentle guidance on energy and recovery periods.',
    'Tarot and pendulum.',
  ),
  a(
    'rune-halvorsen',
    'Rune Halvorsen',
    12,
    179,
    10,
    true,
    'Any question you have: from lost things to strange coincidences.',
    'Norse runes and clairvoyance.',
  ),
  a(
    'stella-fay',
    'Stella Fay',
    12,
    149,
    3,
    false,
    'Friendly psychic for everyday questions and quick answers.',
    'Tarot, yes/no readings.',
  ),
  a(
    'morgan-kade',
    'Morgan Kade',
    12,
    199,
    8,
    true,
    'Open-minded reader for unusual questions and signs from the universe.',
    'Numerology and oracle cards.',
  ),
];

/** Review authors: the name as an English and as a Russian reader would see it. */
const REVIEW_AUTHORS: { en: string; ru: string }[] = [
  { en: 'Anna', ru: 'Анна' },
  { en: 'Maria', ru: 'Мария' },
  { en: 'Olga', ru: 'Ольга' },
  { en: 'Kate', ru: 'Катя' },
  { en: 'Sofia', ru: 'София' },
  { en: 'Daria', ru: 'Дарья' },
  { en: 'Irina', ru: 'Ирина' },
  { en: 'Elena', ru: 'Елена' },
  { en: 'Alex', ru: 'Саша' },
  { en: 'Nick', ru: 'Никита' },
  { en: 'Julia', ru: 'Юлия' },
  { en: 'Vera', ru: 'Вера' },
  { en: 'Lisa', ru: 'Лиза' },
  { en: 'Tom', ru: 'Тимур' },
  { en: 'Natalie', ru: 'Наталья' },
  { en: 'Polina', ru: 'Полина' },
];

type Stars = 1 | 2 | 3 | 4 | 5;

/**
 * Demo review texts by their stars, in both languages: a text always says what its stars say
 * (5 and 4 warm, 4 with a small reservation, 3 mixed, 2 and 1 critical).
 */
const REVIEW_TEXTS: Record<Stars, { en: string; ru: string }[]> = {
  5: [
    {
      en: 'Very accurate, everything came true within a month.',
      ru: 'Очень точно: всё сбылось в течение месяца.',
    },
    {
      en: 'Kind and attentive, answered all my questions.',
      ru: 'Внимательно выслушали и ответили на все мои вопросы.',
    },
    {
      en: 'Helped me see the situation clearly. Thank you!',
      ru: 'Помогли ясно увидеть ситуацию. Спасибо!',
    },
    {
      en: 'Accurate and to the point, thank you so much!',
      ru: 'Точно и по делу, спасибо большое!',
    },
    {
      en: 'Really helped me make sense of my relationship. I finally stopped going round in circles and talked to him.',
      ru: 'Очень помогли разобраться в отношениях. Я наконец перестала ходить по кругу и поговорила с ним.',
    },
    {
      en: 'Calm and supportive reading, I feel much better now.',
      ru: 'Спокойный и тёплый расклад, мне сразу стало легче.',
    },
    {
      en: 'Amazing insight, named things I had told no one. The advice about waiting two weeks turned out to be exactly right.',
      ru: 'Поразительно: назвали то, о чём не знал никто. Совет подождать две недели оказался точным.',
    },
    {
      en: 'I was nervous before the interview and the reading gave me the confidence I needed. I got the job!',
      ru: 'Я волновалась перед собеседованием, и расклад придал мне уверенности. Меня взяли!',
    },
    {
      en: 'Detailed, honest and gentle at the same time. I have come back three times already.',
      ru: 'Подробно, честно и при этом бережно. Обращаюсь уже в третий раз.',
    },
    { en: 'I recommend it, everything came true.', ru: 'Рекомендую, всё сбылось.' },
  ],
  4: [
    {
      en: 'Good reading and helpful advice, though I waited a while for the answer.',
      ru: 'Хороший расклад и полезный совет, хотя ответа пришлось немного подождать.',
    },
    {
      en: 'Mostly spot on about my work situation. One detail did not fit, but the main point did.',
      ru: 'В основном точно о моей ситуации на работе. Одна деталь не совпала, но главное — да.',
    },
    {
      en: 'Warm and thoughtful. I would have liked a bit more about timing.',
      ru: 'Тепло и вдумчиво. Хотелось бы чуть больше о сроках.',
    },
    {
      en: 'Helpful and kind, a little general in places.',
      ru: 'Полезно и по-доброму, местами немного общими словами.',
    },
    {
      en: 'Gave me a new way to look at the problem. Not everything has happened yet, but I am hopeful.',
      ru: 'Помогли по-новому взглянуть на проблему. Пока сбылось не всё, но я надеюсь.',
    },
  ],
  3: [
    {
      en: 'Some things were vague, but overall helpful.',
      ru: 'Кое-что было туманно, но в целом полезно.',
    },
    {
      en: 'Part of it matched, part of it did not. Nice to talk to, though.',
      ru: 'Что-то совпало, что-то нет. Но общаться было приятно.',
    },
    {
      en: 'An average reading: polite, but I expected more detail for the price.',
      ru: 'Средний расклад: вежливо, но за эту цену я ждала больше подробностей.',
    },
  ],
  2: [
    {
      en: 'Too general for me, it could have been said to anyone.',
      ru: 'Слишком общие слова, это можно сказать кому угодно.',
    },
    {
      en: 'Slow to answer and did not really address my question.',
      ru: 'Долго отвечали и толком не ответили на мой вопрос.',
    },
  ],
  1: [
    {
      en: 'Nothing of what was predicted happened. Disappointed.',
      ru: 'Ничего из предсказанного не сбылось. Разочарована.',
    },
    {
      en: 'Felt rushed and generic, I did not get an answer to what I asked.',
      ru: 'Ответили наспех и шаблонно, на мой вопрос ответа так и не было.',
    },
  ],
};

export interface DemoReview {
  rating: Stars;
  daysAgo: number;
  /** The review as written: in English. */
  author: string;
  text: string;
  /** The same review for Russian readers. */
  ru: { author: string; text: string };
}

/** Stars of the i-th demo review: mostly 5 and 4, now and then 3, rarely 2 or 1. */
function starsOf(n: number): Stars {
  if (n % 29 === 0) return 1;
  if (n % 23 === 0) return 2;
  if (n % 11 === 0) return 3;
  if (n % 4 === 0) return 4;
  return 5;
}

/** Deterministic demo reviews per advisor: author, rating, text (matching the rating) in both languages, days ago. */
export function demoReviews(index: number): DemoReview[] {
  const count = 6 + ((index * 7) % 15);
  const usedOfStars: Record<Stars, number> = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  return Array.from({ length: count }, (_, i) => {
    const n = index * 31 + i * 17;
    const rating = starsOf(n);
    const author = REVIEW_AUTHORS[n % REVIEW_AUTHORS.length]!;
    const pool = REVIEW_TEXTS[rating];
    // One advisor's reviews of the same stars take the pool's texts in turn, from a different start each.
    const text = pool[(index + usedOfStars[rating]++) % pool.length]!;
    return {
      author: author.en,
      rating,
      text: text.en,
      ru: { author: author.ru, text: text.ru },
      daysAgo: 1 + ((n * 3) % 120),
    };
  });
}

/**
 * The clients a demo advisor claims (decision 051): about one client in ten leaves a review, so
 * the figure is the number of reviews times 8 to 13 (by advisor), rounded to tens.
 */
export function demoClients(index: number, reviews: number): number {
  return Math.round((reviews * (8 + (index % 6))) / 10) * 10;
}
