/** /balance: the current balance from GetUser. The payment parts are the payments issue's. */
import { formatCents } from '@seer/contract';
import { useT } from '../../lib/i18n';
import { useCurrentUser, useLiveBalance } from '../../lib/user';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';

export default function BalancePage() {
  const t = useT();
  const user = useCurrentUser();
  useLiveBalance();
  return (
    <div className="page">
      <PageHeader title={t('balance.title')} back />
      {user.status === 'loading' && <LoadingState />}
      {user.status === 'error' && <ErrorState message={t('settings.loadFailed')} onRetry={user.retry} />}
      {user.status === 'success' && (
        <section className="card card-hero">
          <p>{t('balance.current')}</p>
          <p style={{ fontSize: '2rem', fontWeight: 700, margin: 0 }}>${formatCents(user.data.balance_cents)}</p>
        </section>
      )}
    </div>
  );
}
