/** AdminMarkPaid: mark an advisor's unpaid earnings up to a date (or now) as paid out. */
import { callApi } from '../../../lib/api-client';
import { invalidate } from '../../../lib/use-data';
import { payoutsPrefix } from './keys';

export async function markPaid(managerId: number, to: string): Promise<number> {
  const answer = await callApi('AdminMarkPaid', {
    body: { manager_id: managerId, ...(to ? { to } : {}) },
  });
  invalidate(payoutsPrefix);
  return answer.marked_cents;
}
