/** The staff's calls on advisor applications: the list, stage moves, the thread, approval, refusal, the trial's end. */
import {
  APPLICATION_STAGES,
  type AdminApplication,
  type ApplicationStage,
  type CallAnswer,
  type CallBody,
} from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { getCachedData, setCachedData, useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

const applicationsPrefix = `${ADMIN_KEY}applications:`;

export function useApplications(stage: ApplicationStage | null) {
  return useData(`${applicationsPrefix}${stage ?? 'all'}`, () =>
    callApi('AdminListApplications', { query: stage ? { stage } : {} }),
  );
}

type ListAnswer = CallAnswer<'AdminListApplications'>;

/**
 * Each change answers with the application: the lists on screen show it in place (reloading them
 * would unmount the cards and lose what staff were typing in another field).
 */
async function changed(request: Promise<{ application: AdminApplication }>) {
  const { application } = await request;
  for (const stage of [null, ...APPLICATION_STAGES]) {
    const key = `${applicationsPrefix}${stage ?? 'all'}`;
    if (!getCachedData<ListAnswer>(key)) continue;
    setCachedData<ListAnswer>(key, (list) => ({
      ...list!,
      applications: list!.applications
        .map((shown) => (shown.id === application.id ? application : shown))
        .filter((shown) => stage === null || shown.stage === stage),
    }));
  }
  return application;
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
