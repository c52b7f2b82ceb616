/** GetMyApplication, SubmitApplication, ReplyToApplication: the caller's advisor application. */
import type { Application, CallBody, MyApplicationAnswer } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { setCachedData, useData } from '../../../lib/use-data';

export const MY_APPLICATION_KEY = 'apply:mine';

export function useMyApplication() {
  return useData(MY_APPLICATION_KEY, () => callApi('GetMyApplication'));
}

export async function submitApplication(body: CallBody<'SubmitApplication'>) {
  const answer = await callApi('SubmitApplication', { body });
  updateCached(answer.application);
  return answer.application;
}

export async function replyToApplication(text: string) {
  const answer = await callApi('ReplyToApplication', { body: { text } });
  updateCached(answer.application);
  return answer.application;
}

/** The cached answer shows the application the server returned (no second request). */
function updateCached(application: Application) {
  setCachedData<MyApplicationAnswer>(MY_APPLICATION_KEY, (previous) => ({
    status: 'success',
    sample_question: previous?.sample_question ?? application.sample_question,
    reapply_after: null,
    can_apply: false,
    application,
  }));
}
