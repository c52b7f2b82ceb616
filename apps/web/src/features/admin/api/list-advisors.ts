/** AdminListAdvisors: every advisor, active or not, with the linked Telegram id. */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { advisorsKey } from './keys';

export type AdminAdvisorRow = CallAnswer<'AdminListAdvisors'>['advisors'][number];

export function useAdminAdvisors() {
  return useData(advisorsKey, () => callApi('AdminListAdvisors'));
}
