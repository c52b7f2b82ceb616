/**
 * Settings' morning message (decision 054): opt in to the bot's message with today's card and sky
 * at a chosen local hour, read in the device's time zone (sent with the setting and kept). Turning
 * it on inside Telegram asks for the bot's write access first when it is not given.
 */
import { useState } from 'react';
import { MORNING_HOURS, type MorningMessage } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { formatTimeOfDay, useT } from '../../lib/i18n';
import { haptic, isInTelegram } from '../../lib/telegram';
import { askWriteAccessNow } from '../../lib/write-access';
import { setCachedData, useData } from '../../lib/use-data';
import { showToast } from '../ui/toast';
import { deviceTimeZone } from '../../lib/device-time-zone';
import { RITUAL_KEY, loadRitual } from './daily-api';
import './daily.css';

const HOURS = Array.from(
  { length: MORNING_HOURS.max - MORNING_HOURS.min + 1 },
  (_, i) => MORNING_HOURS.min + i,
);

export function MorningMessageSetting() {
  const t = useT();
  const ritual = useData(RITUAL_KEY, loadRitual);
  const [saving, setSaving] = useState(false);
  const morning = ritual.data?.morning;
  const zone = deviceTimeZone();

  const save = async (next: { enabled: boolean; hour: number }) => {
    if (!ritual.data) return;
    setSaving(true);
    try {
      let botCanWrite = ritual.data.bot_can_write;
      if (next.enabled && !botCanWrite && isInTelegram()) botCanWrite = await askWriteAccessNow();
      const answer = await callApi('SetMorningMessage', {
        body: { ...next, time_zone: zone },
      });
      setCachedData(RITUAL_KEY, {
        ...ritual.data,
        morning: answer.morning satisfies MorningMessage,
        bot_can_write: botCanWrite,
      });
      if (next.enabled !== morning?.enabled)
        showToast(t(next.enabled ? 'daily.morning.on' : 'daily.morning.off'), 'success');
    } catch {
      showToast(t('daily.morning.failed'), 'error');
    } finally {
      setSaving(false);
    }
  };

  const enabled = morning?.enabled ?? false;
  const hour = morning?.hour ?? MORNING_HOURS.default;
  return (
    <section
      className="card settings-group"
      aria-labelledby="settings-morning"
      data-testid="morning-setting"
    >
      <h2 id="settings-morning">{t('daily.morning.title')}</h2>
      <div className="setting-row">
        <span id="setting-morning">{t('daily.morning.toggle')}</span>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={enabled}
          aria-labelledby="setting-morning"
          aria-describedby="setting-morning-hint"
          disabled={saving || !ritual.data}
          onClick={() => {
            haptic.selection();
            void save({ enabled: !enabled, hour });
          }}
        />
      </div>
      <div className="setting-row morning-hour">
        <label htmlFor="setting-morning-hour">{t('daily.morning.hour')}</label>
        <select
          id="setting-morning-hour"
          className="input"
          value={hour}
          disabled={saving || !ritual.data}
          onChange={(event) => void save({ enabled, hour: Number(event.target.value) })}
        >
          {HOURS.map((option) => (
            <option key={option} value={option}>
              {formatTimeOfDay(`${String(option).padStart(2, '0')}:00`)}
            </option>
          ))}
        </select>
      </div>
      <p id="setting-morning-hint" className="small muted">
        {enabled && ritual.data && !ritual.data.bot_can_write
          ? t('daily.morning.needsBot')
          : t('daily.morning.text')}{' '}
        {t('daily.morning.zone', { zone: morning?.time_zone ?? zone })}
      </p>
    </section>
  );
}
