/** AdminAssignDeposit: credit an unmatched deposit to a user at the rate it arrived at, once. */
import { callApi } from '../../../lib/api-client';
import { invalidate } from '../../../lib/use-data';
import { usersPrefix } from './keys';

export async function assignDeposit(depositId: number, telegramUserId: number) {
  const answer = await callApi('AdminAssignDeposit', {
    body: { deposit_id: depositId, telegram_user_id: telegramUserId },
  });
  invalidate(usersPrefix);
  return answer;
}
