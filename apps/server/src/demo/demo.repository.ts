/** SQL of demo seeding: one instance at a time fills an empty database. */
import type { Tx } from '../db/database.js';

const SEED_LOCK = 7_345_002;

export class DemoRepository {
  /** Holds the seeding lock until the transaction ends, so two instances starting together seed once. */
  async lockForSeeding(tx: Tx): Promise<void> {
    await tx`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
  }

  /**
   * Adds the Russian texts of a demo advisor seeded before texts had languages: only to an
   * English demo advisor of that name that has no Russian row yet. Returns whether it did.
   */
  async addMissingTranslation(
    tx: Tx,
    name: string,
    language: string,
    texts: { description: string; additional_info: string },
  ): Promise<boolean> {
    const rows = await tx`
      INSERT INTO advisor_texts (advisor_id, language, description, additional_info)
      SELECT id, ${language}, ${texts.description}, ${texts.additional_info} FROM advisors
      WHERE is_demo AND name = ${name} AND text_language <> ${language}
      ON CONFLICT (advisor_id, language) DO NOTHING
      RETURNING advisor_id`;
    return rows.length > 0;
  }

  /** A demo advisor by name, with its seeded reviews (those no user wrote) and its client figure. */
  async seededState(
    tx: Tx,
    name: string,
  ): Promise<{ id: number; clients: number; reviews: { rating: number; text: string }[] } | null> {
    const [advisor] = await tx<{ id: number; clients: number }[]>`
      SELECT id, clients FROM advisors WHERE is_demo AND name = ${name} ORDER BY id LIMIT 1`;
    if (!advisor) return null;
    const reviews = await tx<{ rating: number; text: string }[]>`
      SELECT rating, text FROM reviews WHERE advisor_id = ${advisor.id} AND user_id IS NULL ORDER BY id`;
    return { ...advisor, reviews };
  }

  async deleteSeededReviews(tx: Tx, advisorId: number): Promise<void> {
    await tx`DELETE FROM reviews WHERE advisor_id = ${advisorId} AND user_id IS NULL`;
  }

  /** Sets the rating totals from the advisor's reviews as they now are, and the client figure. */
  async settle(tx: Tx, advisorId: number, clients: number): Promise<void> {
    await tx`
      UPDATE advisors SET clients = ${clients},
        rating_sum = (SELECT coalesce(sum(rating), 0) FROM reviews WHERE advisor_id = ${advisorId}),
        review_count = (SELECT count(*) FROM reviews WHERE advisor_id = ${advisorId})
      WHERE id = ${advisorId}`;
  }
}
