/**
 * Search over the catalogue (SearchManagers, decision 054): an index in memory beside the
 * catalogue's own copy, so a keystroke costs no query. What the user typed is read as words, a
 * price ("до $2", "under 2", "<2", "$2") and an answer time ("fast", "быстро", "within 10 min");
 * each word must be found in the advisor's name, speciality (category, both languages), languages
 * (codes and names in English, Russian and their own) or texts (both languages). Name matches
 * rank first, then speciality, language and texts; ties go to the better rated.
 */
import {
  DEFAULT_LOCALE,
  SEARCH_LIMITS,
  findCategory,
  type Advisor,
  type Locale,
} from '@seer/contract';

/** What the search reads of the catalogue: the list as this viewer sees it, in one language. */
export interface SearchSource {
  listFor(viewerId: number, lang: Locale, language?: string): Promise<Advisor[]>;
}

export interface SearchAsk {
  q: string;
  lang?: Locale | undefined;
  language?: string | undefined;
  category_id?: number | undefined;
}

/** What one search text asks for. */
export interface ParsedQuery {
  words: string[];
  maxPriceCents: number | null;
  maxResponseSeconds: number | null;
}

/** "Fast" means a usual first answer within this long. */
export const FAST_ANSWER_SECONDS = 30 * 60;

/** Category titles in Russian (the app translates its own by slug). */
const CATEGORY_RU: Record<number, string> = {
  1: 'Любовь и личная жизнь',
  2: 'Проблемы в отношениях',
  3: 'Будущее отношений',
  4: 'Карьера',
  5: 'Бизнес и инвестиции',
  6: 'Гармония в семье',
  7: 'Крепкие семейные узы',
  8: 'Предсказания будущего',
  9: 'Помощь в важных решениях',
  10: 'Энергетическое и духовное очищение',
  11: 'Прогнозы здоровья',
  12: 'Другие вопросы',
};

/** Lower case, accents dropped, ё as е, anything but letters and digits a space. */
export function normalize(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const NUMBER = String.raw`(\d{1,5}(?:[.,]\d{1,2})?)`;
const CURRENCY = String.raw`(?:\s*(?:\$|usd|dollars?|долл\S*|бакс\S*))?`;
/** "до $2", "under 2", "up to 2 dollars", "<2", "≤ 2", "не дороже 2$", "дешевле 2". */
const PRICE_BOUND = new RegExp(
  String.raw`(?:^|\s)(?:до|under|below|up\s+to|less\s+than|max|не\s+дороже|дешевле|<=?|≤)\s*\$?\s*${NUMBER}${CURRENCY}(?=\s|$)`,
  'iu',
);
/** "$2" or "2$" alone: at most that. */
const PRICE_ALONE = new RegExp(String.raw`(?:^|\s)(?:\$\s*${NUMBER}|${NUMBER}\s*\$)(?=\s|$)`, 'iu');
/** "within 10 min", "за 2 часа", "в течение 30 минут", "within an hour", "за час". */
const ANSWER_WITHIN = new RegExp(
  String.raw`(?:^|\s)(?:within|in|за|в\s+течение)\s+(?:(\d{1,4})\s*|an?\s+|one\s+)?(min\S*|мин\S*|hours?|h|час\S*)(?=\s|$)`,
  'iu',
);
const FAST_WORDS = new Set([
  'fast',
  'quick',
  'quickly',
  'rapid',
  'urgent',
  'быстро',
  'быстрый',
  'быстрая',
  'быстрые',
  'быстрее',
  'быстрого',
  'быстрых',
  'срочно',
  'оперативно',
]);

function money(text: string): number {
  return Math.round(Number(text.replace(',', '.')) * 100);
}

/** Reads the price and answer time out of the text; the rest are words. */
export function parseQuery(text: string): ParsedQuery {
  let rest = ` ${text.toLowerCase()} `;
  let maxPriceCents: number | null = null;
  let maxResponseSeconds: number | null = null;
  const bound = PRICE_BOUND.exec(rest) ?? PRICE_ALONE.exec(rest);
  if (bound) {
    const amount = bound[1] ?? bound[2] ?? bound[3];
    if (amount !== undefined) maxPriceCents = money(amount);
    rest = rest.replace(bound[0], ' ');
  }
  const within = ANSWER_WITHIN.exec(rest);
  if (within) {
    const count = within[1] === undefined ? 1 : Number(within[1]);
    const unit = within[2]!;
    const perUnit = /^(min|мин)/u.test(unit) ? 60 : 3600;
    maxResponseSeconds = count * perUnit;
    rest = rest.replace(within[0], ' ');
  }
  const words: string[] = [];
  for (const word of normalize(rest).split(' ')) {
    if (!word) continue;
    if (FAST_WORDS.has(word)) {
      maxResponseSeconds = Math.min(maxResponseSeconds ?? Infinity, FAST_ANSWER_SECONDS);
      continue;
    }
    if (!words.includes(word)) words.push(word);
  }
  return { words, maxPriceCents, maxResponseSeconds };
}

/** A word and, from five letters, its stem (endings differ: "любовь" finds "любовные"). */
function forms(word: string): string[] {
  if (word.length < 5 || /\d/.test(word)) return [word];
  return [word, word.slice(0, word.length - (word.length >= 7 ? 2 : 1))];
}

interface IndexedAdvisor {
  /** The sources it was made from: the same strings (usually the same objects) need no new index. */
  sources: string[];
  /** Normalized name and its words. */
  name: string;
  nameWords: string[];
  /** Sorted unique words of the speciality (both languages), language names and texts. */
  categoryWords: string[];
  languageCodes: readonly string[];
  languageWords: string[];
  textWords: string[];
}

const WEIGHT = { namePrefix: 100, name: 60, category: 40, language: 30, texts: 10 } as const;

const languageNameCache = new Map<string, string>();
/** "ru" → "russian русский"; cached per code. */
function languageNames(code: string): string {
  let names = languageNameCache.get(code);
  if (names === undefined) {
    const found = new Set<string>();
    for (const locale of ['en', 'ru', code]) {
      try {
        const name = new Intl.DisplayNames([locale], { type: 'language' }).of(code);
        if (name && name !== code) found.add(normalize(name));
      } catch {
        // Not a language Intl knows: the code alone.
      }
    }
    names = [...found].join(' ');
    if (languageNameCache.size < 1000) languageNameCache.set(code, names);
  }
  return names;
}

/** The sorted unique words of some texts. */
function wordsOf(...texts: string[]): string[] {
  const words = new Set<string>();
  for (const text of texts)
    for (const word of normalize(text).split(' ')) if (word) words.add(word);
  return [...words].sort();
}

/** Whether a word of the sorted list starts with `prefix` (binary search). */
function hasPrefix(sorted: readonly string[], prefix: string): boolean {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sorted[middle]! < prefix) low = middle + 1;
    else high = middle;
  }
  return low < sorted.length && sorted[low]!.startsWith(prefix);
}

