/** MarkRead: the advisor's messages in this dialog have been seen. */
import { callApi } from '../../../lib/api-client';

export function markRead(advisorId: number) {
  return callApi('MarkRead', { body: { manager_id: advisorId } });
}
