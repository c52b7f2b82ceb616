/** /notifications: a "Coming Soon" placeholder. */
import { useT } from '../../lib/i18n';
import { ButtonLink } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';

export default function NotificationsPage() {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('notifications.title')} />
      <div className="state">
        <div style={{ fontSize: '3rem' }} aria-hidden="true">
          🔔
        </div>
        <h2>{t('notifications.comingSoon')}</h2>
        <p className="muted">{t('notifications.text')}</p>
        <ButtonLink href="/operators" variant="secondary">
          {t('notifications.action')}
        </ButtonLink>
      </div>
    </div>
  );
}