/** How well one advisor matches every word; null when a word is found nowhere. */
function score(entry: IndexedAdvisor, words: string[]): number | null {
  let total = 0;
  for (const word of words) {
    let best = 0;
    for (const form of forms(word)) {
      if (entry.nameWords.some((part) => part.startsWith(form)))
        best = Math.max(best, form === word ? WEIGHT.namePrefix : WEIGHT.name);
      else if (entry.name.includes(form)) best = Math.max(best, WEIGHT.name);
      if (best < WEIGHT.category && hasPrefix(entry.categoryWords, form)) best = WEIGHT.category;
      if (
        best < WEIGHT.language &&
        (entry.languageCodes.includes(form) ||
          (form.length >= 3 && hasPrefix(entry.languageWords, form)))
      )
        best = WEIGHT.language;
      if (best < WEIGHT.texts && form.length >= 2 && hasPrefix(entry.textWords, form))
        best = WEIGHT.texts;
    }
    if (best === 0) return null;
    total += best;
  }
  return total;
}

function sameSources(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((text, i) => text === b[i]);
}

export class AdvisorSearch {
  /** Each advisor's index, made again only when a text it was made from changes. */
  private readonly indexed = new Map<number, IndexedAdvisor>();

  constructor(private readonly source: SearchSource) {}

  private index(advisor: Advisor, other: Advisor | undefined): IndexedAdvisor {
    const sources = [
      advisor.name,
      String(advisor.category_id),
      advisor.languages.join(','),
      advisor.description,
      advisor.additional_info,
      other?.description ?? '',
      other?.additional_info ?? '',
    ];
    const kept = this.indexed.get(advisor.id);
    if (kept && sameSources(kept.sources, sources)) return kept;
    const name = normalize(advisor.name);
    const entry: IndexedAdvisor = {
      sources,
      name,
      nameWords: name.split(' '),
      categoryWords: wordsOf(
        findCategory(advisor.category_id)?.title ?? '',
        CATEGORY_RU[advisor.category_id] ?? '',
      ),
      languageCodes: advisor.languages,
      languageWords: wordsOf(...advisor.languages.map(languageNames)),
      textWords: wordsOf(...sources.slice(3)),
    };
    if (this.indexed.size > 50_000) this.indexed.clear();
    this.indexed.set(advisor.id, entry);
    return entry;
  }

  /**
   * The advisors this viewer may see that match, best first, at most SEARCH_LIMITS.results. The
   * catalogue's own list is the source, so what it leaves out for the viewer (trial share,
   * blocks, advisors held for review) is never found.
   */
  async search(viewerId: number, ask: SearchAsk): Promise<Advisor[]> {
    const lang = ask.lang ?? DEFAULT_LOCALE;
    const otherLang: Locale = lang === 'ru' ? 'en' : 'ru';
    const [shown, other] = await Promise.all([
      this.source.listFor(viewerId, lang, ask.language),
      this.source.listFor(viewerId, otherLang, ask.language),
    ]);
    const others = new Map(other.map((advisor) => [advisor.id, advisor]));
    const query = parseQuery(ask.q);
    const found: Array<{ advisor: Advisor; score: number }> = [];
    for (const advisor of shown) {
      if (ask.category_id !== undefined && advisor.category_id !== ask.category_id) continue;
      if (query.maxPriceCents !== null && advisor.price_cents > query.maxPriceCents) continue;
      if (
        query.maxResponseSeconds !== null &&
        (advisor.median_response_seconds === null ||
          advisor.median_response_seconds > query.maxResponseSeconds)
      )
        continue;
      const points = score(this.index(advisor, others.get(advisor.id)), query.words);
      if (points === null) continue;
      found.push({ advisor, score: points });
    }
    return found
      .sort(
        (a, b) =>
          b.score - a.score ||
          Number(b.advisor.isOnline) - Number(a.advisor.isOnline) ||
          b.advisor.rating - a.advisor.rating ||
          b.advisor.reviews - a.advisor.reviews ||
          a.advisor.id - b.advisor.id,
      )
      .slice(0, SEARCH_LIMITS.results)
      .map((entry) => entry.advisor);
  }
}
