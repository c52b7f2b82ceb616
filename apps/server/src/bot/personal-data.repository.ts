/**
 * SQL of the bot's part in a deletion: its notices to the person and the notices to advisors that
 * quote the person's messages (sent or waiting) are deleted.
 */
import type { PersonalData } from '../kernel/module.js';

export const botPersonalData = (): PersonalData => ({
  erase: async (tx, { telegramId }) => {
    await tx`DELETE FROM bot_notices WHERE recipient_telegram_id = ${telegramId} OR user_id = ${telegramId}`;
    await tx`DELETE FROM bot_outbox WHERE chat_id = ${telegramId} OR dialog_user_id = ${telegramId}`;
  },
});
