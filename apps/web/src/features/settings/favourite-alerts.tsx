/**
 * Settings' "Favourites" section: whether the bot tells the user when a favourite advisor comes
 * online. Off by default; turning it on inside Telegram asks for the bot's write access first
 * when the user has not given it (lib/write-access.ts is the first-message ask; this one is on demand).
 */
import { useState } from 'react';
import { callApi } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { haptic, isInTelegram, requestWriteAccess } from '../../lib/telegram';
import { setCachedData } from '../../lib/use-data';
import { USER_DATA_KEY, type CurrentUser } from '../../lib/user';
import { setCachedAlerts, useFavourites } from '../../shared/favourites/favourites';
import { showToast } from '../../shared/ui/toast';

async function ensureWriteAccess(user: CurrentUser | undefined): Promise<boolean> {
  if (user?.allows_write_to_pm || !isInTelegram()) return true;
  const allowed = await requestWriteAccess();
  await callApi('SetWriteAccess', { body: { allowed } });
  setCachedData<CurrentUser | undefined>(USER_DATA_KEY, (current) =>
    current ? { ...current, allows_write_to_pm: allowed } : current,
  );
  return allowed;
}

export function FavouriteAlerts({ user }: { user: CurrentUser | undefined }) {
  const t = useT();
  const favourites = useFavourites();
  const [saving, setSaving] = useState(false);
  const enabled = favourites.data?.alerts ?? false;

  const toggle = async () => {
    haptic.selection();
    const next = !enabled;
    setSaving(true);
    setCachedAlerts(next);
    try {
      if (next && !(await ensureWriteAccess(user))) {
        setCachedAlerts(false);
        showToast(t('favourites.alertsDenied'), 'info');
        return;
      }
      await callApi('SetFavouriteAlerts', { body: { enabled: next } });
      showToast(t(next ? 'favourites.alertsOn' : 'favourites.alertsOff'), 'success');
    } catch {
      setCachedAlerts(!next);
      showToast(t('favourites.alertsFailed'), 'error');
    } finally {
      setSaving(false);
    }
  };

  const hint = !isInTelegram()
    ? t('favourites.alertsOutside')
    : enabled && !user?.allows_write_to_pm
      ? t('favourites.alertsNeedBot')
      : t('favourites.alertsHint');
  return (
    <section className="card settings-group" aria-labelledby="settings-favourites">
      <h2 id="settings-favourites">{t('favourites.alertsTitle')}</h2>
      <div className="setting-row">
        <span id="setting-favourite-alerts">{t('favourites.alerts')}</span>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={enabled}
          aria-labelledby="setting-favourite-alerts"
          aria-describedby="setting-favourite-alerts-hint"
          disabled={saving || favourites.status !== 'success'}
          onClick={() => void toggle()}
        />
      </div>
      <p id="setting-favourite-alerts-hint" className="small muted">
        {hint}
      </p>
    </section>
  );
}
