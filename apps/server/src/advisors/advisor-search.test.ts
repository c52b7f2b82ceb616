/**
 * SearchManagers (decision 054): words found in names, specialities, languages and texts in both
 * languages, a price and an answer time read out of the text, name matches first; bad input is a
 * 400 and changes nothing; an advisor the viewer blocked, one held for review or one on trial
 * outside the viewer's share is never found; a search costs no query and stays fast.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/harness.js';
import { anAdvisor, aUser } from '../test/builders.js';
import type { Advisor } from '@seer/contract';
import { AdvisorSearch, parseQuery, normalize } from './advisor-search.js';
import { seesTrialAdvisor } from './trial.js';

const SHARE = 20;
let t: TestApp;
const ids: Record<string, number> = {};

async function advisorWith(
  key: string,
  fields: {
    name: string;
    categoryId: number;
    priceCents: number;
    languages: string[];
    textLanguage: string;
    description: string;
    translation?: { language: string; description: string };
    medianSeconds?: number | null;
    reviews?: [sum: number, count: number];
  },
): Promise<void> {
  const id = await anAdvisor(t, {
    name: fields.name,
    categoryId: fields.categoryId,
    priceCents: fields.priceCents,
  });
  const [sum, count] = fields.reviews ?? [0, 0];
  await t.db.sql`
    UPDATE advisors SET languages = ${fields.languages}, text_language = ${fields.textLanguage},
      description = ${fields.description}, median_response_seconds = ${fields.medianSeconds ?? null},
      rating_sum = ${sum}, review_count = ${count}
    WHERE id = ${id}`;
  if (fields.translation)
    await t.db.sql`
      INSERT INTO advisor_texts (advisor_id, language, description, additional_info)
      VALUES (${id}, ${fields.translation.language}, ${fields.translation.description}, '')`;
  ids[key] = id;
}

beforeAll(async () => {
  t = await startTestApp({ seed: false, env: { TRIAL_SHARE_PERCENT: String(SHARE) } });
  await advisorWith('marina', {
    name: 'Marina Star',
    categoryId: 1,
    priceCents: 150,
    languages: ['ru'],
    textLanguage: 'ru',
    description: 'Таролог, расклады на любовь и отношения.',
    translation: { language: 'en', description: 'Tarot reader: love spreads and relationships.' },
    medianSeconds: 600,
    reviews: [45, 10],
  });
  await advisorWith('oliver', {
    name: 'Oliver',
    categoryId: 4,
    priceCents: 450,
    languages: ['en'],
    textLanguage: 'en',
    description:
      'Career astrologer. I read your chart for a new job and for Marina-style love questions.',
    medianSeconds: 7200,
    reviews: [40, 10],
  });
  await advisorWith('anna', {
    name: 'Анна',
    categoryId: 8,
    priceCents: 199,
    languages: ['ru', 'en'],
    textLanguage: 'ru',
    description: 'Предсказания будущего по звёздам.',
    medianSeconds: null,
  });
  await advisorWith('trial', {
    name: 'Trialist Tarot',
    categoryId: 1,
    priceCents: 100,
    languages: ['ru'],
    textLanguage: 'ru',
    description: 'Таро',
  });
  await t.db.sql.begin((tx) => t.services.trials.setOnTrial(tx, ids.trial!, true));
  t.services.advisors.invalidate();
});
afterAll(async () => {
  await t?.close();
});

async function search(
  userId: number,
  query: Record<string, string>,
): Promise<{ status: number; names: string[]; body: Record<string, unknown> }> {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/SearchManagers.php?${new URLSearchParams(query).toString()}`,
    headers: { authorization: t.initData(userId) },
  });
  const body = response.json() as { managers?: Array<{ name: string }> } & Record<string, unknown>;
  return { status: response.statusCode, names: (body.managers ?? []).map((m) => m.name), body };
}

/** A user outside the trial advisor's share, so it never shows up for them. */
async function ordinaryUser(): Promise<number> {
  for (;;) {
    const id = await aUser(t);
    if (!seesTrialAdvisor(id, ids.trial!, SHARE)) return id;
  }
}

