/**
 * SQL of disputes' part in a user's data (decision 050): the person's cases in the export; a
 * deletion keeps each case (its refunds are ledger rows) on the tombstone, without the person's
 * words. Staff's resolution notes are staff's words and stay.
 */
import type { PersonalData } from '../kernel/module.js';

export const disputesPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    disputes: await sql`
      SELECT id, advisor_id, text, status, claimed_cents, refunded_cents, resolution_note, created_at, resolved_at
      FROM disputes WHERE user_id = ${telegramId} ORDER BY id`,
  }),
  erase: async (tx, { telegramId, tombstoneId }) => {
    await tx`UPDATE disputes SET user_id = ${tombstoneId}, text = '' WHERE user_id = ${telegramId}`;
  },
});
