/**
 * "Report": the reasons, an optional note, and the acknowledgement (decision 048). A second
 * report of the same thing is answered kindly ("already reported"), not as a failure.
 */
import { useState } from 'react';
import { REPORT_REASONS, SAFETY_LIMITS, type ReportReason } from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { Dialog } from '../ui/dialog';
import { showToast } from '../ui/toast';
import { sendReport, type ReportTarget } from './safety-api';
import './safety.css';

export function ReportDialog({ target, onClose }: { target: ReportTarget; onClose: () => void }) {
  const t = useT();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!reason) return;
    setSending(true);
    setError(null);
    try {
      await sendReport(target, reason, text);
      haptic.notify('success');
      showToast(t('safety.report.thanks'), 'success');
      onClose();
    } catch (failure) {
      if (isApiError(failure) && failure.code === 'already_reported') {
        showToast(t('safety.report.already'), 'info');
        onClose();
      } else setError(errorText(failure, t('safety.report.failed')));
    } finally {
      setSending(false);
    }
  };

  return (
    <Dialog
      className="report-dialog"
      labelledBy="report-title"
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id="report-title">
        {t(target.kind === 'message' ? 'safety.report.messageTitle' : 'safety.report.advisorTitle')}
      </h2>
      <p className="muted">{t('safety.report.intro')}</p>
      <fieldset className="report-reasons">
        <legend className="visually-hidden">{t('safety.report.reason')}</legend>
        {REPORT_REASONS.map((value) => (
          <label key={value} className="report-reason">
            <input
              type="radio"
              name="report-reason"
              value={value}
              checked={reason === value}
              onChange={() => setReason(value)}
            />
            <span>{t(`safety.reasons.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      <label className="report-note">
        <span>{t('safety.report.note')}</span>
        <textarea
          className="input"
          rows={3}
          maxLength={SAFETY_LIMITS.reportTextMaxLength}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      {error && (
        <p className="report-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button button-danger" disabled={!reason || sending}>
        {t('safety.report.send')}
      </button>
      <button type="button" className="button button-secondary" onClick={onClose}>
        {t('common.cancel')}
      </button>
    </Dialog>
  );
}
