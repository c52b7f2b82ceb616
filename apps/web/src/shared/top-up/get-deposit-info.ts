/** GetDepositInfo: the TON deposit address, the caller's memo, the rate, and which methods are on. */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { useData } from '../../lib/use-data';

export type DepositInfo = CallAnswer<'GetDepositInfo'>;
const DEPOSIT_INFO_KEY = 'deposit-info';

function fetchDepositInfo(): Promise<DepositInfo> {
  return callApi('GetDepositInfo');
}

export function useDepositInfo() {
  return useData(DEPOSIT_INFO_KEY, fetchDepositInfo);
}
