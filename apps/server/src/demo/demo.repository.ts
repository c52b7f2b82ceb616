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
}
