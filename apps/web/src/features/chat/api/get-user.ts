/** GetUser: the balance and free messages that decide whether the user may send. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';

/** Shared with every screen that shows the user (same cache entry, so one update reaches all). */
export const USER_KEY = 'user';

export function fetchUser() {
  return callApi('GetUser');
}

export function useUser() {
  return useData(USER_KEY, fetchUser);
}
