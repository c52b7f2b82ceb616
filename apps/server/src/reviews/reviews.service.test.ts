/**
 * Reviews against the real database: a user's ratings of one advisor are decided one at a time,
 * so first reviews sent together leave one review, each answered 200, and the advisor's totals
 * count it once (they used to clash on the unique key and answer 500).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUserId, startTestApp, type TestApp } from '../test/harness.js';
import { aDialog, aUser, anAdvisor } from '../test/builders.js';

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

describe('the reviews of a profile', () => {
  it('come with the breakdown by stars over all reviews and the three most helpful', async () => {
    const rated = await anAdvisor(t, { name: 'Broken down', categoryId: 5, priceCents: 100 });
    const long = 'Clear and detailed: she explained the spread card by card and what to do next.';
    const reviews: [number, string][] = [
      [5, 'Good.'],
      [5, long],
      [4, 'Helpful, though the answer took a while to arrive.'],
      [5, ''],
      [1, `Nothing came true and the answer was generic. ${'Very disappointed. '.repeat(10)}`],
      [5, 'Accurate and kind, thank you.'],
      [2, 'Too general.'],
    ];
    for (const [rating, text] of reviews) {
      const user = await aUser(t);
      await aDialog(t, {
        advisorId: rated,
        userId: user,
        messages: [{ from: 'user', secondsAgo: 60 }],
      });
      const sent = await call(user, 'CreateReview.php', { manager_id: rated, rating, text });
      expect(sent.statusCode).toBe(200);
    }
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/GetReviews.php?manager_id=${rated}`,
      headers: { authorization: t.initData(newUserId()) },
    });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<{
      breakdown: { stars: number; count: number }[];
      most_helpful: { rating: number; text: string }[];
    }>();
    expect(body.breakdown).toEqual([
      { stars: 5, count: 4 },
      { stars: 4, count: 1 },
      { stars: 3, count: 0 },
      { stars: 2, count: 1 },
      { stars: 1, count: 1 },
    ]);
    // Mean 3.9, about 4: the 1★ and 2★ reviews are far from it, the empty one says nothing; of the rest
    // the fuller texts come first.
    expect(body.most_helpful.map((review) => review.text)).toEqual([
      long,
      'Helpful, though the answer took a while to arrive.',
      'Accurate and kind, thank you.',
    ]);
  });

  it('of an advisor without reviews: zero of every star, none helpful', async () => {
    const quiet = await anAdvisor(t, { name: 'Quiet', categoryId: 5, priceCents: 100 });
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/GetReviews.php?manager_id=${quiet}`,
      headers: { authorization: t.initData(newUserId()) },
    });
    const body = answer.json<{ breakdown: { count: number }[]; most_helpful: unknown[] }>();
    expect(body.breakdown.map((row) => row.count)).toEqual([0, 0, 0, 0, 0]);
    expect(body.most_helpful).toEqual([]);
  });
});
