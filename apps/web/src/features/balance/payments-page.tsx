/**
 * /payments: the user's payment history (decision 056). The balance line (GetUser, live) with
 * "Top up" as the screen's main action (to /balance), payments still on their way, then the
 * top-ups, refunds and credits by day, newest first, each opening its receipt; older ones a page
 * at a time. Message charges are not listed one by one: the chats show them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ReceiptText } from 'lucide-react';
import { formatMoney, type PaymentHistoryEntry } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { formatAmount, useLocale, useT } from '../../lib/i18n';
import { useData } from '../../lib/use-data';
import { useCurrentUser, useLiveBalance } from '../../lib/user';
import { dayLabel } from '../../shared/chat-dates/chat-dates';
import { DayLabelText } from '../../shared/chat-dates/day-label';
import { Button, ButtonLink } from '../../shared/ui/button';
import { useMainButton } from '../../shared/ui/main-button';
import { PageHeader } from '../../shared/ui/page-header';
import { ListRowSkeleton, Skeleton, SkeletonLine, skeletonKeys } from '../../shared/ui/skeleton';
import { ErrorState } from '../../shared/ui/states';
import { PaymentRow } from './payment-row';
import { isDebit, paymentAmount, pendingAmount } from './payment-text';
import styles from './payments.module.css';

/** The first page's place in the shared cache: a second visit shows it at once while it refreshes. */
export const PAYMENT_HISTORY_KEY = 'payment-history';
const SKELETON_ROWS = 4;

/** Entries newest first, each once (a page loaded before a refresh may repeat the first page's). */
function newestFirst(entries: readonly PaymentHistoryEntry[]): PaymentHistoryEntry[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return [...byId.values()].sort((a, b) => b.id - a.id);
}

interface DayOfEntries {
  key: string;
  date: Date;
  entries: PaymentHistoryEntry[];
}

