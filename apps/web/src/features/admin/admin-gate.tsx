/** Shows its content only to admins (GetUser is_admin); anyone else gets a polite "not available". */
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/user';
import { ButtonLink } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';

export function AdminGate({ children }: { children: ReactNode }) {
  const t = useT();
  const user = useCurrentUser();
  if (user.status === 'loading') return <LoadingState />;
  if (user.status === 'error')
    return <ErrorState message={t('common.screenError')} onRetry={user.retry} />;
  if (!user.data.is_admin) {
    return (
      <div className="page">
        <PageHeader title={t('admin.title')} back />
        <EmptyState message={t('admin.notAvailable')}>
          <ButtonLink href="/" variant="secondary">
            {t('common.toHome')}
          </ButtonLink>
        </EmptyState>
      </div>
    );
  }
  return <>{children}</>;
}
