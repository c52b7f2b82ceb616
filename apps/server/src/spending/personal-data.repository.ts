/** SQL of spending limits' part in a user's data: exported, then deleted. */
import type { PersonalData } from '../kernel/module.js';

export const spendingPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    spending_limits:
      (
        await sql`
          SELECT daily_cents, monthly_cents, updated_at FROM spending_limits WHERE user_id = ${telegramId}`
      )[0] ?? null,
  }),
  erase: async (tx, { telegramId }) => {
    await tx`DELETE FROM spending_limits WHERE user_id = ${telegramId}`;
  },
});
