/**
 * Whether advisors may see the user's birth data (GetBirthDataSharing / SetBirthDataSharing): off
 * until the user allows it; the chat asks once, Settings changes it. One cache for both.
 */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { setCachedData, useData } from '../../lib/use-data';

export const BIRTH_DATA_SHARING_KEY = 'birth-data-sharing';
type SharingAnswer = CallAnswer<'GetBirthDataSharing'>;

export function useBirthDataSharing() {
  return useData(BIRTH_DATA_SHARING_KEY, () => callApi('GetBirthDataSharing'));
}

export async function setBirthDataSharing(allowed: boolean): Promise<void> {
  const answer = await callApi('SetBirthDataSharing', { body: { allowed } });
  setCachedData<SharingAnswer>(BIRTH_DATA_SHARING_KEY, answer);
}
