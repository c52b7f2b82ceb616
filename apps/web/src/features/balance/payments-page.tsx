/** /payments: 'Payment Methods', the balance line (GetUser, live) and the same top-up component. */
import { formatMoney } from '@seer/contract';
import { useLocale, useT } from '../../lib/i18n';
import { useCurrentUser, useLiveBalance } from '../../lib/user';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { TopUpPanel } from './components/top-up-panel';

export default function PaymentsPage() {
  const t = useT();
  const locale = useLocale();
  const user = useCurrentUser();
  useLiveBalance();
  return (
    <div className="page">
      <PageHeader title={t('balance.paymentMethods')} back />
      {user.status === 'loading' && <LoadingState />}
      {user.status === 'error' && (
        <ErrorState message={t('settings.loadFailed')} onRetry={user.retry} />
      )}
      {user.status === 'success' && (
        <p className="card" aria-live="polite">
          {t('balance.current')}:{' '}
          <strong data-testid="balance-value">
            {formatMoney(user.data.balance_cents, locale)}
          </strong>
        </p>
      )}
      <TopUpPanel />
    </div>
  );
}
