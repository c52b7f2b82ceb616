/** SQL for reviews. */
import type { Sql, Tx } from '../db/database.js';

export interface ReviewRow {
  id: number;
  rating: number;
  text: string;
  author_name: string;
  created_at: Date;
  text_language: string | null;
  /** The review in other languages (demo reviews). */
  translations: Record<string, { text: string; author: string }>;
}

const RETURNED = 'id, rating, text, author_name, created_at, text_language, translations';

export class ReviewsRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Locks the user's dialog with the advisor until commit: the user's ratings of the advisor are
   * decided one at a time. False when there is no dialog.
   */
  async lockDialog(tx: Tx, userId: number, advisorId: number): Promise<boolean> {
    const [row] = await tx`
      SELECT id FROM dialogs WHERE user_id = ${userId} AND advisor_id = ${advisorId} FOR UPDATE`;
    return Boolean(row);
  }

  async findByUser(
    tx: Tx,
    advisorId: number,
    userId: number,
  ): Promise<{ id: number; rating: number } | null> {
    const [row] = await tx<{ id: number; rating: number }[]>`
      SELECT id, rating FROM reviews WHERE advisor_id = ${advisorId} AND user_id = ${userId} FOR UPDATE`;
    return row ?? null;
  }

  async insert(
    db: Sql | Tx,
    review: {
      advisorId: number;
      userId: number | null;
      authorName: string;
      rating: number;
      text: string;
      createdAt?: Date;
      textLanguage?: string | null;
      translations?: Record<string, { text: string; author: string }>;
    },
  ): Promise<ReviewRow> {
    const [row] = await db<ReviewRow[]>`
      INSERT INTO reviews (advisor_id, user_id, author_name, rating, text, created_at, text_language, translations)
      VALUES (${review.advisorId}, ${review.userId}, ${review.authorName}, ${review.rating}, ${review.text},
        ${review.createdAt ?? new Date()}, ${review.textLanguage ?? null}, ${db.json(review.translations ?? {})})
      RETURNING ${db.unsafe(RETURNED)}`;
    return row!;
  }

  async update(
    tx: Tx,
    id: number,
    rating: number,
    text: string,
    authorName: string,
  ): Promise<ReviewRow> {
    const [row] = await tx<ReviewRow[]>`
      UPDATE reviews SET rating = ${rating}, text = ${text}, author_name = ${authorName}, updated_at = now()
      WHERE id = ${id} RETURNING ${tx.unsafe(RETURNED)}`;
    return row!;
  }

  async listForAdvisor(advisorId: number, limit = 50): Promise<ReviewRow[]> {
    return this.sql<ReviewRow[]>`
      SELECT ${this.sql.unsafe(RETURNED)} FROM reviews
      WHERE advisor_id = ${advisorId} ORDER BY created_at DESC, id DESC LIMIT ${limit}`;
  }

  /** How many reviews of the advisor gave each number of stars (only those given). */
  async starCounts(advisorId: number): Promise<{ rating: number; count: number }[]> {
    return this.sql<{ rating: number; count: number }[]>`
      SELECT rating, count(*)::int AS count FROM reviews WHERE advisor_id = ${advisorId} GROUP BY rating`;
  }

  /**
   * The most helpful reviews (decision 051): with text; first those within a star of the
   * advisor's average, rounded (they tell what most clients found), then the fuller text (counted up to
   * 240 characters, so length alone does not win), then the newer.
   */
  async mostHelpful(advisorId: number, limit = 3): Promise<ReviewRow[]> {
    return this.sql<ReviewRow[]>`
      WITH mean AS (SELECT avg(rating) AS m FROM reviews WHERE advisor_id = ${advisorId})
      SELECT ${this.sql.unsafe(RETURNED)} FROM reviews, mean
      WHERE advisor_id = ${advisorId} AND char_length(btrim(text)) > 0
      ORDER BY abs(rating - round(mean.m)) <= 1 DESC, least(char_length(text), 240) DESC, created_at DESC, id DESC
      LIMIT ${limit}`;
  }
}
