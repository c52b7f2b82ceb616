/** ManagerGetProfile: the advisor record linked to the signed-in Telegram user. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { WORKSPACE_KEY } from './keys';

export function useAdvisorProfile() {
  return useData(`${WORKSPACE_KEY}profile`, () => callApi('ManagerGetProfile'));
}
