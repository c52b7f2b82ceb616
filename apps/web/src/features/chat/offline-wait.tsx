/**
 * Under the header of a chat with an offline advisor: how long the answer usually takes, and
 * whether the bot will say when it comes — or an offer to let it (docs/product-rules.md#response-times).
 */
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { isInTelegram } from '../../lib/telegram';
import { askWriteAccessNow, botCanWrite } from '../../lib/write-access';
import { responseWait } from '../../shared/response-time/response-time';
import { showToast } from '../../shared/ui/toast';
import { ClockIcon } from '../../shared/ui/icons';
import styles from './chat.module.css';

export function OfflineWait({
  name,
  medianSeconds,
  allowsWriteToPm,
}: {
  name: string;
  medianSeconds: number | null;
  /** The user's allows_write_to_pm; undefined while the profile loads. */
  allowsWriteToPm: boolean | undefined;
}) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const wait =
    medianSeconds === null
      ? t('responseTimes.offline', { name })
      : t('responseTimes.offlineWait', { name, wait: responseWait(t, medianSeconds) });

  const allow = async () => {
    setAsking(true);
    try {
      const allowed = await askWriteAccessNow();
      showToast(
        t(allowed ? 'responseTimes.allowed' : 'responseTimes.notAllowed'),
        allowed ? 'success' : 'info',
      );
    } catch {
      showToast(t('common.genericError'), 'error');
    } finally {
      setAsking(false);
    }
  };

  let bot = null;
  if (allowsWriteToPm !== undefined) {
    if (botCanWrite({ allows_write_to_pm: allowsWriteToPm })) {
      bot = <span>{t('responseTimes.botWillTell')}</span>;
    } else if (isInTelegram()) {
      bot = (
        <>
          <span>{t('responseTimes.botCanTell')}</span>
          <button
            type="button"
            className={`button button-secondary ${styles.waitAllow}`}
            disabled={asking}
            onClick={() => void allow()}
          >
            {t('responseTimes.allow')}
          </button>
        </>
      );
    } else {
      // Outside Telegram there is no bot chat to write to.
      bot = <span>{t('responseTimes.answerHere')}</span>;
    }
  }

  return (
    <div className={styles.wait} role="status" data-testid="offline-wait">
      <ClockIcon aria-hidden="true" className={styles.waitIcon} />
      <p className={styles.waitText}>
        <span>{wait}</span> {bot}
      </p>
    </div>
  );
}