describe('reading the search text', () => {
  it('reads prices and answer times in both languages, and leaves the words', () => {
    expect(parseQuery('таро до $2')).toEqual({
      words: ['таро'],
      maxPriceCents: 200,
      maxResponseSeconds: null,
    });
    expect(parseQuery('love under 2.50 dollars').maxPriceCents).toBe(250);
    expect(parseQuery('<2').maxPriceCents).toBe(200);
    expect(parseQuery('не дороже 3$').maxPriceCents).toBe(300);
    expect(parseQuery('$4 tarot')).toMatchObject({ words: ['tarot'], maxPriceCents: 400 });
    expect(parseQuery('быстро таро')).toMatchObject({ words: ['таро'], maxResponseSeconds: 1800 });
    expect(parseQuery('within 10 min').maxResponseSeconds).toBe(600);
    expect(parseQuery('ответ за час').maxResponseSeconds).toBe(3600);
    expect(normalize('Ёлка, Café!')).toBe('елка cafe');
  });
});

describe('SearchManagers', () => {
  it('finds by name first, then by texts that mention the name', async () => {
    const user = await ordinaryUser();
    const { status, names } = await search(user, { q: 'marina', lang: 'en' });
    expect(status).toBe(200);
    expect(names).toEqual(['Marina Star', 'Oliver']);
  });

  it("searches both languages' texts and speciality names whatever the reader's language", async () => {
    const user = await ordinaryUser();
    // Marina's English text says "tarot"; her own (Russian) says "таролог".
    expect((await search(user, { q: 'tarot', lang: 'ru' })).names).toEqual(['Marina Star']);
    expect((await search(user, { q: 'таролог', lang: 'en' })).names).toEqual(['Marina Star']);
    // Category 4 is "Career Advice" / "Карьера"; 8 "Future Predictions" / "Предсказания будущего".
    expect((await search(user, { q: 'карьера', lang: 'en' })).names).toEqual(['Oliver']);
    expect((await search(user, { q: 'future', lang: 'ru' })).names).toEqual(['Анна']);
    // A word in another form: "любовь" finds "любовь", "любовные" …
    expect((await search(user, { q: 'любовь', lang: 'ru' })).names).toContain('Marina Star');
  });

  it('finds by language, by code or name in either language', async () => {
    const user = await ordinaryUser();
    expect((await search(user, { q: 'English', lang: 'en' })).names.sort()).toEqual(
      ['Анна', 'Oliver'].sort(),
    );
    expect((await search(user, { q: 'английский', lang: 'ru' })).names.sort()).toEqual(
      ['Анна', 'Oliver'].sort(),
    );
    expect((await search(user, { q: 'русский', lang: 'ru' })).names.sort()).toEqual(
      ['Анна', 'Marina Star'].sort(),
    );
    expect((await search(user, { q: 'en' })).names.sort()).toEqual(['Анна', 'Oliver'].sort());
  });

  it('narrows by price and answer time', async () => {
    const user = await ordinaryUser();
    expect((await search(user, { q: 'до $2' })).names.sort()).toEqual(
      ['Анна', 'Marina Star'].sort(),
    );
    expect((await search(user, { q: 'under 1.60' })).names).toEqual(['Marina Star']);
    expect((await search(user, { q: 'fast' })).names).toEqual(['Marina Star']);
    expect((await search(user, { q: 'в течение 3 часов' })).names).toEqual([
      'Marina Star',
      'Oliver',
    ]);
    expect((await search(user, { q: 'tarot', category_id: '4' })).names).toEqual([]);
  });

  it('answers an empty list when nothing matches, and 400 for bad input', async () => {
    const user = await ordinaryUser();
    const none = await search(user, { q: 'zzzqqq' });
    expect(none.status).toBe(200);
    expect(none.names).toEqual([]);
    const cases: Array<Record<string, string>> = [
      {},
      { q: '' },
      { q: '   ' },
      { q: '!!!' },
      { q: 'x'.repeat(101) },
      { q: 'a\u0001b' },
      { q: 'tarot', lang: 'de' },
      { q: 'tarot', category_id: 'x' },
      { q: 'tarot', language: 'english!' },
    ];
    for (const bad of cases) {
      const answer = await search(user, bad);
      expect(answer.status, JSON.stringify(bad)).toBe(400);
      expect(answer.body).toMatchObject({ status: 'error', code: 'bad_request' });
    }
  });

  it('never finds an advisor the viewer blocked, one held for review, or a trial advisor outside the share', async () => {
    const user = await ordinaryUser();
    expect((await search(user, { q: 'tarot' })).names).not.toContain('Trialist Tarot');
    let insider = await aUser(t);
    while (!seesTrialAdvisor(insider, ids.trial!, SHARE)) insider = await aUser(t);
    expect((await search(insider, { q: 'trialist' })).names).toEqual(['Trialist Tarot']);

    const blocker = await ordinaryUser();
    expect((await search(blocker, { q: 'marina' })).names).toContain('Marina Star');
    const blocked = await t.post(blocker, 'BlockAdvisor.php', { manager_id: ids.marina! });
    expect(blocked.statusCode).toBe(200);
    expect((await search(blocker, { q: 'marina' })).names).toEqual(['Oliver']);
    expect((await search(blocker, { q: 'таролог' })).names).toEqual([]);

    // Any other viewer filter (advisors held for review use the same hook) is obeyed too.
    const held = ids.oliver!;
    t.services.advisors.addViewerFilter(async () => [held]);
    expect((await search(await ordinaryUser(), { q: 'career' })).names).toEqual([]);
  });

  it('stays fast: a hundred searches over HTTP within a few seconds even on a busy machine', async () => {
    const user = await ordinaryUser();
    await search(user, { q: 'warm-up' });
    const started = performance.now();
    for (let i = 0; i < 100; i++) {
      const { status } = await search(user, { q: i % 2 ? 'таро до $2' : 'english career' });
      expect(status).toBe(200);
    }
    expect(performance.now() - started).toBeLessThan(3000);
  });
});

