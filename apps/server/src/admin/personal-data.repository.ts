/**
 * SQL of admin's part in a deletion: the audit log keeps staff's actions, but the person's id in
 * their details becomes the tombstone's, like the ledger rows those actions made.
 */
import type { PersonalData } from '../kernel/module.js';

export const adminPersonalData = (): PersonalData => ({
  erase: async (tx, { telegramId, tombstoneId }) => {
    const id = String(telegramId);
    await tx`
      UPDATE admin_audit
      SET details = regexp_replace(details::text, ${`(?<![0-9])${id}(?![0-9])`}, ${String(tombstoneId)}, 'g')::jsonb
      WHERE details::text ~ ${`(?<![0-9])${id}(?![0-9])`}`;
  },
});
