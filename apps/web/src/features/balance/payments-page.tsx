/** /payments: 'Payment Methods' with the balance line from GetUser. The payment component is the payments issue's. */
import { formatCents } from '@seer/contract';
import { useT } from '../../lib/i18n';
import { useCurrentUser, useLiveBalance } from '../../lib/user';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';

export default function PaymentsPage() {
  const t = useT();
  const user = useCurrentUser();
  useLiveBalance();
  return (
    <div className="page">
      <PageHeader title={t('balance.paymentMethods')} back />
      {user.status === 'loading' && <LoadingState />}
      {user.status === 'error' && <ErrorState message={t('settings.loadFailed')} onRetry={user.retry} />}
      {user.status === 'success' && (
        <p className="card">
          {t('balance.current')}: <strong>${formatCents(user.data.balance_cents)}</strong>
        </p>
      )}
    </div>
  );
}
