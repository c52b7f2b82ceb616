/** AdminListUsers: users, newest first; the query searches id, name and username. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { usersPrefix } from './keys';

export function useAdminUsers(query: string) {
  return useData(`${usersPrefix}list:${query}`, () =>
    callApi('AdminListUsers', { query: query ? { q: query } : {} }),
  );
}
