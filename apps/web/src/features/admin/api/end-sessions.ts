/**
 * AdminEndSessions: ends every session of a user, and the init data signed before now stops
 * working too (a lost phone, a copied token): the user's open apps must be reopened from Telegram.
 */
import { callApi } from '../../../lib/api-client';

export async function endSessions(telegramUserId: number) {
  return callApi('AdminEndSessions', { body: { telegram_user_id: telegramUserId } });
}
