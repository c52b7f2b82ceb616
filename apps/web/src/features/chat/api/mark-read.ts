/** MarkRead: the advisor's messages in this dialog have been seen (up to `upToId` when given). */
import { callApi } from '../../../lib/api-client';

export function markRead(advisorId: number, upToId?: number) {
  return callApi('MarkRead', { body: { manager_id: advisorId, up_to_id: upToId } });
}
