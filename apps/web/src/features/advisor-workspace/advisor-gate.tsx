/** Shows its content only to a Telegram user linked to an advisor; anyone else gets a polite "not available". */
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/user';
import { NotAvailablePage } from '../../shared/ui/not-available';
import { ErrorState, LoadingState } from '../../shared/ui/states';

export function AdvisorGate({ children }: { children: (advisorId: number) => ReactNode }) {
  const t = useT();
  const user = useCurrentUser();
  if (user.status === 'loading') return <LoadingState />;
  if (user.status === 'error')
    return <ErrorState message={t('common.screenError')} onRetry={user.retry} />;
  const advisorId = user.data.advisor_id;
  if (advisorId === null) {
    return <NotAvailablePage title={t('workspace.title')} message={t('workspace.notAvailable')} />;
  }
  return <>{children(advisorId)}</>;
}
