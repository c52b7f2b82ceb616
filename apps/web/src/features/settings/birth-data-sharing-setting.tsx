/** Settings' "Privacy" section: whether advisors see the user's birth data (the chat asks once). */
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import {
  setBirthDataSharing,
  useBirthDataSharing,
} from '../../shared/birth-data-sharing/birth-data-sharing';
import { showToast } from '../../shared/ui/toast';

export function BirthDataSharingSetting() {
  const t = useT();
  const sharing = useBirthDataSharing();
  const [saving, setSaving] = useState(false);
  const allowed = sharing.data?.sharing.allowed ?? false;
  const toggle = async () => {
    haptic.selection();
    setSaving(true);
    try {
      await setBirthDataSharing(!allowed);
      showToast(t('birthDataSharing.saved'), 'success');
    } catch {
      showToast(t('birthDataSharing.error'), 'error');
    } finally {
      setSaving(false);
    }
  };
  return (
    <section className="card settings-group" aria-labelledby="settings-privacy">
      <h2 id="settings-privacy">{t('birthDataSharing.title')}</h2>
      <div className="setting-row">
        <span id="setting-birth-data-sharing">{t('birthDataSharing.setting')}</span>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={allowed}
          aria-labelledby="setting-birth-data-sharing"
          aria-describedby="setting-birth-data-sharing-hint"
          disabled={saving || sharing.status !== 'success'}
          onClick={() => void toggle()}
        />
      </div>
      <p id="setting-birth-data-sharing-hint" className="small muted">
        {t('birthDataSharing.settingHint')}
      </p>
    </section>
  );
}
