/** AdminListDeposits: TON deposits no user could be matched to. */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

export type AdminDepositRow = CallAnswer<'AdminListDeposits'>['deposits'][number];

export function useDeposits() {
  return useData(`${ADMIN_KEY}deposits`, () => callApi('AdminListDeposits', { query: {} }));
}
