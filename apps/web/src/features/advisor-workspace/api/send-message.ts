/** ManagerSendMessage: the advisor's reply (free for the user), text up to 1000 characters and/or an uploaded picture. */
import { callApi } from '../../../lib/api-client';
import { invalidate } from '../../../lib/use-data';
import { inboxKey } from './keys';

export async function sendReply(
  telegramUserId: number,
  content: { text: string; imageId?: string },
) {
  const answer = await callApi('ManagerSendMessage', {
    body: {
      telegram_user_id: telegramUserId,
      ...(content.text ? { message: content.text } : {}),
      ...(content.imageId ? { image_id: content.imageId } : {}),
    },
  });
  // The inbox's last message changed; it loads fresh when shown next.
  invalidate(inboxKey);
  return answer.data.message;
}
