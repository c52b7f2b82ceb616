/** Settings' "Blocked advisors": the advisors the user blocked, each unblocked with one tap (decision 048). */
import { useState } from 'react';
import { errorText } from '../../lib/error-text';
import { useT } from '../../lib/i18n';
import { Avatar } from '../ui/avatar';
import { showToast } from '../ui/toast';
import { setBlock, useBlockedAdvisors } from './safety-api';
import './safety.css';

export function BlockedAdvisorsSetting() {
  const t = useT();
  const blocked = useBlockedAdvisors();
  const [busy, setBusy] = useState<number | null>(null);
  if (blocked.status !== 'success' || blocked.data.length === 0) return null;

  const unblock = async (advisorId: number) => {
    setBusy(advisorId);
    try {
      await setBlock({ side: 'user', advisorId }, false);
      showToast(t('safety.block.unblockedToast'), 'success');
    } catch (error) {
      showToast(errorText(error, t('safety.block.failed')), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card settings-group" aria-labelledby="settings-blocked">
      <h2 id="settings-blocked">{t('safety.block.blockedList')}</h2>
      <ul className="blocked-advisors">
        {blocked.data.map((advisor) => (
          <li key={advisor.manager_id} className="setting-row">
            <Avatar src={advisor.avatar} alt="" size={36} />
            <span className="blocked-advisor-name">{advisor.name}</span>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy === advisor.manager_id}
              onClick={() => void unblock(advisor.manager_id)}
            >
              {t('safety.block.unblock')}
            </button>
          </li>
        ))}
      </ul>
      <p className="small muted">{t('safety.block.blockedListHint')}</p>
    </section>
  );
}
