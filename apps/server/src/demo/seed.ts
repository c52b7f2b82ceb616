/** Fills an empty database with the demo catalogue (never with NODE_ENV=production). */
import type { Sql } from '../db/database.js';
import { AdvisorsRepository } from '../advisors/advisors.repository.js';
import { ReviewsRepository } from '../reviews/reviews.repository.js';
import { DEMO_ADVISORS, demoReviews } from './demo-advisors.js';

const SEED_LOCK = 7_345_002;

export async function seedDemoData(sql: Sql): Promise<number> {
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
    const [row] = await tx<{ n: number }[]>`SELECT count(*)::int AS n FROM advisors`;
    if (row!.n > 0) return 0;
    const advisors = new AdvisorsRepository(sql);
    const reviews = new ReviewsRepository(sql);
    for (const [index, demo] of DEMO_ADVISORS.entries()) {
      const { slug, ...fields } = demo;
      const id = await advisors.insert(
        { ...fields, avatar_url: `/avatars/${slug}.svg`, is_demo: true },
        tx,
      );
      let sum = 0;
      const list = demoReviews(index);
      for (const review of list) {
        sum += review.rating;
        await reviews.insert(tx, {
          advisorId: id,
          userId: null,
          authorName: review.author,
          rating: review.rating,
          text: review.text,
          createdAt: new Date(Date.now() - review.daysAgo * 86_400_000),
        });
      }
      await tx`UPDATE advisors SET rating_sum = ${sum}, review_count = ${list.length} WHERE id = ${id}`;
    }
    return DEMO_ADVISORS.length;
  });
}
