/** SQL of the notification list's part in a user's data: exported, then deleted. */
import type { PersonalData } from '../kernel/module.js';

export const notificationsPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    notifications: await sql`
      SELECT id, kind, reason, amount_cents, free_messages_delta, advisor_id, count, created_at, read_at
      FROM notifications WHERE user_id = ${telegramId} ORDER BY id`,
  }),
  erase: async (tx, { telegramId }) => {
    await tx`DELETE FROM notifications WHERE user_id = ${telegramId}`;
  },
});
