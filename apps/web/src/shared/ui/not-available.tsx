/** A whole page saying this screen is not for the current user, with a way home. */
import { useT } from '../../lib/i18n';
import { ButtonLink } from './button';
import { PageHeader } from './page-header';
import { EmptyState } from './states';

export function NotAvailablePage({ title, message }: { title: string; message: string }) {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={title} back />
      <EmptyState message={message}>
        <ButtonLink href="/" variant="secondary">
          {t('common.toHome')}
        </ButtonLink>
      </EmptyState>
    </div>
  );
}
