/** ManagerGetEarnings: today, this month, all time, unpaid, per message, recent paid messages. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { WORKSPACE_KEY } from './keys';

export function useEarnings() {
  return useData(`${WORKSPACE_KEY}earnings`, () => callApi('ManagerGetEarnings'));
}
