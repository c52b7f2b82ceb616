/** AdminStarsPayments: Telegram Stars payments, newest first, optionally of one user. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

export function useStarsPayments(telegramUserId: number | null) {
  return useData(`${ADMIN_KEY}stars:${telegramUserId ?? ''}`, () =>
    callApi('AdminStarsPayments', {
      query: telegramUserId === null ? {} : { telegram_user_id: telegramUserId },
    }),
  );
}
