/** GetReviews with the advisor's own manager id: what users wrote about them. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { WORKSPACE_KEY } from './keys';

export function useOwnReviews(managerId: number) {
  return useData(`${WORKSPACE_KEY}reviews:${managerId}`, () =>
    callApi('GetReviews', { query: { manager_id: managerId } }),
  );
}
