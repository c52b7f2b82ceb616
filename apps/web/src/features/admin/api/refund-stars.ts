/** AdminRefundStars: refund a Stars payment through Telegram and debit what it credited. */
import { callApi } from '../../../lib/api-client';
import { invalidate } from '../../../lib/use-data';
import { usersPrefix } from './keys';

export async function refundStars(chargeId: string) {
  const answer = await callApi('AdminRefundStars', {
    body: { telegram_payment_charge_id: chargeId },
  });
  invalidate(usersPrefix);
  return answer;
}
