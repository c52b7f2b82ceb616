/** ManagerGetChats: the advisor's dialogs with the user's name, last message, time and unread count. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { inboxKey } from './keys';

export function useInbox() {
  return useData(inboxKey, () => callApi('ManagerGetChats'));
}
