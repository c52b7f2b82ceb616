/** GetNotifications: the user's money notifications (credits of every kind, refunds), newest first. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';

export const NOTIFICATIONS_KEY = 'notifications';

export function useNotifications() {
  return useData(NOTIFICATIONS_KEY, () => callApi('GetNotifications'));
}
