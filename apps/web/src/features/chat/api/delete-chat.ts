/** DeleteChat: hides the dialog from the user's chat list (messages and payments are kept). */
import { callApi } from '../../../lib/api-client';
import { invalidate } from '../../../lib/use-data';

export async function deleteChat(advisorId: number) {
  await callApi('DeleteChat', { body: { manager_id: advisorId } });
  invalidate('chats');
}
