/** ManagerGetMessages: one user's dialog with the advisor. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { dialogKey } from './keys';

export function useAdvisorDialog(telegramUserId: number) {
  return useData(dialogKey(telegramUserId), () =>
    callApi('ManagerGetMessages', { query: { telegram_user_id: telegramUserId } }),
  );
}
