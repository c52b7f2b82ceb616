/** AdminUserLedger: one user with their ledger, newest first. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { usersPrefix } from './keys';

export function useUserLedger(telegramUserId: number) {
  return useData(`${usersPrefix}ledger:${telegramUserId}`, () =>
    callApi('AdminUserLedger', { query: { telegram_user_id: telegramUserId } }),
  );
}
