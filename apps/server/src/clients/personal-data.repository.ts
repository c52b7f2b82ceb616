/**
 * SQL of the client card's part in a user's data: the consent to show birth data in the export;
 * a deletion deletes the consent and the advisors' private notes about the person.
 */
import type { PersonalData } from '../kernel/module.js';

export const clientsPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    birth_data_sharing:
      (
        await sql`SELECT allowed, answered_at FROM birth_data_sharing WHERE user_id = ${telegramId}`
      )[0] ?? null,
  }),
  erase: async (tx, { telegramId }) => {
    await tx`DELETE FROM advisor_client_notes WHERE user_id = ${telegramId}`;
    await tx`DELETE FROM birth_data_sharing WHERE user_id = ${telegramId}`;
  },
});
