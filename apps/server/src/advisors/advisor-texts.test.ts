/** Advisor texts per language, the answering-languages filter, and their admin edit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS, type Advisor } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { DEMO_ADVISORS, demoReviews } from '../demo/demo-advisors.js';
import { DEMO_TEXTS_RU } from '../demo/demo-texts-ru.js';
import { seedDemoData } from '../demo/seed.js';

const ADMIN_ID = 777_000_022;
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ env: { ADMIN_TELEGRAM_IDS: String(ADMIN_ID) } });
});
afterAll(async () => {
  await t?.close();
});

function as(
  userId: number,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  user: { language_code?: string } = {},
) {
  return t.app.inject({
    method,
    url,
    headers: { authorization: t.initData(userId, user) },
    ...(payload ? { payload } : {}),
  });
}

async function managers(query: string, userId = newUserId()): Promise<Advisor[]> {
  const response = await as(userId, 'GET', `/api/GetAllManagers.php${query}`);
  expect(response.statusCode).toBe(200);
  return CALLS.GetAllManagers.answer.parse(response.json()).data.managers;
}

describe('advisor texts per language', () => {
  it('answer the lists and the profile in the language asked for', async () => {
    const [enFirst] = await managers('?lang=en');
    const [ruFirst] = await managers('?lang=ru');
    const demo = DEMO_ADVISORS.find((d) => d.name === enFirst!.name)!;
    expect(enFirst).toMatchObject({ description: demo.description, text_language: 'en' });
    expect(ruFirst).toMatchObject({
      description: DEMO_TEXTS_RU[demo.slug]!.description,
      additional_info: DEMO_TEXTS_RU[demo.slug]!.additional_info,
      text_language: 'ru',
    });

    const byCategory = await as(
      newUserId(),
      'GET',
      `/api/GetManagersByCategory.php?category_id=${ruFirst!.category_id}&lang=ru`,
    );
    expect(byCategory.json()[0]).toMatchObject({ id: ruFirst!.id, text_language: 'ru' });

    const one = await as(newUserId(), 'GET', `/api/GetManager.php?id=${ruFirst!.id}&lang=ru`);
    expect(one.json().manager).toMatchObject({
      description: ruFirst!.description,
      text_language: 'ru',
    });
  });

  it("use the caller's stored Telegram language when no lang is given", async () => {
    const russian = newUserId();
    expect(
      (await as(russian, 'GET', '/api/GetUser.php', undefined, { language_code: 'ru' })).statusCode,
    ).toBe(200);
    const response = await as(russian, 'GET', '/api/GetManager.php?id=1', undefined, {
      language_code: 'ru',
    });
    expect(response.json().manager.text_language).toBe('ru');
    expect(response.json().manager.description).toMatch(/[а-яё]/i);
  });

  it('refuse an unknown lang or a malformed language filter with a 400', async () => {
    for (const query of ['?lang=de', '?language=r1', '?language=english']) {
      const response = await as(newUserId(), 'GET', `/api/GetAllManagers.php${query}`);
      expect({ query, status: response.statusCode }).toEqual({ query, status: 400 });
    }
  });

  it('fall back to the advisor’s own texts, marked, and edit every language in the admin section', async () => {
    const created = await as(ADMIN_ID, 'POST', '/api/AdminSaveAdvisor.php', {
      name: 'Вера Ланская',
      category_id: 4,
      price: '2.50',
      description: 'Карьерное таро без воды.',
      additional_info: 'Десять лет в HR.',
      text_language: 'ru',
      languages: ['ru'],
    });
    expect(created.statusCode).toBe(200);
    const advisor = CALLS.AdminSaveAdvisor.answer.parse(created.json()).advisor;
    expect(advisor).toMatchObject({ text_language: 'ru', translations: {} });

    // No English texts yet: an English reader gets the Russian ones, marked as Russian.
    const fallback = await as(newUserId(), 'GET', `/api/GetManager.php?id=${advisor.id}&lang=en`);
    expect(fallback.json().manager).toMatchObject({
      description: 'Карьерное таро без воды.',
      text_language: 'ru',
      languages: ['ru'],
    });

    const edited = await as(ADMIN_ID, 'POST', '/api/AdminSaveAdvisor.php', {
      id: advisor.id,
      name: 'Вера Ланская',
      category_id: 4,
      price: '2.50',
      description: 'Карьерное таро без воды.',
      additional_info: 'Десять лет в HR.',
      text_language: 'ru',
      languages: ['ru', 'en'],
      translations: { en: { description: 'Career tarot, straight to the point.' } },
    });
    expect(edited.statusCode).toBe(200);
    expect(CALLS.AdminSaveAdvisor.answer.parse(edited.json()).advisor.translations).toEqual({
      en: { description: 'Career tarot, straight to the point.', additional_info: '' },
    });
    t.services.advisors.invalidate();
    const english = await as(newUserId(), 'GET', `/api/GetManager.php?id=${advisor.id}&lang=en`);
    expect(english.json().manager).toMatchObject({
      description: 'Career tarot, straight to the point.',
      text_language: 'en',
    });
    const russian = await as(newUserId(), 'GET', `/api/GetManager.php?id=${advisor.id}&lang=ru`);
    expect(russian.json().manager.description).toBe('Карьерное таро без воды.');

    // The filter: only advisors who answer in the language.
    const ru = await managers('?lang=en&language=ru');
    const en = await managers('?lang=en&language=EN');
    expect(ru.map((a) => a.id)).toContain(advisor.id);
    expect(en.map((a) => a.id)).toContain(advisor.id);
    expect(ru.every((a) => a.languages.includes('ru'))).toBe(true);
    const byCategory = await as(
      newUserId(),
      'GET',
      '/api/GetManagersByCategory.php?category_id=4&language=de',
    );
    expect(byCategory.statusCode).toBe(200);
    expect(byCategory.json()).toEqual([]);

    // A translation in a language that is not a locale is refused, and nothing changes.
    const bad = await as(ADMIN_ID, 'POST', '/api/AdminSaveAdvisor.php', {
      id: advisor.id,
      name: 'Changed',
      category_id: 4,
      price: '2.50',
      translations: { de: { description: 'Karriere' } },
    });
    expect(bad.statusCode).toBe(400);
    const after = await t.services.advisors.find(advisor.id);
    expect(after).toMatchObject({ name: 'Вера Ланская', text_language: 'ru' });
    expect(after!.translations.en!.description).toBe('Career tarot, straight to the point.');
  });
});

describe('reviews per language', () => {
  it('answer demo reviews in the reader’s language, and a user’s own review as written', async () => {
    const read = async (query: string) => {
      const response = await as(newUserId(), 'GET', `/api/GetReviews.php?manager_id=1${query}`);
      expect(response.statusCode).toBe(200);
      return CALLS.GetReviews.answer.parse(response.json()).reviews;
    };
    const [english, russian, asWritten] = [
      await read('&lang=en'),
      await read('&lang=ru'),
      await read(''),
    ];
    expect(russian.length).toBe(demoReviews(0).length);
    expect(english.map((r) => r.id)).toEqual(russian.map((r) => r.id));
    expect(asWritten).toEqual(english);
    for (const [i, review] of russian.entries()) {
      expect(review.text_language).toBe('ru');
      expect(review.text).toMatch(/[а-яё]/i);
      expect(review.author).toMatch(/^[А-ЯЁ][а-яё]+$/);
      expect(english[i]!.text_language).toBe('en');
      expect(english[i]!.text).not.toMatch(/[а-яё]/i);
    }
    expect(
      (await as(newUserId(), 'GET', '/api/GetReviews.php?manager_id=1&lang=fr')).statusCode,
    ).toBe(400);
  });
});

describe('demo catalogue', () => {
  it('gives a demo database seeded before texts had languages its Russian texts, once', async () => {
    const sql = t.db.sql;
    const [first] = await sql<
      { id: number }[]
    >`SELECT id FROM advisors WHERE is_demo ORDER BY id LIMIT 1`;
    // What such a database holds: the advisor's texts in its own language only.
    await sql`DELETE FROM advisor_texts WHERE advisor_id = ${first!.id}`;
    expect(await seedDemoData(sql)).toBe(0);
    const rows = await sql<{ description: string }[]>`
      SELECT description FROM advisor_texts WHERE advisor_id = ${first!.id} AND language = 'ru'`;
    expect(rows).toEqual([{ description: DEMO_TEXTS_RU[DEMO_ADVISORS[0]!.slug]!.description }]);
    await seedDemoData(sql);
    const [count] = await sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM advisor_texts WHERE language = 'ru'`;
    expect(count!.n).toBeGreaterThanOrEqual(DEMO_ADVISORS.length);
    const [perAdvisor] = await sql<{ n: number }[]>`
      SELECT count(*)::int AS n FROM advisor_texts WHERE advisor_id = ${first!.id}`;
    expect(perAdvisor!.n).toBe(1);
  });

  it('has every demo review in English and Russian', () => {
    for (const index of DEMO_ADVISORS.keys()) {
      for (const review of demoReviews(index)) {
        expect(review.text).not.toMatch(/[а-яё]/i);
        expect(review.ru.text).toMatch(/[а-яё]{3}/i);
        expect(review.ru.author).toMatch(/^[А-ЯЁ]/);
      }
    }
  });

  it('has Russian and English texts for every demo advisor', () => {
    expect(Object.keys(DEMO_TEXTS_RU).sort()).toEqual(DEMO_ADVISORS.map((d) => d.slug).sort());
    for (const demo of DEMO_ADVISORS) {
      const ru = DEMO_TEXTS_RU[demo.slug]!;
      for (const text of [ru.description, ru.additional_info])
        expect({ slug: demo.slug, cyrillic: /[а-яё]{3}/i.test(text) }).toEqual({
          slug: demo.slug,
          cyrillic: true,
        });
      for (const text of [demo.description, demo.additional_info]) {
        expect(text.length).toBeGreaterThan(5);
        expect(text).not.toMatch(/[а-яё]/i);
      }
    }
  });
});
