/** AdminDisputes and AdminResolveDispute: the queue of users' cases and the staff's decision. */
import type { AdminDispute, CallAnswer, CallBody, DisputeStatus } from '@seer/contract';
import { DISPUTE_STATUSES } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { getCachedData, setCachedData, useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

const prefix = `${ADMIN_KEY}disputes:`;

export function useAdminDisputes(status: DisputeStatus | null) {
  return useData(`${prefix}${status ?? 'all'}`, () =>
    callApi('AdminDisputes', { query: status ? { status } : {} }),
  );
}

type ListAnswer = CallAnswer<'AdminDisputes'>;

/** Decides a case; the lists on screen show the answer in place (typing in other cards is kept). */
export async function resolveDispute(body: CallBody<'AdminResolveDispute'>) {
  const answer = await callApi('AdminResolveDispute', { body });
  const dispute: AdminDispute = answer.dispute;
  for (const status of [null, ...DISPUTE_STATUSES]) {
    const key = `${prefix}${status ?? 'all'}`;
    if (!getCachedData<ListAnswer>(key)) continue;
    setCachedData<ListAnswer>(key, (list) => ({
      ...list!,
      disputes: list!.disputes
        .map((shown) => (shown.id === dispute.id ? dispute : shown))
        .filter((shown) => status === null || shown.status === status),
    }));
  }
  return answer;
}
