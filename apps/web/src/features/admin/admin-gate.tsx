/** Shows its content only to admins (GetUser is_admin); anyone else gets a polite "not available". */
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/user';
import { NotAvailablePage } from '../../shared/ui/not-available';
import { ErrorState, LoadingState } from '../../shared/ui/states';

export function AdminGate({ children }: { children: ReactNode }) {
  const t = useT();
  const user = useCurrentUser();
  if (user.status === 'loading') return <LoadingState />;
  if (user.status === 'error')
    return <ErrorState message={t('common.screenError')} onRetry={user.retry} />;
  if (!user.data.is_admin) {
    return <NotAvailablePage title={t('admin.title')} message={t('admin.notAvailable')} />;
  }
  return <>{children}</>;
}
