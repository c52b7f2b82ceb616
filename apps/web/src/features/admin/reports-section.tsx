/**
 * Reports (decision 048): the queue of open reports, each with the reported message among its
 * neighbours (hidden ones marked), and staff's decision — dismiss, warn, hide the message, suspend
 * the advisor or the user — with a note for the audit log; the decided ones below.
 */
import { useState } from 'react';
import { REPORT_ACTIONS, type AdminReport, type ReportAction } from '@seer/contract';
import { formatDate, useT } from '../../lib/i18n';
import { showToast } from '../../shared/ui/toast';
import { AdminList } from './admin-list';
import { ConfirmAction, refusalText } from './confirm-action';
import { decideReport, liftSuspension, useReports } from './api/reports';
import '../../shared/safety/safety.css';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

function ReportCard({ report }: { report: AdminReport }) {
  const t = useT();
  const [note, setNote] = useState('');
  const reported = report.reporter_role === 'user' ? report.advisor_name : report.user_name;
  const actions = REPORT_ACTIONS.filter(
    (action) => action !== 'hide' || report.message_id !== null,
  );
  const act = async (action: ReportAction) => {
    const { closed } = await decideReport(report.id, action, note);
    showToast(t('safety.admin.decided', { count: closed }), 'success');
  };
  return (
    <li className="card admin-report" data-report={report.id}>
      <p className="admin-report-head">
        <strong>{t(`safety.reasons.${report.reason}`)}</strong>
        <span className="small muted">
          {' · '}
          {formatDate(new Date(report.created_at), DATE_TIME)}
        </span>
      </p>
      <p className="small">
        {t(report.reporter_role === 'user' ? 'safety.admin.byUser' : 'safety.admin.byAdvisor', {
          reporter: report.reporter_name,
          reported,
        })}
      </p>
      <p className="small muted">
        {report.message_id === null
          ? t('safety.admin.aboutAdvisor')
          : t('safety.admin.aboutMessage')}
        {report.advisor_held &&
          ` · ${t('safety.admin.held', { count: report.open_reporters_of_advisor })}`}
        {!report.advisor_active && ` · ${t('safety.admin.advisorInactive')}`}
        {report.user_suspended && ` · ${t('safety.admin.userSuspended')}`}
      </p>
      {report.text && <blockquote className="admin-report-text">{report.text}</blockquote>}
      {report.context.length > 0 && (
        <ol className="admin-report-context" aria-label={t('safety.admin.context')}>
          {report.context.map((message) => (
            <li
              key={message.id}
              data-reported={message.reported}
              data-hidden={message.hidden}
              className={message.reported ? 'admin-report-reported' : undefined}
            >
              <span className="small muted">
                {message.sender === 'user' ? report.user_name : report.advisor_name}
                {message.hidden && ` · ${t('safety.admin.hidden')}`}
              </span>
              <span>{message.text || (message.image_url ? t('safety.admin.picture') : '')}</span>
            </li>
          ))}
        </ol>
      )}
      {report.status === 'open' ? (
        <>
          <label className="admin-report-note">
            <span className="small">{t('safety.admin.note')}</span>
            <textarea
              className="input"
              rows={2}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </label>
          <div className="admin-report-actions">
            {actions.map((action) => (
              <ConfirmAction
                key={action}
                label={t(`safety.admin.action.${action}`)}
                question={t(`safety.admin.confirm.${action}`, {
                  advisor: report.advisor_name,
                  user: report.user_name,
                })}
                variant={action.startsWith('suspend') ? 'danger' : 'secondary'}
                onConfirm={() => act(action)}
              />
            ))}
          </div>
        </>
      ) : (
        <p className="small">
          {t(`safety.admin.outcome.${report.outcome ?? 'dismissed'}`)}
          {report.decided_at && ` · ${formatDate(new Date(report.decided_at), DATE_TIME)}`}
        </p>
      )}
      {report.user_suspended && (
        <ConfirmAction
          label={t('safety.admin.lift')}
          question={t('safety.admin.confirmLift', { user: report.user_name })}
          variant="secondary"
          onConfirm={async () => {
            try {
              await liftSuspension(report.telegram_user_id);
              showToast(t('safety.admin.lifted'), 'success');
            } catch (error) {
              throw new Error(refusalText(error, t('admin.genericError')));
            }
          }}
        />
      )}
    </li>
  );
}

export function ReportsSection() {
  const t = useT();
  const [status, setStatus] = useState<'open' | 'closed'>('open');
  const reports = useReports(status);
  return (
    <section aria-label={t('admin.section.reports')}>
      <p className="small muted">{t('safety.admin.hint')}</p>
      <div className="admin-report-filter" role="group">
        {(['open', 'closed'] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={`button ${status === value ? 'button-primary' : 'button-secondary'}`}
            aria-pressed={status === value}
            onClick={() => setStatus(value)}
          >
            {t(`safety.admin.${value}`)}
          </button>
        ))}
      </div>
      <AdminList
        data={reports}
        items={(answer) => answer.reports}
        empty={t(status === 'open' ? 'safety.admin.none' : 'safety.admin.noneDecided')}
      >
        {(report) => <ReportCard key={report.id} report={report} />}
      </AdminList>
    </section>
  );
}
