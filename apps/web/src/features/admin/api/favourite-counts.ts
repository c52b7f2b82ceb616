/** AdminFavourites: how many users hearted each advisor, and how many of them get "favourite online" alerts. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

export function useFavouriteCounts() {
  return useData(`${ADMIN_KEY}favourites`, () => callApi('AdminFavourites'));
}
