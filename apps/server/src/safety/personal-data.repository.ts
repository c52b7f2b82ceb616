/**
 * SQL of safety's part in a deletion (decision 050). Reports are staff's records of what happened
 * in a dialog: kept, but a report the person wrote loses their words and names the tombstone, and
 * a report about them names the tombstone too. Their blocks go (the dialog has no one left to
 * block). Their suspension, if any, stays on the sign-in revocation row (auth's part).
 */
import type { PersonalData } from '../kernel/module.js';

export const safetyPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    reports: await sql`
      SELECT advisor_id, message_id, reason, text, status, created_at FROM reports
      WHERE reporter_role = 'user' AND reporter_id = ${telegramId} ORDER BY id`,
    blocks: await sql`
      SELECT advisor_id, created_at FROM dialog_blocks
      WHERE user_id = ${telegramId} AND blocked_by = 'user' ORDER BY created_at`,
  }),
  erase: async (tx, { telegramId, tombstoneId }) => {
    await tx`
      UPDATE reports SET reporter_id = ${tombstoneId}, text = ''
      WHERE reporter_role = 'user' AND reporter_id = ${telegramId}`;
    await tx`UPDATE reports SET user_id = ${tombstoneId} WHERE user_id = ${telegramId}`;
    await tx`DELETE FROM dialog_blocks WHERE user_id = ${telegramId}`;
  },
});
