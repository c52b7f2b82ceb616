/** Demo reviews say what their stars say, and the client figure follows the reviews (decision 051). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Advisor } from '@seer/contract';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { DEMO_ADVISORS, demoClients, demoReviews } from './demo-advisors.js';
import { seedDemoData } from './seed.js';

const WARM = {
  en: /thank|accurate|helped|helpful|kind|warm|recommend|came true|spot on|calm|right|better|confidence|honest|gentle|new way|hopeful|insight|got the job|polite|nice/i,
  ru: /спасибо|точн|помогл|полезн|тепл|тёпл|рекоменд|(?<!не )сбыл|бережно|легче|уверенност|взяли|надеюсь|по-доброму|внимательно|поразительно|вежливо|приятно/i,
};
const CRITICAL = {
  en: /vague|did not|not fit|disappoint|generic|too general|slow|rushed|expected more|nothing|a while|a bit more|little general|not everything/i,
  ru: /туманн|не совпал|разочаров|шаблонн|общие слова|общими словами|долго|наспех|ждала больше|ничего|пришлось немного подождать|чуть больше|не всё|что-то нет|не ответили|ответа так и не/i,
};

const allReviews = DEMO_ADVISORS.flatMap((_, index) => demoReviews(index));

describe('demo reviews', () => {
  it('say what their stars say, in both languages', () => {
    for (const review of allReviews) {
      for (const [lang, text] of [
        ['en', review.text],
        ['ru', review.ru.text],
      ] as const) {
        const warm = WARM[lang].test(text);
        const critical = CRITICAL[lang].test(text);
        const where = `${review.rating}★ ${lang}: ${text}`;
        if (review.rating === 5)
          expect({ where, warm, critical }).toMatchObject({ warm: true, critical: false });
        if (review.rating === 4) expect({ where, warm }).toMatchObject({ warm: true });
        if (review.rating === 3)
          expect({ where, warm, critical }).toMatchObject({ warm: true, critical: true });
        if (review.rating <= 2)
          expect({ where, warm, critical }).toMatchObject({ warm: false, critical: true });
      }
    }
    // Mostly warm, with some mixed and critical ones, as real reviews are.
    const stars = (n: number) => allReviews.filter((review) => review.rating === n).length;
    expect(stars(5)).toBeGreaterThan(allReviews.length / 2);
    expect(stars(3)).toBeGreaterThan(0);
    expect(stars(1) + stars(2)).toBeGreaterThan(0);
  });

  it('never repeat a text within one advisor while the pool of its stars has another', () => {
    for (const [index] of DEMO_ADVISORS.entries()) {
      const reviews = demoReviews(index);
      for (const stars of [1, 2, 3, 4, 5]) {
        const texts = reviews.filter((r) => r.rating === stars).map((r) => r.text);
        const distinct = new Set(texts).size;
        // Pools hold 2 to 10 texts: repeats only once a pool is used up.
        expect(distinct).toBeGreaterThanOrEqual(Math.min(texts.length, 2));
      }
    }
  });

  it('give a client figure of about ten clients per review', () => {
    for (const [index] of DEMO_ADVISORS.entries()) {
      const reviews = demoReviews(index).length;
      const clients = demoClients(index, reviews);
      expect(clients % 10).toBe(0);
      expect(clients).toBeGreaterThanOrEqual(reviews * 7);
      expect(clients).toBeLessThanOrEqual(reviews * 13);
    }
  });
});

describe('seeded demo advisors', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const managers = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: '/api/GetAllManagers.php',
        headers: { authorization: t.initData(newUserId()) },
      })
    ).json<{ data: { managers: Advisor[] } }>().data.managers;

  it('show clients in proportion to their reviews', async () => {
    for (const advisor of await managers()) {
      expect(advisor.reviews).toBeGreaterThanOrEqual(6);
      expect(advisor.clients).toBeLessThanOrEqual(advisor.reviews * 13);
      expect(advisor.clients).toBeGreaterThanOrEqual(advisor.reviews * 7);
    }
  });

  it('get current reviews and clients in a database seeded with older ones, once', async () => {
    const [first] = await managers();
    await t.db
      .sql`UPDATE reviews SET rating = 1 WHERE advisor_id = ${first!.id} AND user_id IS NULL`;
    await t.db
      .sql`UPDATE advisors SET clients = 4800, rating_sum = review_count WHERE id = ${first!.id}`;
    await seedDemoData(t.db.sql);
    const [row] = await t.db.sql<{ clients: number; review_count: number; rating_sum: number }[]>`
      SELECT clients, review_count, rating_sum FROM advisors WHERE id = ${first!.id}`;
    const index = DEMO_ADVISORS.findIndex((demo) => demo.name === first!.name);
    const expected = demoReviews(index);
    expect(row).toEqual({
      clients: demoClients(index, expected.length),
      review_count: expected.length,
      rating_sum: expected.reduce((sum, review) => sum + review.rating, 0),
    });
    const ids = await t.db.sql`SELECT id FROM reviews WHERE advisor_id = ${first!.id} ORDER BY id`;
    // Seeding again changes nothing: the same review rows stay.
    await seedDemoData(t.db.sql);
    expect(
      await t.db.sql`SELECT id FROM reviews WHERE advisor_id = ${first!.id} ORDER BY id`,
    ).toEqual(ids);
  });
});
