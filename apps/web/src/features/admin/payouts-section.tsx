/** Accounting: earnings, payouts and what is owed per advisor for a period, and the CSV export. */
import { AdminList } from './admin-list';
import { useState } from 'react';
import { formatAmount, useT } from '../../lib/i18n';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/toast';
import { usePayouts, type Period } from './api/payouts';
import { downloadPayoutsCsv } from './api/download-payouts-csv';
import { refusalText } from './confirm-action';
import { PayoutsQueue } from './payouts-queue';

/** YYYY-MM-DD in the admin's own calendar. */
function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

export function PayoutsSection() {
  const t = useT();
  const now = new Date();
  const [period, setPeriod] = useState<Period>({
    from: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)),
    to: isoDay(now),
  });
  const [downloading, setDownloading] = useState(false);
  const periodError =
    period.from && period.to && period.from > period.to ? t('admin.payouts.badPeriod') : null;
  const payouts = usePayouts(periodError ? { from: '', to: '' } : period);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadPayoutsCsv(period);
    } catch (failure) {
      showToast(refusalText(failure, t('admin.genericError')), 'error');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section aria-label={t('admin.section.payouts')}>
      <PayoutsQueue />
      <h2>{t('payouts.accounting')}</h2>
      <div className="admin-period">
        <div className="field">
          <label htmlFor="payouts-from">{t('admin.payouts.from')}</label>
          <input
            id="payouts-from"
            className="input"
            type="date"
            value={period.from}
            onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
          />
        </div>
        <div className="field">
          <label htmlFor="payouts-to">{t('admin.payouts.to')}</label>
          <input
            id="payouts-to"
            className="input"
            type="date"
            value={period.to}
            onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
          />
        </div>
      </div>
      {periodError && (
        <p className="field-error" role="alert">
          {periodError}
        </p>
      )}
      <Button
        variant="secondary"
        disabled={Boolean(periodError)}
        busy={downloading}
        busyLabel={t('admin.working')}
        onClick={() => void download()}
      >
        {t('admin.payouts.csv')}
      </Button>
      <AdminList data={payouts} items={(answer) => answer.payouts} empty={t('admin.payouts.none')}>
        {(row) => (
          <li key={row.manager_id} className="card">
            <strong>
              #{row.manager_id} {row.name}
            </strong>
            <dl className="admin-figures">
              <div>
                <dt className="small muted">{t('admin.payouts.messages')}</dt>
                <dd>{row.messages}</dd>
              </div>
              <div>
                <dt className="small muted">{t('admin.payouts.earned')}</dt>
                <dd>{formatAmount(row.earned_cents)}</dd>
              </div>
              <div>
                <dt className="small muted">{t('admin.payouts.paid')}</dt>
                <dd>{formatAmount(row.paid_cents)}</dd>
              </div>
              <div>
                <dt className="small muted">{t('admin.payouts.unpaid')}</dt>
                <dd>{formatAmount(row.unpaid_cents)}</dd>
              </div>
            </dl>
          </li>
        )}
      </AdminList>
    </section>
  );
}
