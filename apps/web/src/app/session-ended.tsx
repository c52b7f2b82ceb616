/** "Please reopen Seer": shown over everything once the session can be neither renewed nor started again. */
import { useSyncExternalStore } from 'react';
import { useT } from '../lib/i18n';
import { isAccountSuspended, isSessionEnded, onSessionEnded } from '../lib/session';
import { closeOrReload, isInTelegram } from '../lib/telegram';
import { Button } from '../shared/ui/button';

export function SessionEnded() {
  const t = useT();
  const ended = useSyncExternalStore(onSessionEnded, isSessionEnded, isSessionEnded);
  if (!ended) return null;
  return (
    <div className="session-ended" role="alertdialog" aria-labelledby="session-ended-title">
      <div className="page state">
        <h1 id="session-ended-title">
          {t(isAccountSuspended() ? 'common.suspended.title' : 'common.sessionEnded.title')}
        </h1>
        <p className="muted">
          {t(isAccountSuspended() ? 'common.suspended.message' : 'common.sessionEnded.message')}
        </p>
        <Button onClick={closeOrReload}>
          {isInTelegram() ? t('common.sessionEnded.close') : t('common.sessionEnded.reload')}
        </Button>
      </div>
    </div>
  );
}
