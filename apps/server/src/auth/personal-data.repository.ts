/**
 * SQL of auth's part in a deletion: the person's session rows go (they were revoked in the same
 * transaction). Their sign-in revocation row stays: it holds only the id and moments, refuses init
 * data signed before the deletion (decision 034), and marks the account deleted, so that a person
 * who comes back is not welcomed with free messages a second time (decision 050).
 */
import type { PersonalData } from '../kernel/module.js';

export const authPersonalData = (): PersonalData => ({
  erase: async (tx, { telegramId }) => {
    await tx`DELETE FROM auth_sessions WHERE telegram_id = ${telegramId}`;
    await tx`
      UPDATE sign_in_revocations SET account_erased_at = now() WHERE telegram_id = ${telegramId}`;
  },
});
