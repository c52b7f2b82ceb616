/** GetMyDisputes, GetDisputableMessages, OpenDispute: the caller's cases about readings. */
import type { CallBody } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { invalidate, useData } from '../../../lib/use-data';

const KEY = 'disputes:';

export function useMyDisputes() {
  return useData(`${KEY}mine`, () => callApi('GetMyDisputes', { query: {} }));
}

/** The chat's paid messages a new case may be about, and its open case. */
export function useDisputable(managerId: number | null) {
  return useData(managerId === null ? null : `${KEY}disputable:${managerId}`, () =>
    callApi('GetDisputableMessages', { query: { manager_id: managerId! } }),
  );
}

export async function openDispute(body: CallBody<'OpenDispute'>) {
  const answer = await callApi('OpenDispute', { body });
  invalidate(KEY);
  return answer.dispute;
}
