/**
 * The user's notifications (GetNotifications v=2) kept live for the bottom bar's count and the
 * notifications screen: one subscription to the `notification` frame for both. A frame brings the
 * new unread count and, when something was written or bumped, that notification, which goes to
 * the top of the list (a bumped reply replaces its older self), and the ids of lines that are gone
 * (a dialog's reply line once it was read in the chat). A reconnect reloads the list.
 */
import { useEffect } from 'react';
import type { FeedNotification, GetNotificationsV2Answer } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { onConnectionState, onSocketFrame } from '../../lib/socket';
import { getCachedData, setCachedData, useData } from '../../lib/use-data';
import { sharedSubscription } from '../../lib/shared-subscription';
import { isViewingChat } from '../live-dialog/live-chats';

export const NOTIFICATIONS_KEY = 'notifications:v2';
export type Notifications = GetNotificationsV2Answer;

let reload: (() => Promise<void>) | null = null;

/** The list with this notification first (replacing an older copy of it). */
export function withNotification(
  list: readonly FeedNotification[],
  notification: FeedNotification,
): FeedNotification[] {
  return [notification, ...list.filter((item) => item.id !== notification.id)];
}

const follow = sharedSubscription(() => {
  const stops = [
    onSocketFrame('notification', ({ data }) => {
      // A reply in the chat on screen is read there at once: its line and count are gone a
      // moment later (the server removes it when the chat marks the dialog read), so they are not shown.
      const reply = data.notification?.kind === 'reply' ? data.notification : null;
      if (reply?.manager_id != null && isViewingChat(reply.manager_id)) return;
      const current = getCachedData<Notifications>(NOTIFICATIONS_KEY);
      if (!current) {
        void reload?.();
        return;
      }
      const removed = new Set(data.removed ?? []);
      let list = current.notifications.filter((item) => !removed.has(item.id));
      if (data.notification) list = withNotification(list, data.notification);
      else if (data.unread === 0)
        list = list.map((item) => (item.unread ? { ...item, unread: false } : item));
      setCachedData<Notifications>(NOTIFICATIONS_KEY, {
        ...current,
        unread: data.unread,
        notifications: list,
      });
    }),
    onConnectionState((state) => {
      if (state === 'open') void reload?.();
    }),
  ];
  return () => stops.forEach((stop) => stop());
});

async function load(): Promise<Notifications> {
  return (await callApi('GetNotifications', { query: { v: '2' } })) as Notifications;
}

/** The user's notifications, loaded once and kept live while any screen uses them. */
export function useLiveNotifications() {
  const notifications = useData(NOTIFICATIONS_KEY, load);
  const { refetch } = notifications;
  useEffect(() => {
    reload = refetch;
    return follow();
  }, [refetch]);
  return notifications;
}

/**
 * Marks read everything up to the newest notification shown; the count goes at once (the
 * server's frame agrees). A failure leaves the count, to be tried again on the next visit.
 */
export async function markShownRead(): Promise<void> {
  const current = getCachedData<Notifications>(NOTIFICATIONS_KEY);
  const newest = current?.notifications[0];
  if (!current || !newest || current.unread === 0) return;
  setCachedData<Notifications>(NOTIFICATIONS_KEY, {
    ...current,
    unread: 0,
    notifications: current.notifications.map((item) =>
      item.unread ? { ...item, unread: false } : item,
    ),
  });
  try {
    await callApi('MarkNotificationsRead', { body: { up_to: newest.created_at } });
  } catch {
    void reload?.();
  }
}
