/** The staff's calls on advisor applications: the list, stage moves, the thread, approval, refusal, the trial's end. */
import type { ApplicationStage, CallBody } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { invalidate, useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

const applicationsPrefix = `${ADMIN_KEY}applications:`;

export function useApplications(stage: ApplicationStage | null) {
  return useData(`${applicationsPrefix}${stage ?? 'all'}`, () =>
    callApi('AdminListApplications', { query: stage ? { stage } : {} }),
  );
}

/** Each change answers with the application; every list showing it loads again. */
async function changed<T>(request: Promise<T>): Promise<T> {
  const answer = await request;
  invalidate(applicationsPrefix);
  return answer;
}

export const moveApplication = (body: CallBody<'AdminMoveApplication'>) =>
  changed(callApi('AdminMoveApplication', { body }));
export const writeApplicationNote = (body: CallBody<'AdminApplicationNote'>) =>
  changed(callApi('AdminApplicationNote', { body }));
export const approveApplication = (body: CallBody<'AdminApproveApplication'>) =>
  changed(callApi('AdminApproveApplication', { body }));
export const refuseApplication = (body: CallBody<'AdminRefuseApplication'>) =>
  changed(callApi('AdminRefuseApplication', { body }));
export const endTrial = (id: number) => changed(callApi('AdminEndTrial', { body: { id } }));
