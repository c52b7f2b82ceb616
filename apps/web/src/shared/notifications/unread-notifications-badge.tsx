/** Unread notifications, live, on the bottom bar's Notifications entry. */
import { useEffect } from 'react';
import { useT } from '../../lib/i18n';
import { whenIdle } from '../../lib/when-idle';
import { useLiveNotifications } from './live-notifications';
import { reportTimeZone } from './time-zone';

export function UnreadNotificationsBadge() {
  const t = useT();
  const notifications = useLiveNotifications();
  // Not urgent, and the first use of Intl's date formats is dear: after the first screen.
  useEffect(() => whenIdle(reportTimeZone), []);
  const count = notifications.data?.unread ?? 0;
  if (count === 0) return null;
  return (
    <span className="tab-badge" data-testid="notifications-unread">
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('nav.notificationsUnread', { count })}</span>
    </span>
  );
}
