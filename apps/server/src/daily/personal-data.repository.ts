/** SQL of the daily ritual's part in a user's data: the onboarding and morning message setting. */
import type { PersonalData } from '../kernel/module.js';

export const dailyPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    daily_ritual:
      (
        await sql`
          SELECT onboarding_closed_at, onboarding_outcome, morning_enabled, morning_hour, time_zone,
                 to_char(last_morning_on, 'YYYY-MM-DD') AS last_morning_on
          FROM daily_ritual WHERE user_id = ${telegramId}`
      )[0] ?? null,
  }),
  erase: async (tx, { telegramId }) => {
    await tx`DELETE FROM daily_ritual WHERE user_id = ${telegramId}`;
  },
});
