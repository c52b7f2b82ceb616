/** /disputes: "My cases" — every case the user opened about a reading, newest first, with its status. */
import { useT } from '../../lib/i18n';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useMyDisputes } from './api/disputes';
import { DisputeCard } from './dispute-card';
import './disputes.css';

export default function DisputesPage() {
  const t = useT();
  const disputes = useMyDisputes();
  return (
    <div className="page disputes">
      <PageHeader title={t('disputes.title')} back />
      {disputes.status === 'loading' && <LoadingState />}
      {disputes.status === 'error' && (
        <ErrorState message={t('common.screenError')} onRetry={disputes.retry} />
      )}
      {disputes.status === 'success' &&
        (disputes.data.disputes.length === 0 ? (
          <EmptyState message={t('disputes.none')} />
        ) : (
          <div className="dispute-list">
            {disputes.data.disputes.map((dispute) => (
              <DisputeCard key={dispute.id} dispute={dispute} />
            ))}
          </div>
        ))}
    </div>
  );
}
