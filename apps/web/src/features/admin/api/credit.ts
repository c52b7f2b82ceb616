/** AdminCredit: credit (or, negative, debit) a balance with a reason; never below zero. */
import { callApi } from '../../../lib/api-client';
import { invalidate } from '../../../lib/use-data';
import { usersPrefix } from './keys';

export async function creditUser(telegramUserId: number, amount: string, reason: string) {
  const answer = await callApi('AdminCredit', {
    body: { telegram_user_id: telegramUserId, amount, reason },
  });
  invalidate(`${usersPrefix}list:`);
  return answer;
}
