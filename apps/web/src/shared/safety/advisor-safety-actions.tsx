/** On an advisor's profile: report the advisor, block or unblock them (decision 048). */
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { useT } from '../../lib/i18n';
import { ConfirmDialog } from '../ui/dialog';
import { showToast } from '../ui/toast';
import { BanIcon, FlagIcon } from '../ui/icons';
import { ReportDialog } from './report-dialog';
import { setBlock, useBlockState } from './safety-api';
import './safety.css';

export function AdvisorSafetyActions({ advisorId, name }: { advisorId: number; name: string }) {
  const t = useT();
  const block = useBlockState({ side: 'user', advisorId });
  const [reporting, setReporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const youBlocked = block.status === 'success' && block.data.you_blocked;

  const change = async (value: boolean) => {
    try {
      await setBlock({ side: 'user', advisorId }, value);
      showToast(
        value ? t('safety.block.blockedAdvisorToast', { name }) : t('safety.block.unblockedToast'),
        'success',
      );
    } catch (error) {
      showToast(errorText(error, t('safety.block.failed')), 'error');
    } finally {
      setConfirming(false);
    }
  };

  return (
    <div className="advisor-safety">
      <button type="button" className="button button-ghost" onClick={() => setReporting(true)}>
        <FlagIcon size="1em" /> {t('safety.report.reportAdvisor')}
      </button>
      <button
        type="button"
        className="button button-ghost"
        disabled={block.status !== 'success'}
        onClick={() => (youBlocked ? void change(false) : setConfirming(true))}
      >
        <BanIcon size="1em" />{' '}
        {t(youBlocked ? 'safety.block.unblockAdvisor' : 'safety.block.blockAdvisor')}
      </button>
      {reporting && (
        <ReportDialog
          target={{ kind: 'advisor', id: advisorId }}
          onClose={() => setReporting(false)}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title={t('safety.block.confirmAdvisorTitle', { name })}
          message={t('safety.block.confirmAdvisor', { name })}
          confirmLabel={t('safety.block.confirm')}
          onConfirm={() => void change(true)}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
