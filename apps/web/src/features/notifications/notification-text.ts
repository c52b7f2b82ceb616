/** The words and figures of one money notification, in the user's language. */
import type { AppNotification } from '@seer/contract';
import { formatAmountChange, formatDate, hasText, t } from '../../lib/i18n';

/** What happened, from the ledger reason; a reason this app does not know yet is named by its sign. */
export function notificationTitle(notification: AppNotification): string {
  const key = `notifications.reason.${notification.reason}`;
  if (hasText(key)) return t(key);
  return t(
    notification.amount_cents < 0
      ? 'notifications.reason.otherDebit'
      : 'notifications.reason.otherCredit',
  );
}

/** "+$12.50" for money in, "-$2.50" for money out ("+12,50 $" in Russian). */
export function notificationAmount(notification: AppNotification): string {
  return formatAmountChange(notification.amount_cents);
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
