/** The demo catalogue: three or more advisors for each of the 12 categories. */
import type { NewAdvisor } from '../advisors/advisors.repository.js';

interface DemoAdvisor extends Omit<NewAdvisor, 'avatar_url' | 'is_demo'> {
  slug: string;
}

const a = (
  slug: string,
  name: string,
  category_id: number,
  price_cents: number,
  experience_years: number,
  clients: number,
  demo_online: boolean,
  description: string,
  additional_info: string,
): DemoAdvisor => ({ slug, name, category_id, price_cents, experience_years, clients, demo_online, description, additional_info });

export const DEMO_ADVISORS: DemoAdvisor[] = [
  a('luna-everhart', 'Luna Everhart', 1, 199, 12, 4800, true, 'Tarot reader focused on love and soulmate connections. Gentle, honest readings that show where your heart is heading.', 'Certified in Rider–Waite and Thoth tarot. Uses crystals and candle work for clarity.'),
  a('aurora-vale', 'Aurora Vale', 1, 249, 8, 2300, false, 'Empath and love coach. Helps you understand what your partner feels and how to open your heart again.', 'Combines astrology synastry with intuitive reading.'),
  a('selene-marsh', 'Selene Marsh', 1, 149, 5, 1200, true, 'Clairvoyant who reads the energy between two people. Quick, clear answers about new romance.', 'Specialises in twin-flame and soulmate questions.'),
  a('orion-black', 'Orion Black', 2, 299, 15, 6100, true, 'Relationship psychic. Works through conflicts, jealousy and trust issues with calm, practical guidance.', 'Former family counsellor; reads with Lenormand cards.'),
  a('mira-solace', 'Mira Solace', 2, 179, 6, 1700, false, 'Helps you see a troubled relationship from both sides and decide what is worth saving.', 'Uses oracle cards and breathing practice during sessions.'),
  a('dante-rowe', 'Dante Rowe', 2, 219, 9, 3100, true, 'Straightforward readings on breakups, reconciliation and moving on.', 'Known for detailed timelines of relationship events.'),
  a('celeste-moon', 'Celeste Moon', 3, 199, 11, 5200, true, 'Predicts where your relationship is going: commitment, marriage, or a new person on the horizon.', 'Astrologer and tarot reader; tarot, yes/no and dream requests welcome.'),
  a('iris-nightingale', 'Iris Nightingale', 3, 159, 7, 2600, true, 'Dream interpreter and tarot reader. Turns symbols from your dreams into guidance for your love life.', 'Keeps a dream journal practice with clients; answers in detail.'),
  a('sage-willow', 'Sage Willow', 3, 229, 14, 7300, false, 'Future relationship forecasts based on your natal chart and current transits.', 'Professional astrologer since 2011; tarot for timing.'),
  a('victor-hale', 'Victor Hale', 4, 279, 13, 3900, true, 'Career advisor with an intuitive gift. Job changes, promotions, conflicts with management.', 'Combines numerology with practical career coaching.'),
  a('nora-quill', 'Nora Quill', 4, 189, 6, 1500, false, 'Helps you find your calling and the right moment for a career move.', 'Reads with tarot and astrology of the 10th house.'),
  a('felix-stone', 'Felix Stone', 4, 169, 4, 900, true, 'Fast, focused readings about interviews, offers and workplace relationships.', 'Background in HR; pendulum and tarot.'),
  a('magnus-gold', 'Magnus Gold', 5, 349, 18, 4100, true, 'Business and investment forecasts: partnerships, launches and timing of big decisions.', 'Financial astrology; works with entrepreneurs worldwide.'),
  a('elena-frost', 'Elena Frost', 5, 299, 10, 2800, false, 'Sees the energy of deals and partners before you sign.', 'Runic readings and financial numerology.'),
  a('jasper-reed', 'Jasper Reed', 5, 249, 7, 1900, true, 'Practical intuitive guidance for small business owners and freelancers.', 'Tarot with a focus on cash flow and growth cycles.'),
  a('hazel-grove', 'Hazel Grove', 6, 179, 16, 6800, true, 'Restores harmony in families: parents, children, in-laws. Warm and patient.', 'Family constellations and tarot.'),
  a('amara-lane', 'Amara Lane', 6, 159, 8, 2400, false, 'Helps families through tension and misunderstandings with gentle insight.', 'Works with angel cards and meditation.'),
  a('tobias-wren', 'Tobias Wren', 6, 199, 10, 3300, true, 'Clear readings about family conflicts and how to bring people back together.', 'Former mediator; reads with Lenormand.'),
  a('rosa-bell', 'Rosa Bell', 7, 149, 5, 1300, true, 'Strengthens family bonds: rituals, advice and readings for a closer home.', 'Folk traditions and candle magic.'),
  a('elias-park', 'Elias Park', 7, 189, 9, 2700, false, 'Guidance for couples with children and blended families.', 'Astrology of family charts.'),
  a('ivy-hollow', 'Ivy Hollow', 7, 169, 7, 2000, true, 'Finds the roots of family tension and shows a way to warmth.', 'Ancestral healing and tarot.'),
  a('cassius-vane', 'Cassius Vane', 8, 399, 21, 9100, true, 'Renowned seer. Long-range predictions about life path, fate and turning points.', 'Clairvoyance, astrology and numerology in one reading.'),
  a('lyra-starling', 'Lyra Starling', 8, 229, 9, 3500, true, 'Reads the year ahead: what opportunities and challenges are coming.', 'Solar return charts and tarot spreads.'),
  a('nova-reyes', 'Nova Reyes', 8, 179, 5, 1400, false, 'Intuitive predictions with practical advice on how to meet what is coming.', 'Crystal ball and oracle cards.'),
  a('athena-cross', 'Athena Cross', 9, 259, 12, 4400, true, 'Helps with hard choices: move or stay, leave or commit, yes or no.', 'Decision spreads and pendulum work.'),
  a('leo-marlow', 'Leo Marlow', 9, 199, 8, 2200, false, 'Calm, structured readings that weigh every option.', 'Astrology of timing; I Ching.'),
  a('wren-ashby', 'Wren Ashby', 9, 169, 6, 1600, true, 'Quick clarity when you are torn between two paths.', 'Tarot and runes.'),
  a('indigo-rain', 'Indigo Rain', 10, 219, 11, 3700, true, 'Energy cleansing and aura reading. Removes blocks and restores balance.', 'Reiki master; sage and sound cleansing.'),
  a('soren-ash', 'Soren Ash', 10, 189, 9, 2500, false, 'Spiritual healer who works with protection and cleansing rituals.', 'Works with runes and protective amulets.'),
  a('maia-light', 'Maia Light', 10, 159, 4, 800, true, 'Chakra balancing and guidance to feel light again.', 'Meditation and crystal healing.'),
  a('flora-dale', 'Flora Dale', 11, 199, 14, 5000, true, 'Wellbeing forecasts and the energy of your body and mind. Not a substitute for a doctor.', 'Medical astrology and herbal traditions.'),
  a('quinn-harper', 'Quinn Harper', 11, 169, 6, 1800, false, 'Intuitive readings about stress, sleep and balance.', 'Aura reading and mindfulness coaching.'),
  a('ezra-moss', 'Ezra Moss', 11, 149, 5, 1100, true, 'Gentle guidance on energy and recovery periods.', 'Tarot and pendulum.'),
  a('rune-halvorsen', 'Rune Halvorsen', 12, 179, 10, 2900, true, 'Any question you have: from lost things to strange coincidences.', 'Norse runes and clairvoyance.'),
  a('stella-fay', 'Stella Fay', 12, 149, 3, 600, false, 'Friendly psychic for everyday questions and quick answers.', 'Tarot, yes/no readings.'),
  a('morgan-kade', 'Morgan Kade', 12, 199, 8, 2100, true, 'Open-minded reader for unusual questions and signs from the universe.', 'Numerology and oracle cards.'),
];

