/** The chat's one-time question: may advisors see the user's birth date and time? Gone once answered. */
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import {
  setBirthDataSharing,
  useBirthDataSharing,
} from '../../shared/birth-data-sharing/birth-data-sharing';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/toast';
import styles from './chat.module.css';

export function BirthDataQuestion() {
  const t = useT();
  const sharing = useBirthDataSharing();
  const [busy, setBusy] = useState(false);
  if (sharing.status !== 'success' || sharing.data.sharing.answered) return null;
  const answer = async (allowed: boolean) => {
    setBusy(true);
    try {
      await setBirthDataSharing(allowed);
    } catch {
      showToast(t('birthDataSharing.error'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className={`card ${styles.birthDataQuestion}`}
      role="group"
      aria-labelledby="birth-data-question"
    >
      <p id="birth-data-question" className={styles.birthDataQuestionText}>
        {t('birthDataSharing.question')}
      </p>
      <p className="small muted">{t('birthDataSharing.questionHint')}</p>
      <div className={styles.birthDataQuestionActions}>
        <Button variant="secondary" disabled={busy} onClick={() => void answer(false)}>
          {t('birthDataSharing.notNow')}
        </Button>
        <Button disabled={busy} onClick={() => void answer(true)}>
          {t('birthDataSharing.allow')}
        </Button>
      </div>
    </div>
  );
}
