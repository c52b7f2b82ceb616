/** SendTranscript and SearchMessages: the chat as a file in Telegram, and a search in its text. */
import { callApi } from '../../../lib/api-client';

export function sendTranscript(advisorId: number) {
  return callApi('SendTranscript', { body: { manager_id: advisorId } });
}

export function searchMessages(advisorId: number, query: string, signal?: AbortSignal) {
  return callApi('SearchMessages', { query: { manager_id: advisorId, query }, signal });
}
