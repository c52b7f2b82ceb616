/** /notifications: the user's money notifications (top-ups, credits, refunds), live. */
import { useEffect } from 'react';
import type { AppNotification } from '@seer/contract';
import { useT } from '../../lib/i18n';
import { onSocketFrame } from '../../lib/socket';
import { ButtonLink } from '../../shared/ui/button';
import { ArrowDownIcon, ArrowUpIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { useNotifications } from './api/get-notifications';
import { notificationAmount, notificationTime, notificationTitle } from './notification-text';
import './notifications.css';

/** Rows drawn while the list loads (design guide: skeletons, not a spinner, for lists). */
const SKELETON_ROWS = 4;

function NotificationRow({ notification }: { notification: AppNotification }) {
  const t = useT();
  const credit = notification.amount_cents >= 0;
  return (
    <li className="notification">
      <span className={`notification-icon ${credit ? 'is-credit' : 'is-debit'}`}>
        {credit ? <ArrowDownIcon width={20} height={20} /> : <ArrowUpIcon width={20} height={20} />}
      </span>
      <span className="notification-body">
        <span className="notification-top">
          <strong className="notification-title">{notificationTitle(notification)}</strong>
          <strong className={`notification-amount ${credit ? 'is-credit' : 'is-debit'}`}>
            {notificationAmount(notification)}
          </strong>
        </span>
        <span className="small muted">
          {/* The arrow and the sign say it on screen; a screen reader hears it in words. */}
          <span className="visually-hidden">
            {t(credit ? 'notifications.credited' : 'notifications.debited')}.{' '}
          </span>
          <time dateTime={notification.created_at} className="notification-time">
            {notificationTime(notification)}
          </time>
        </span>
      </span>
    </li>
  );
}

function Skeleton() {
  const t = useT();
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="visually-hidden">{t('common.loading')}</span>
      <ul className="list card notification-list" aria-hidden="true">
        {Array.from({ length: SKELETON_ROWS }, (_, index) => (
          <li key={index} className="notification">
            <span className="notification-icon skeleton" />
            <span className="notification-body">
              <span className="skeleton skeleton-line" />
              <span className="skeleton skeleton-line skeleton-short" />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export default function NotificationsPage() {
  const t = useT();
  const notifications = useNotifications();
  const { refetch } = notifications;

  // A credit or refund arriving while the page is open (a balance frame for anything but a
  // message) shows up at once.
  useEffect(
    () =>
      onSocketFrame('balance', ({ data }) => {
        if (data.reason !== 'message') void refetch();
      }),
    [refetch],
  );

  return (
    <div className="page">
      <PageHeader title={t('notifications.title')} />
      {notifications.status === 'loading' && <Skeleton />}
      {notifications.status === 'error' && (
        <ErrorState message={t('notifications.loadFailed')} onRetry={notifications.retry} />
      )}
      {notifications.status === 'success' &&
        (notifications.data.notifications.length === 0 ? (
          <EmptyState message={t('notifications.empty')}>
            <ButtonLink href="/balance" variant="secondary">
              {t('notifications.topUp')}
            </ButtonLink>
          </EmptyState>
        ) : (
          <ul className="list card notification-list" aria-label={t('notifications.title')}>
            {notifications.data.notifications.map((notification) => (
              <NotificationRow key={notification.id} notification={notification} />
            ))}
          </ul>
        ))}
    </div>
  );
}
