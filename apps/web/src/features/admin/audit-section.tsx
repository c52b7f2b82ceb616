/** The audit log: every admin action with who did it and when (the command line's actor is 0). */
import { formatDate, useT } from '../../lib/i18n';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useAudit } from './api/audit';
import { refusalText } from './confirm-action';

export function AuditSection() {
  const t = useT();
  const audit = useAudit();
  if (audit.status === 'loading') return <LoadingState />;
  if (audit.status === 'error')
    return (
      <ErrorState message={refusalText(audit.error, t('admin.loadError'))} onRetry={audit.retry} />
    );
  if (audit.data.entries.length === 0) return <EmptyState message={t('admin.audit.none')} />;
  return (
    <ul className="list" aria-label={t('admin.section.audit')}>
      {audit.data.entries.map((entry) => (
        <li key={entry.id} className="row-link admin-audit-row">
          <span className="admin-grow">
            <strong>{entry.action}</strong>
            <span className="small muted">
              {' '}
              ·{' '}
              {entry.actor_telegram_id === 0
                ? t('admin.audit.commandLine')
                : `#${entry.actor_telegram_id}`}{' '}
              ·{' '}
              {formatDate(new Date(entry.created_at), {
                day: 'numeric',
                month: 'short',
                year: 'numeric',
                hour: '2-digit',
                minute: '2-digit',
              })}
            </span>
            <code className="small admin-block admin-mono">{JSON.stringify(entry.details)}</code>
          </span>
        </li>
      ))}
    </ul>
  );
}