describe('the index in memory', () => {
  it('searches 2,000 advisors with long texts in a few milliseconds once their texts are indexed', async () => {
    const lorem =
      'Опытный таролог и астролог, отвечаю честно и бережно. An experienced reader of cards and stars. ';
    const many = (lang: 'ru' | 'en'): Advisor[] =>
      Array.from({ length: 2000 }, (_, i) => ({
        id: i + 1,
        manager_id: i + 1,
        name: `Advisor ${i + 1}`,
        avatar: '',
        category_id: (i % 12) + 1,
        category_name: '',
        description: lorem.repeat(8) + (i === 1234 ? ' уникальныйзнак' : ''),
        additional_info: lang,
        text_language: lang,
        rating: 4,
        reviews: 1,
        price: 1,
        price_cents: 100 + i,
        experience: 1,
        clients: 1,
        languages: ['ru', 'en'],
        isActive: true,
        isOnline: false,
        median_response_seconds: 60,
      }));
    const lists = { ru: many('ru'), en: many('en') };
    const index = new AdvisorSearch({ listFor: async (_viewer, lang) => lists[lang] });
    expect(await index.search(1, { q: 'уникальныйзнак' })).toHaveLength(1);
    const started = performance.now();
    for (let i = 0; i < 20; i++) await index.search(1, { q: 'уникальныйзнак до $20' });
    const perSearch = (performance.now() - started) / 20;
    // A sanity bound with room for a busy test machine (a few ms on an idle one).
    expect(perSearch).toBeLessThan(60);
    expect((await index.search(1, { q: 'advisor 1234' }))[0]?.id).toBe(1234);
  });
});
