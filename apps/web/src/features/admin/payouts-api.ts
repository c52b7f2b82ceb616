/** The admin's payout queue and batches (AdminPayoutQueue, AdminCreatePayoutBatch; decision 047). */
import { callApi } from '../../lib/api-client';
import { invalidate, useData } from '../../lib/use-data';
import { payoutsPrefix } from './api/keys';

const QUEUE_KEY = `${payoutsPrefix}queue`;

export function usePayoutQueue() {
  return useData(QUEUE_KEY, () => callApi('AdminPayoutQueue'));
}

/** Records the batch as sent (before the wallet signs) and answers the messages to sign. */
export async function createPayoutBatch(payoutIds: number[], wallet: string) {
  const answer = await callApi('AdminCreatePayoutBatch', {
    body: { payout_ids: payoutIds, wallet },
  });
  invalidate(payoutsPrefix);
  return answer;
}

export function refreshPayouts(): void {
  invalidate(payoutsPrefix);
}
