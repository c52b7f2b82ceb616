/**
 * SQL of reviews' part in a user's data: their reviews in the export; a deletion deletes them and
 * takes their ratings out of the advisors' averages in the same transaction.
 */
import type { PersonalData } from '../kernel/module.js';

export const reviewsPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    reviews: await sql`
      SELECT r.id, r.advisor_id, a.name AS advisor_name, r.author_name, r.rating, r.text, r.created_at, r.updated_at
      FROM reviews r JOIN advisors a ON a.id = r.advisor_id
      WHERE r.user_id = ${telegramId} ORDER BY r.id`,
  }),
  erase: async (tx, { telegramId }) => {
    await tx`
      WITH gone AS (DELETE FROM reviews WHERE user_id = ${telegramId} RETURNING advisor_id, rating),
      per_advisor AS (SELECT advisor_id, sum(rating) AS rating, count(*) AS n FROM gone GROUP BY advisor_id)
      UPDATE advisors a SET rating_sum = a.rating_sum - p.rating, review_count = a.review_count - p.n
      FROM per_advisor p WHERE a.id = p.advisor_id`;
  },
});
