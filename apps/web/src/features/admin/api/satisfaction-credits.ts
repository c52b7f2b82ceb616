/** AdminSatisfactionCredits: every satisfaction credit offered after a low rating, newest first. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

export function useSatisfactionCredits() {
  return useData(`${ADMIN_KEY}credits`, () => callApi('AdminSatisfactionCredits'));
}
