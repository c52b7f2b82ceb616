/**
 * CreateMessage, the one paid send of the web app: chat messages, and tarot and dream requests
 * (with their request_type). A free message is used first, then the balance; the answer's
 * payment_info replaces the balance and free messages shown everywhere.
 */
import { callApi } from '../../lib/api-client';
import { invalidate } from '../../lib/use-data';
import { updateUserBalance } from '../../lib/user';
import { askWriteAccessOnce } from '../../lib/write-access';

/** The cache key of one dialog's history (GetAllMessages) on the user's side. */
export const messagesKey = (advisorId: number) => `chat:messages:${advisorId}`;

export async function sendPaidMessage(
  advisorId: number,
  content: {
    text: string;
    imageId?: string;
    requestType?: 'tarot' | 'dream';
    /** The message's own id: sent again under it, the server stores and charges it once. */
    clientId?: string;
  },
) {
  const answer = await callApi('CreateMessage', {
    body: {
      manager_id: advisorId,
      message: content.text,
      ...(content.clientId ? { client_id: content.clientId } : {}),
      ...(content.imageId ? { image_id: content.imageId } : {}),
      ...(content.requestType ? { request_type: content.requestType } : {}),
    },
  });
  const payment = answer.data.payment_info;
  updateUserBalance(payment.new_balance_cents, payment.new_free_messages);
  // A request is sent from another screen: the dialog loads afresh when opened.
  if (content.requestType) invalidate(messagesKey(advisorId));
  // After the first message the user waits for a reply: the moment to ask whether the bot may announce it.
  void askWriteAccessOnce();
  return answer.data.message;
}
