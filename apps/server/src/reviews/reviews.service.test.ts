/**
 * Reviews against the real database: a user's ratings of one advisor are decided one at a time,
 * so first reviews sent together leave one review, each answered 200, and the advisor's totals
 * count it once (they used to clash on the unique key and answer 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { anAdvisor } from '../test/builders.js';

let t: TestApp;
let advisorId: number;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
  advisorId = await anAdvisor(t, { name: 'Rated', categoryId: 5, priceCents: 100 });
});
afterAll(async () => {
  await t?.close();
});

const call = (userId: number, path: string, payload: object) => t.post(userId, path, payload);

async function totals() {
  const [row] = await t.db.sql<{ rating_sum: number; review_count: number }[]>`
    SELECT rating_sum, review_count FROM advisors WHERE id = ${advisorId}`;
  return row!;
}

describe('first reviews sent together', () => {
  it('leave one review, answer 200 each, and count once in the advisor totals', async () => {
    const before = await totals();
    const users = [newUserId(), newUserId(), newUserId()];
    for (const user of users) {
      const sent = await call(user, 'CreateMessage.php', { manager_id: advisorId, message: 'hi' });
      expect(sent.statusCode).toBe(200);
    }
    for (const user of users) {
      const ratings = [5, 4, 3, 5, 4, 3];
      const answers = await Promise.all(
        ratings.map((rating) =>
          call(user, 'CreateReview.php', { manager_id: advisorId, rating, text: `${rating}` }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(ratings.map(() => 200));
      const reviews = await t.db.sql<{ rating: number; text: string }[]>`
        SELECT rating, text FROM reviews WHERE user_id = ${user} AND advisor_id = ${advisorId}`;
      expect(reviews).toHaveLength(1);
      expect(reviews[0]!.text).toBe(String(reviews[0]!.rating));
    }
    const [sum] = await t.db.sql<{ rating_sum: number; review_count: number }[]>`
      SELECT COALESCE(sum(rating), 0)::bigint AS rating_sum, count(*)::int AS review_count
      FROM reviews WHERE advisor_id = ${advisorId}`;
    expect(await totals()).toEqual(sum);
    expect((await totals()).review_count).toBe(before.review_count + users.length);
  });
});
