/** The words and figures of the payment history, in the user's language. */
import {
  formatTonAmount,
  type Locale,
  type PaidWith,
  type PaymentHistoryEntry,
  type PaymentHistoryKind,
  type PendingPayment,
} from '@seer/contract';
import { formatAmountChange, formatDate, hasText, t } from '../../lib/i18n';

/** "TON top-up", "Refund for a disputed conversation"...; a kind this app does not know yet stays readable. */
export function paymentLabel(kind: PaymentHistoryKind | string): string {
  const key = `payments.kind.${kind}`;
  return hasText(key) ? t(key) : t('payments.kind.other');
}

/**
 * "+$12.50" on the balance, "-$2.00" taken from it; an invitation's reward (free messages, no
 * money) is counted in messages.
 */
export function paymentAmount(item: PaymentHistoryEntry): string {
  if (item.amount_cents !== 0 || !item.free_messages) return formatAmountChange(item.amount_cents);
  const count = item.free_messages;
  return t(count < 0 ? 'payments.freeMessagesTaken' : 'payments.freeMessagesAdded', {
    count: Math.abs(count),
  });
}

/** Whether the entry took something from the user (shown in the danger colour). */
export function isDebit(item: { amount_cents: number | null; free_messages?: number }): boolean {
  return (item.amount_cents ?? 0) + (item.free_messages ?? 0) < 0;
}

/** What was paid, in what: "2 TON", "200 Stars", "7.31 USDTTRC20". */
export function paidText(paid: PaidWith, locale: Locale): string {
  if (paid.method === 'ton') return formatTonAmount(BigInt(paid.amount_nanotons), locale);
  if (paid.method === 'stars') return t('payments.stars', { count: paid.stars });
  const amount = paid.amount === null ? '' : cryptoAmount(paid.amount, locale);
  return [amount, paid.currency?.toUpperCase() ?? ''].filter(Boolean).join(' ');
}

/** A coin amount as NOWPayments wrote it, with the language's decimal mark ("0,00005" in Russian). */
function cryptoAmount(amount: string, locale: Locale): string {
  return locale === 'ru' ? amount.replace('.', ',') : amount;
}

/** The time of day of an entry, on the 24-hour clock ("14:05"). */
export function paymentTime(createdAt: string): string {
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime())
    ? ''
    : formatDate(date, { hour: '2-digit', minute: '2-digit' });
}

/** The full date and time of a receipt: "7 March 2026, 14:05". */
export function receiptDate(createdAt: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return formatDate(date, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
}

/** The amount a pending payment will bring, or the words for a TON price not fixed yet. */
export function pendingAmount(item: PendingPayment): string {
  return item.amount_cents === null
    ? t('payments.amountOnArrival')
    : formatAmountChange(item.amount_cents);
}
