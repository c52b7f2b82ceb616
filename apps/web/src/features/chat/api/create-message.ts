/** CreateMessage: a paid chat message (free credit first, then balance). */
import { callApi } from '../../../lib/api-client';
import { updateUserBalance } from '../../../lib/user';
import { askWriteAccessOnce } from '../../../lib/write-access';

export async function sendChatMessage(
  advisorId: number,
  content: { text: string; imageId?: string },
) {
  const answer = await callApi('CreateMessage', {
    body: {
      manager_id: advisorId,
      message: content.text,
      ...(content.imageId ? { image_id: content.imageId } : {}),
    },
  });
  // Spec: after a successful send, balance and free messages are replaced from payment_info.
  const payment = answer.data.payment_info;
  updateUserBalance(payment.new_balance_cents, payment.new_free_messages);
  // After the first message the user waits for a reply: the moment to ask whether the bot may announce it.
  void askWriteAccessOnce();
  return answer.data.message;
}
