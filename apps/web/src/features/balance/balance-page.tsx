/** /balance: the current balance (GetUser, live over the socket) and the top-up component. */
import { formatMoney } from '@seer/contract';
import { useLocale, useT } from '../../lib/i18n';
import { useCurrentUser, useLiveBalance } from '../../lib/user';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { TopUpPanel } from './components/top-up-panel';
import styles from './balance.module.css';

export default function BalancePage() {
  const t = useT();
  const locale = useLocale();
  const user = useCurrentUser();
  useLiveBalance();
  return (
    <div className="page">
      <PageHeader title={t('balance.title')} back />
      {user.status === 'loading' && <LoadingState />}
      {user.status === 'error' && (
        <ErrorState message={t('settings.loadFailed')} onRetry={user.retry} />
      )}
      {user.status === 'success' && (
        <section className="card card-hero" aria-live="polite">
          <p style={{ margin: 0 }}>{t('balance.current')}</p>
          <p className={styles.balanceValue} data-testid="balance-value">
            {formatMoney(user.data.balance_cents, locale)}
          </p>
        </section>
      )}
      <TopUpPanel />
    </div>
  );
}
