/** AdminAudit: recent admin actions with who and when. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

export function useAudit() {
  return useData(`${ADMIN_KEY}audit`, () => callApi('AdminAudit'));
}
