/**
 * /notifications: what happened to the user, newest first and live — advisors' replies (one line
 * per dialog while unread), favourites coming online, top-ups, credits and refunds. Opening the
 * screen marks everything shown read (the bar's count goes); lines that were unread keep their
 * "new" mark for this visit. Each line opens where it points (the chat, the advisor, the balance).
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { FeedNotification } from '@seer/contract';
import { Heart } from 'lucide-react';
import { useT } from '../../lib/i18n';
import { ButtonLink } from '../../shared/ui/button';
import { ArrowDownIcon, ArrowUpIcon, ChatsIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/page-header';
import { ListRowSkeleton, Skeleton, skeletonKeys } from '../../shared/ui/skeleton';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { markShownRead, useLiveNotifications } from '../../shared/notifications/live-notifications';
import { notificationAmount, notificationTime, notificationTitle } from './notification-text';
import './notifications.css';

/** Rows drawn while the list loads (design guide: skeletons, not a spinner, for lists). */
const SKELETON_ROWS = 4;

function NotificationIcon({ notification }: { notification: FeedNotification }) {
  if (notification.kind === 'reply')
    return (
      <span className="notification-icon">
        <ChatsIcon width={20} height={20} />
      </span>
    );
  if (notification.kind === 'favourite_online')
    return (
      <span className="notification-icon is-favourite">
        <Heart aria-hidden="true" width={20} height={20} />
      </span>
    );
  const credit = notification.amount_cents + notification.free_messages >= 0;
  return (
    <span className={`notification-icon ${credit ? 'is-credit' : 'is-debit'}`}>
      {credit ? <ArrowDownIcon width={20} height={20} /> : <ArrowUpIcon width={20} height={20} />}
    </span>
  );
}

function NotificationRow({
  notification,
  fresh,
}: {
  notification: FeedNotification;
  fresh: boolean;
}) {
  const t = useT();
  const money = notification.kind === 'money';
  const credit = notification.amount_cents + notification.free_messages >= 0;
  return (
    <li className={fresh ? 'notification-item is-new' : 'notification-item'}>
      <Link href={notification.link} className="notification">
        <NotificationIcon notification={notification} />
        <span className="notification-body">
          <span className="notification-top">
            <strong className="notification-title">{notificationTitle(notification)}</strong>
            {money && (
              <strong className={`notification-amount ${credit ? 'is-credit' : 'is-debit'}`}>
                {notificationAmount(notification)}
              </strong>
            )}
          </span>
          <span className="small muted">
            {fresh && <span className="visually-hidden">{t('notifications.new')}. </span>}
            {/* The arrow and the sign say it on screen; a screen reader hears it in words. */}
            {money && (
              <span className="visually-hidden">
                {t(credit ? 'notifications.credited' : 'notifications.debited')}.{' '}
              </span>
            )}
            {notification.kind === 'reply' && <>{t('notifications.openChat')} · </>}
            {notification.kind === 'favourite_online' && (
              <>{t('notifications.fromFavourites')} · </>
            )}
            <time dateTime={notification.created_at} className="notification-time">
              {notificationTime(notification)}
            </time>
          </span>
        </span>
        {fresh && <span className="notification-dot" aria-hidden="true" />}
      </Link>
    </li>
  );
}

function NotificationsSkeleton() {
  return (
    <Skeleton testId="notifications-skeleton">
      <ul className="list card notification-list">
        {skeletonKeys(SKELETON_ROWS).map((key) => (
          <ListRowSkeleton
            key={key}
            avatar={40}
            lines={['70%', '40%']}
            className="notification"
            itemClassName="notification-item"
          />
        ))}
      </ul>
    </Skeleton>
  );
}

export default function NotificationsPage() {
  const t = useT();
  const notifications = useLiveNotifications();
  const data = notifications.data;
  // Lines unread when they were shown on this visit: marked "new" until the user leaves.
  const [fresh, setFresh] = useState<ReadonlySet<number>>(() => new Set());

  useEffect(() => {
    if (!data || data.unread === 0) return;
    const unread = data.notifications.filter((item) => item.unread).map((item) => item.id);
    if (unread.length > 0) setFresh((current) => new Set([...current, ...unread]));
    void markShownRead();
  }, [data]);

  return (
    <div className="page">
      <PageHeader title={t('notifications.title')} />
      {notifications.status === 'loading' && <NotificationsSkeleton />}
      {notifications.status === 'error' && (
        <ErrorState message={t('notifications.loadFailed')} onRetry={notifications.retry} />
      )}
      {notifications.status === 'success' &&
        (notifications.data.notifications.length === 0 ? (
          <EmptyState message={t('notifications.empty')}>
            <ButtonLink href="/operators" variant="secondary">
              {t('notifications.findAdvisors')}
            </ButtonLink>
          </EmptyState>
        ) : (
          <ul className="list card notification-list" aria-label={t('notifications.title')}>
            {notifications.data.notifications.map((notification) => (
              <NotificationRow
                key={notification.id}
                notification={notification}
                fresh={fresh.has(notification.id)}
              />
            ))}
          </ul>
        ))}
    </div>
  );
}
