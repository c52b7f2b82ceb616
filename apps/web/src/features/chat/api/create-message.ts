/** CreateMessage: a paid chat message (free credit first, then balance). */
import type { UserProfile } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { setCachedData } from '../../../lib/use-data';
import { USER_KEY } from './get-user';

export async function sendChatMessage(advisorId: number, content: { text: string; imageId?: string }) {
  const answer = await callApi('CreateMessage', {
    body: { manager_id: advisorId, message: content.text, ...(content.imageId ? { image_id: content.imageId } : {}) },
  });
  // Spec: after a successful send, balance and free messages are replaced from payment_info.
  const payment = answer.data.payment_info;
  setCachedData<UserProfile & { data?: UserProfile }>(USER_KEY, (user) => {
    if (!user) return user as never;
    const patch = {
      balance: payment.new_balance,
      balance_cents: payment.new_balance_cents,
      free_messages: payment.new_free_messages,
      free_minutes: payment.new_free_messages,
    };
    return { ...user, ...patch, ...(user.data ? { data: { ...user.data, ...patch } } : {}) };
  });
  return answer.data.message;
}
