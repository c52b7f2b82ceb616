/** The advisor's earnings: today, this month, all time, owed, per message; payouts in TON; recent paid messages. */
import { formatAmount, formatDate, useT } from '../../lib/i18n';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useEarnings } from './api/get-earnings';
import { PayoutsPanel } from './earnings-payouts';

export function EarningsPanel() {
  const t = useT();
  const earnings = useEarnings();
  if (earnings.status === 'loading') return <LoadingState />;
  if (earnings.status === 'error')
    return <ErrorState message={t('workspace.earningsError')} onRetry={earnings.retry} />;
  const e = earnings.data.earnings;
  const figures: Array<[string, number]> = [
    [t('workspace.today'), e.today_cents],
    [t('workspace.thisMonth'), e.month_cents],
    [t('workspace.allTime'), e.total_cents],
    [t('workspace.unpaid'), e.unpaid_cents],
  ];
  return (
    <section aria-label={t('workspace.earnings')}>
      <dl className="card workspace-figures">
        {figures.map(([label, cents]) => (
          <div key={label}>
            <dt className="small muted">{label}</dt>
            <dd>{formatAmount(cents)}</dd>
          </div>
        ))}
      </dl>
      <p className="small muted">
        {t('workspace.perMessage', { price: formatAmount(e.price_cents) })} ·{' '}
        {t('workspace.paidMessages', { count: e.paid_messages })}
      </p>
      <PayoutsPanel />
      <h2 className="workspace-subtitle">{t('workspace.recent')}</h2>
      {e.recent.length === 0 ? (
        <EmptyState message={t('workspace.noEarnings')} />
      ) : (
        <ul className="list">
          {e.recent.map((item) => (
            <li key={item.message_id} className="row-link">
              <span>{item.user_name}</span>
              <span className="small muted">
                {formatDate(new Date(item.created_at), {
                  day: 'numeric',
                  month: 'short',
                  hour: '2-digit',
                  minute: '2-digit',
                })}
              </span>
              <strong className="workspace-amount">{formatAmount(item.amount_cents)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
