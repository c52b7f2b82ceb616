/**
 * The first-open onboarding's form (decision 054): birth date, time and place, saved through the
 * profile's own call (UpdateUser). Saving or "Not now" closes it for good on the server
 * (CloseOnboarding), so it never comes back on another device. Loaded by OnboardingCard.
 */
import { useState, type FormEvent } from 'react';
import { callApi } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { replaceUser } from '../../lib/user';
import { invalidate, setCachedData, useData } from '../../lib/use-data';
import { BirthPlaceField } from '../birth-place/birth-place-field';
import { showToast } from '../ui/toast';
import { SparklesIcon } from '../ui/icons';
import { TimeInput } from '../ui/time-input';
import { RITUAL_KEY, loadRitual } from './daily-api';
import './daily.css';

export default function OnboardingForm() {
  const t = useT();
  const ritual = useData(RITUAL_KEY, loadRitual);
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [place, setPlace] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  if (!ritual.data?.onboarding) return null;

  const close = async (outcome: 'done' | 'skipped') => {
    await callApi('CloseOnboarding', { body: { outcome } });
    setCachedData(RITUAL_KEY, { ...ritual.data!, onboarding: false });
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!date) {
      setProblem(t('daily.onboarding.needDate'));
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await callApi('UpdateUser', {
        body: { dateOfBirth: date, timeOfBirth: time || null, birthPlace: place || null },
      });
      replaceUser(answer.user);
      await close('done');
      invalidate('daily:line');
      showToast(t('daily.onboarding.saved'), 'success');
    } catch {
      setProblem(t('daily.onboarding.failed'));
    } finally {
      setBusy(false);
    }
  };

  const skip = async () => {
    setBusy(true);
    try {
      await close('skipped');
    } catch {
      // Not closed on the server: it may be offered once more; nothing else is lost.
      setCachedData(RITUAL_KEY, { ...ritual.data!, onboarding: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="card onboarding-card"
      aria-labelledby="onboarding-title"
      data-testid="onboarding"
    >
      <div className="onboarding-head">
        <span className="onboarding-icon" aria-hidden="true">
          <SparklesIcon />
        </span>
        <h2 id="onboarding-title">{t('daily.onboarding.title')}</h2>
      </div>
      <p className="muted">{t('daily.onboarding.text')}</p>
      <form onSubmit={(event) => void save(event)} noValidate>
        <div className="field">
          <label htmlFor="onboarding-date">{t('daily.onboarding.dateLabel')}</label>
          <input
            id="onboarding-date"
            type="date"
            className="input"
            value={date}
            max={new Date().toISOString().slice(0, 10)}
            min="1900-01-01"
            onChange={(event) => setDate(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="onboarding-time">{t('daily.onboarding.timeLabel')}</label>
          <TimeInput
            id="onboarding-time"
            value={time}
            onChange={setTime}
            label={t('daily.onboarding.timeLabel')}
            optional
          />
        </div>
        <BirthPlaceField value={place} onChange={setPlace} />
        {problem && (
          <p className="small onboarding-problem" role="alert">
            {problem}
          </p>
        )}
        <div className="onboarding-actions">
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? t('daily.onboarding.saving') : t('daily.onboarding.save')}
          </button>
          <button
            type="button"
            className="button button-light"
            disabled={busy}
            onClick={() => void skip()}
          >
            {t('daily.onboarding.skip')}
          </button>
        </div>
      </form>
    </section>
  );
}