/** Newest-first entries cut into local calendar days. */
function byDay(entries: readonly PaymentHistoryEntry[]): DayOfEntries[] {
  const days: DayOfEntries[] = [];
  for (const entry of entries) {
    const date = new Date(entry.created_at);
    const key = `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
    const last = days[days.length - 1];
    if (last?.key === key) last.entries.push(entry);
    else days.push({ key, date, entries: [entry] });
  }
  return days;
}

/** Older pages loaded on this visit: every entry below the top seen so far, and the next cursor. */
interface OlderPages {
  entries: PaymentHistoryEntry[];
  next: number | null;
}

export default function PaymentsPage() {
  const t = useT();
  const locale = useLocale();
  const user = useCurrentUser();
  useLiveBalance();
  // Topping up is the screen's one main action: Telegram's MainButton inside Telegram.
  const topUp = useMainButton({ text: t('payments.topUp'), href: '/balance' });
  const history = useData(PAYMENT_HISTORY_KEY, () => callApi('GetPaymentHistory', { query: {} }));
  const [older, setOlder] = useState<OlderPages | null>(null);
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');

  // A top-up credited (or a refund) while the screen is open shows up in the list at once.
  const balance = user.data?.balance_cents;
  const shownBalance = useRef(balance);
  const { refetch } = history;
  useEffect(() => {
    if (balance === undefined) return;
    if (shownBalance.current !== undefined && shownBalance.current !== balance) void refetch();
    shownBalance.current = balance;
  }, [balance, refetch]);

  const firstPage = history.data;
  const cursor = older ? older.next : (firstPage?.next_before ?? null);
  const loadMore = useCallback(async () => {
    if (cursor === null || !firstPage) return;
    setMore('loading');
    try {
      const page = await callApi('GetPaymentHistory', { query: { before: cursor } });
      // What the first page shows now is kept too: a refresh of it later (a new top-up on top)
      // must not drop the entries it pushes down, which no other page holds.
      setOlder((previous) => ({
        entries: newestFirst([...firstPage.entries, ...(previous?.entries ?? []), ...page.entries]),
        next: page.next_before,
      }));
      setMore('idle');
    } catch {
      setMore('failed');
    }
  }, [cursor, firstPage]);

  const entries = firstPage ? newestFirst([...firstPage.entries, ...(older?.entries ?? [])]) : [];
  const pending = firstPage?.pending ?? [];
  const empty = history.status === 'success' && entries.length === 0 && pending.length === 0;

  return (
    <div className="page">
      <PageHeader title={t('payments.title')} back />
      {user.status === 'error' && (
        <ErrorState message={t('settings.loadFailed')} onRetry={user.retry} />
      )}
      {user.status !== 'error' && (
        <section className={`card ${styles.balanceCard}`} aria-live="polite">
          {user.status === 'success' ? (
            <p className={styles.balanceLine}>
              {t('balance.current')}:{' '}
              <strong data-testid="balance-value">
                {formatMoney(user.data.balance_cents, locale)}
              </strong>
            </p>
          ) : (
            <Skeleton>
              <SkeletonLine width="60%" />
            </Skeleton>
          )}
          {firstPage?.spent_cents ? (
            <p className="small muted" data-testid="spent">
              {t('payments.spent', { amount: formatAmount(firstPage.spent_cents) })}
            </p>
          ) : null}
          {!empty && topUp && <div className={styles.topUp}>{topUp}</div>}
        </section>
      )}

      {history.status === 'loading' && <HistorySkeleton />}
      {history.status === 'error' && (
        <ErrorState message={t('payments.loadFailed')} onRetry={history.retry} />
      )}
      {empty && (
        <div className={`state ${styles.empty}`} data-testid="payments-empty">
          <span className={styles.emptyMark} aria-hidden="true">
            <ReceiptText width={32} height={32} />
          </span>
          <h2>{t('payments.emptyTitle')}</h2>
          <p className="muted">{t('payments.emptyText')}</p>
          <ButtonLink href="/balance">{t('payments.topUp')}</ButtonLink>
        </div>
      )}

      {pending.length > 0 && (
        <section>
          <h2 className={styles.dayTitle}>{t('payments.onTheWayTitle')}</h2>
          <ul className={`card list ${styles.list}`}>
            {pending.map((item) => (
              <PaymentRow
                key={item.id}
                kind={item.kind}
                amount={pendingAmount(item)}
                debit={false}
                createdAt={item.created_at}
                receipt={item.receipt}
              />
            ))}
          </ul>
        </section>
      )}

      {entries.length > 0 && (
        <div data-testid="payment-history">
          <h2 className="visually-hidden">{t('payments.historyTitle')}</h2>
          {byDay(entries).map((day) => (
            <section key={day.key}>
              <h3 className={styles.dayTitle}>
                <DayLabelText label={dayLabel(day.date)} />
              </h3>
              <ul className={`card list ${styles.list}`}>
                {day.entries.map((entry) => (
                  <PaymentRow
                    key={entry.id}
                    kind={entry.kind}
                    amount={paymentAmount(entry)}
                    debit={isDebit(entry)}
                    createdAt={entry.created_at}
                    receipt={entry.receipt}
                  />
                ))}
              </ul>
            </section>
          ))}
          {cursor !== null && (
            <div className={styles.more}>
              {more === 'failed' && (
                <p role="alert" className="small">
                  {t('payments.loadMoreFailed')}
                </p>
              )}
              <Button
                variant="secondary"
                block
                busy={more === 'loading'}
                busyLabel={t('payments.loadingMore')}
                onClick={() => void loadMore()}
              >
                {t('payments.loadMore')}
              </Button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

/** The history's shape while it loads: a day's title and rows like the real ones. */
function HistorySkeleton() {
  return (
    <Skeleton testId="payments-skeleton">
      <SkeletonLine width="30%" className={styles.dayTitle} />
      <ul className={`card list ${styles.list}`}>
        {skeletonKeys(SKELETON_ROWS).map((key) => (
          <ListRowSkeleton
            key={key}
            avatar={40}
            lines={['65%', '30%']}
            className={styles.row}
            itemClassName={styles.item}
          />
        ))}
      </ul>
    </Skeleton>
  );
}
