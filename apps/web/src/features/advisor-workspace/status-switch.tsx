/** Online / away: away keeps the advisor offline for users even with the workspace open. */
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { showToast } from '../../shared/ui/toast';
import { setOnline } from './api/set-status';

export function StatusSwitch({ away, onChanged }: { away: boolean; onChanged: () => void }) {
  const t = useT();
  const [online, setOnlineState] = useState(!away);
  const [busy, setBusy] = useState(false);

  const toggle = async () => {
    const next = !online;
    setBusy(true);
    haptic.selection();
    try {
      setOnlineState(await setOnline(next));
      onChanged();
    } catch {
      showToast(t('workspace.statusError'), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="workspace-status">
      <span id="workspace-status-label">
        {online ? t('workspace.online') : t('workspace.away')}
      </span>
      <button
        type="button"
        role="switch"
        className="workspace-switch"
        aria-checked={online}
        aria-labelledby="workspace-status-label"
        disabled={busy}
        onClick={() => void toggle()}
      />
    </div>
  );
}
