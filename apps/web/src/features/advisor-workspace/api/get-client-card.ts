/** ManagerGetClientCard: who the advisor is talking to in one dialog (birth data only with the client's consent). */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { clientCardKey } from './keys';

export function useClientCard(telegramUserId: number) {
  return useData(clientCardKey(telegramUserId), () =>
    callApi('ManagerGetClientCard', { query: { telegram_user_id: telegramUserId } }),
  );
}
