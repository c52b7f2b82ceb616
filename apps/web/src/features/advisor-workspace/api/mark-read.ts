/** ManagerMarkRead: the user's messages in the dialog are read (the user sees ✓✓). */
import { callApi } from '../../../lib/api-client';

export async function markDialogRead(telegramUserId: number, upToId?: number): Promise<void> {
  await callApi('ManagerMarkRead', {
    body: { telegram_user_id: telegramUserId, up_to_id: upToId },
  });
}
