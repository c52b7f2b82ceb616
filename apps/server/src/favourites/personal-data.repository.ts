/** SQL of favourites' part in a user's data: favourites and alert settings, exported, then deleted. */
import type { PersonalData } from '../kernel/module.js';

export const favouritesPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    favourites: await sql`
      SELECT advisor_id, created_at FROM favourites WHERE user_id = ${telegramId} ORDER BY created_at`,
    notification_settings:
      (
        await sql`
          SELECT favourite_alerts, time_zone FROM notification_settings WHERE user_id = ${telegramId}`
      )[0] ?? null,
  }),
  erase: async (tx, { telegramId }) => {
    await tx`DELETE FROM favourite_online_notices WHERE user_id = ${telegramId}`;
    await tx`DELETE FROM favourites WHERE user_id = ${telegramId}`;
    await tx`DELETE FROM notification_settings WHERE user_id = ${telegramId}`;
  },
});
