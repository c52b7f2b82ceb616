/** The advisor's payouts: ManagerGetPayouts, ManagerRequestPayout, ManagerCancelPayout (decision 047). */
import { callApi } from '../../lib/api-client';
import { invalidate, useData } from '../../lib/use-data';
import { WORKSPACE_KEY } from './api/keys';

const PAYOUTS_KEY = `${WORKSPACE_KEY}payouts`;

export function usePayoutStatement() {
  return useData(PAYOUTS_KEY, () => callApi('ManagerGetPayouts'));
}

/** After a request or a cancel the statement and the earnings panel change. */
function refresh(): void {
  invalidate(PAYOUTS_KEY);
  invalidate(`${WORKSPACE_KEY}earnings`);
}

export async function requestPayout(address: string, amount: string) {
  const answer = await callApi('ManagerRequestPayout', { body: { address, amount } });
  refresh();
  return answer;
}

export async function cancelPayout(payoutId: number) {
  const answer = await callApi('ManagerCancelPayout', { body: { payout_id: payoutId } });
  refresh();
  return answer.payout;
}
