/** CreateReview: the stars (and optional words) a user gives an advisor they have written to. */
import { callApi } from '../../../lib/api-client';

export function createReview(advisorId: number, rating: number, text: string) {
  return callApi('CreateReview', { body: { manager_id: advisorId, rating, text } });
}
