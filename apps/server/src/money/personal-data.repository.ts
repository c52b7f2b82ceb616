/**
 * SQL of money's part in a user's data: the ledger in the export; in a deletion the ledger rows
 * are kept (payment records) and move to the tombstone with their amounts, reasons, references
 * and dates, so that the tombstone's balance still equals its ledger. The client ids of the user's
 * paid sends (migration 037) only guard against a retry charging twice, and go.
 */
import type { PersonalData } from '../kernel/module.js';

export const moneyPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    ledger: await sql`
      SELECT id, amount_cents, free_messages_delta, reason, message_id, reference, created_at
      FROM ledger WHERE user_id = ${telegramId} ORDER BY id`,
  }),
  erase: async (tx, { telegramId, tombstoneId }) => {
    await tx`UPDATE ledger SET user_id = ${tombstoneId} WHERE user_id = ${telegramId}`;
    await tx`DELETE FROM paid_send_keys WHERE user_id = ${telegramId}`;
  },
});
