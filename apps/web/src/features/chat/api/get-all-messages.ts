/** GetAllMessages: one dialog's history and its advisor. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { messagesKey } from '../../../shared/live-dialog/send-message';

export function fetchMessages(advisorId: number) {
  return callApi('GetAllMessages', { query: { manager_id: advisorId } });
}

export function useDialog(advisorId: number | null) {
  return useData(advisorId === null ? null : messagesKey(advisorId), () =>
    fetchMessages(advisorId!),
  );
}
