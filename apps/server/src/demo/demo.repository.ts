/** SQL of demo seeding: one instance at a time fills an empty database. */
import type { Tx } from '../db/database.js';

const SEED_LOCK = 7_345_002;

export class DemoRepository {
  /** Holds the seeding lock until the transaction ends, so two instances starting together seed once. */
  async lockForSeeding(tx: Tx): Promise<void> {
    await tx`SELECT pg_advisory_xact_lock(${SEED_LOCK})`;
  }
}
