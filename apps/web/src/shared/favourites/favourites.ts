/**
 * The user's favourite advisors (GetFavourites), one cache for every screen that shows a heart,
 * the home row or the list filter. A toggle shows at once and is undone if the server refuses.
 */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { getCachedData, setCachedData, useData } from '../../lib/use-data';

export const FAVOURITES_KEY = 'favourites';
export type Favourites = CallAnswer<'GetFavourites'>;

export function useFavourites() {
  return useData(FAVOURITES_KEY, () => callApi('GetFavourites'));
}

export function isFavourite(favourites: Favourites | undefined, advisorId: number): boolean {
  return favourites?.manager_ids.includes(advisorId) ?? false;
}

function withFavourite(current: Favourites, advisorId: number, favourite: boolean): Favourites {
  const others = current.manager_ids.filter((id) => id !== advisorId);
  return { ...current, manager_ids: favourite ? [advisorId, ...others] : others };
}

/** Hearts (or un-hearts) an advisor: the cache changes at once and goes back if the call fails. */
export async function setFavourite(advisorId: number, favourite: boolean): Promise<void> {
  const update = (next: boolean) =>
    setCachedData<Favourites | undefined>(FAVOURITES_KEY, (current) =>
      withFavourite(
        current ?? { status: 'success', manager_ids: [], alerts: false },
        advisorId,
        next,
      ),
    );
  const before = isFavourite(getCachedData<Favourites>(FAVOURITES_KEY), advisorId);
  update(favourite);
  try {
    await callApi(favourite ? 'AddFavourite' : 'RemoveFavourite', {
      body: { manager_id: advisorId },
    });
  } catch (error) {
    update(before);
    throw error;
  }
}

/** Whether the bot tells the user when a favourite comes online (Settings changes it). */
export function setCachedAlerts(alerts: boolean): void {
  setCachedData<Favourites | undefined>(FAVOURITES_KEY, (current) =>
    current ? { ...current, alerts } : current,
  );
}
