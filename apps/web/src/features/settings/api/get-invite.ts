/** GetInvite: the user's invite code and link, how many joined and the free messages earned. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';

export const INVITE_KEY = 'invite';

export function useInvite() {
  return useData(INVITE_KEY, () => callApi('GetInvite'));
}
