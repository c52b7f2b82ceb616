/** ManagerGetOwnProfile, ManagerSaveOwnProfile, ManagerRequestPrice: the advisor's own profile. */
import type { CallAnswer, CallBody } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { invalidate, setCachedData, useData } from '../../../lib/use-data';
import { ownProfileKey, WORKSPACE_KEY } from './keys';

type ProfileAnswer = CallAnswer<'ManagerGetOwnProfile'>;

export function useOwnProfile() {
  return useData(ownProfileKey, () => callApi('ManagerGetOwnProfile'));
}

export async function saveOwnProfile(body: CallBody<'ManagerSaveOwnProfile'>) {
  const answer = await callApi('ManagerSaveOwnProfile', { body });
  setCachedData<ProfileAnswer | undefined>(ownProfileKey, answer);
  // The workspace's header shows the photo.
  invalidate(`${WORKSPACE_KEY}profile`);
  return answer.profile;
}

export async function requestPrice(priceCents: number) {
  const { request } = await callApi('ManagerRequestPrice', { body: { price_cents: priceCents } });
  setCachedData<ProfileAnswer | undefined>(ownProfileKey, (current) =>
    current ? { ...current, profile: { ...current.profile, pending_price: request } } : current,
  );
  return request;
}