const REVIEW_AUTHORS = ['Anna', 'Maria', 'Olga', 'Kate', 'Sofia', 'Daria', 'Irina', 'Elena', 'Alex', 'Nick', 'Julia', 'Vera', 'Lisa', 'Tom', 'Natalie', 'Polina'];
const REVIEW_TEXTS = [
  'Very accurate, everything came true within a month.',
  'Kind and attentive, answered all my questions.',
  'Helped me see the situation clearly. Thank you!',
  'Fast and detailed answers, I will come back.',
  'Точно и по делу, спасибо большое!',
  'Очень помогла разобраться в отношениях.',
  'Calm and supportive reading, I feel much better now.',
  'Some things were vague, but overall helpful.',
  'Amazing insight, knew things I had told no one.',
  'Рекомендую, всё сбылось.',
];

/** Deterministic demo reviews per advisor: author, rating, text, days ago. */
export function demoReviews(index: number): Array<{ author: string; rating: number; text: string; daysAgo: number }> {
  const count = 4 + ((index * 7) % 9);
  return Array.from({ length: count }, (_, i) => {
    const n = index * 31 + i * 17;
    return {
      author: REVIEW_AUTHORS[n % REVIEW_AUTHORS.length]!,
      rating: n % 11 === 0 ? 3 : n % 4 === 0 ? 4 : 5,
      text: REVIEW_TEXTS[n % REVIEW_TEXTS.length]!,
      daysAgo: 1 + ((n * 3) % 120),
    };
  });
}
