/** The words and figures of one notification, in the user's language. */
import type { AppNotification, FeedNotification } from '@seer/contract';
import { formatAmountChange, formatDate, hasText, t } from '../../lib/i18n';

/** What happened: an advisor's replies, a favourite online, or a money change by its ledger reason. */
export function notificationTitle(notification: FeedNotification): string {
  const name = notification.advisor_name ?? t('notifications.someAdvisor');
  if (notification.kind === 'reply')
    return t('notifications.replies', { name, count: notification.count });
  if (notification.kind === 'favourite_online') return t('notifications.favouriteOnline', { name });
  return moneyTitle(notification);
}

/** A money line's words from its ledger reason; a reason this app does not know yet is named by its sign. */
export function moneyTitle(notification: AppNotification & { free_messages?: number }): string {
  const key = `notifications.reason.${notification.reason}`;
  if (hasText(key)) return t(key);
  const change = notification.amount_cents || (notification.free_messages ?? 0);
  return t(change < 0 ? 'notifications.reason.otherDebit' : 'notifications.reason.otherCredit');
}

/** "+$12.50" for money in, "-$2.50" for money out ("+12,50 $" in Russian); free messages counted. */
export function notificationAmount(notification: FeedNotification): string {
  if (notification.amount_cents !== 0) return formatAmountChange(notification.amount_cents);
  const count = notification.free_messages;
  return t(count < 0 ? 'notifications.freeMessagesTaken' : 'notifications.freeMessagesAdded', {
    count: Math.abs(count),
  });
}

/** The date and time; the year only when it is not this year's. */
export function notificationTime(notification: AppNotification, now = new Date()): string {
  const date = new Date(notification.created_at);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, {
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
    hour: '2-digit',
    minute: '2-digit',
  });
}
