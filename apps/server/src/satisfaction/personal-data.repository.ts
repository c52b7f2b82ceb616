/**
 * SQL of satisfaction credits' part in a user's data: offers in the export; a deletion keeps them
 * (they are the reasons of credit rows in the ledger) and moves them to the tombstone.
 */
import type { PersonalData } from '../kernel/module.js';

export const satisfactionPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    satisfaction_credits: await sql`
      SELECT advisor_id, rating, amount_cents, offered_at, claimed_at FROM satisfaction_offers
      WHERE user_id = ${telegramId} ORDER BY id`,
  }),
  erase: async (tx, { telegramId, tombstoneId }) => {
    await tx`UPDATE satisfaction_offers SET user_id = ${tombstoneId} WHERE user_id = ${telegramId}`;
  },
});
