/**
 * /workspace/profile: the advisor edits their own photo, texts per language, languages, category,
 * weekly hours in their time zone and away messages, and asks for a new price (an admin approves).
 */
import { useState, type FormEvent } from 'react';
import {
  ADVISOR_PRICE_LIMITS,
  ADVISOR_PROFILE_LIMITS,
  fitText,
  LIMITS,
  LOCALES,
  parseMoney,
  type AdvisorOwnProfile,
  type Locale,
} from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { deviceTimeZone } from '../../lib/device-time-zone';
import { formatAmount, formatDate, useLocale, useT } from '../../lib/i18n';
import {
  CategorySelect,
  LanguageChecks,
  PhotoField,
  TextLanguageSelect,
  TextsPerLanguage,
  type UploadProblem,
} from '../../shared/advisor-fields/advisor-fields';
import { TimeInput } from '../../shared/ui/time-input';
import { Button } from '../../shared/ui/button';
import { TrashIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { showToast } from '../../shared/ui/toast';
import { AdvisorGate } from './advisor-gate';
import { requestPrice, saveOwnProfile, useOwnProfile } from './api/own-profile';
import { fromFields, timeZoneChoices, toFields, WEEKDAYS, type HoursField } from './hours-form';
import './own-profile.css';

type Texts = { description: string; additional_info: string };

interface Draft {
  category_id: number;
  /** Codes, ru and en offered here; others an admin set are kept as they are. */
  languages: string[];
  text_language: Locale;
  texts: Record<Locale, Texts>;
  time_zone: string;
  hours: HoursField[];
  away: Record<Locale, string>;
}

function draftOf(profile: AdvisorOwnProfile): Draft {
  const empty = { description: '', additional_info: '' };
  return {
    category_id: profile.category_id,
    languages: profile.languages,
    text_language: profile.text_language,
    texts: Object.fromEntries(
      LOCALES.map((language) => [language, profile.texts[language] ?? empty]),
    ) as Record<Locale, Texts>,
    // A profile never saved keeps 'UTC': the device's zone is the better first guess.
    time_zone:
      profile.time_zone === 'UTC' && profile.hours.length === 0
        ? deviceTimeZone()
        : profile.time_zone,
    hours: toFields(profile.hours),
    away: Object.fromEntries(
      LOCALES.map((language) => [language, profile.away_messages[language] ?? '']),
    ) as Record<Locale, string>,
  };
}

/** "Mon", "Пн": the weekday's short name in the reader's language (1 = Monday). */
function weekdayName(weekday: number, locale: Locale): string {
  // 2024-01-01 was a Monday.
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2024, 0, weekday)),
  );
}

function HoursEditor({
  hours,
  onChange,
  invalid,
}: {
  hours: HoursField[];
  onChange: (hours: HoursField[]) => void;
  invalid: number | null;
}) {
  const t = useT();
  const locale = useLocale();
  const update = (index: number, change: Partial<HoursField>) =>
    onChange(hours.map((field, i) => (i === index ? { ...field, ...change } : field)));
  return (
    <ul className="own-hours" aria-label={t('ownProfile.hours')}>
      {WEEKDAYS.map((weekday) => {
        const day = hours
          .map((field, index) => ({ field, index }))
          .filter(({ field }) => field.weekday === weekday);
        const name = weekdayName(weekday, locale);
        return (
          <li key={weekday} className="own-hours-day">
            <span className="own-hours-name">{name}</span>
            <div className="own-hours-ranges">
              {day.length === 0 && <span className="small muted">{t('ownProfile.dayOff')}</span>}
              {day.map(({ field, index }) => (
                <div
                  key={index}
                  className="own-hours-range"
                  data-invalid={invalid === index || undefined}
                >
                  <TimeInput
                    minuteStep={15}
                    label={t('ownProfile.from', { day: name })}
                    value={field.start}
                    onChange={(start) => update(index, { start })}
                  />
                  <span aria-hidden="true">–</span>
                  <TimeInput
                    minuteStep={15}
                    label={t('ownProfile.until', { day: name })}
                    value={field.end === '24:00' ? '00:00' : field.end}
                    onChange={(end) => update(index, { end })}
                  />
                  <Button
                    variant="ghost"
                    aria-label={t('ownProfile.removeRange', { day: name })}
                    onClick={() => onChange(hours.filter((_, i) => i !== index))}
                  >
                    <TrashIcon aria-hidden="true" />
                  </Button>
                </div>
              ))}
              {day.length < ADVISOR_PROFILE_LIMITS.rangesPerWeekday && (
                <Button
                  variant="secondary"
                  aria-label={t('ownProfile.addRangeTo', { day: name })}
                  onClick={() => onChange([...hours, { weekday, start: '18:00', end: '23:00' }])}
                >
                  {t('ownProfile.addRange')}
                </Button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

export function PriceRequest({ profile }: { profile: AdvisorOwnProfile }) {
  const t = useT();
  const locale = useLocale();
  const [price, setPrice] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = parseMoney(price, locale);
    const cap = profile.trial_price_cap_cents;
    if (parsed.ok && cap !== null && parsed.cents > cap) {
      setError(t('ownProfile.priceTrialCap', { max: formatAmount(cap) }));
      return;
    }
    if (
      !parsed.ok ||
      parsed.cents < ADVISOR_PRICE_LIMITS.minCents ||
      parsed.cents > ADVISOR_PRICE_LIMITS.maxCents
    ) {
      setError(
        t('ownProfile.priceRange', {
          min: formatAmount(ADVISOR_PRICE_LIMITS.minCents),
          max: formatAmount(ADVISOR_PRICE_LIMITS.maxCents),
        }),
      );
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await requestPrice(parsed.cents);
      setPrice('');
      showToast(t('ownProfile.priceRequested'), 'success');
    } catch (failure) {
      const refused = isApiError(failure) && failure.status === 400;
      setError(
        refused && /on trial/.test(failure.message)
          ? t('ownProfile.priceTrialCap', { max: formatAmount(cap ?? 0) })
          : refused
            ? t('ownProfile.priceSame')
            : t('ownProfile.priceError'),
      );
    } finally {
      setBusy(false);
    }
  };
  const pending = profile.pending_price;
  return (
    <form className="card own-section" onSubmit={(e) => void submit(e)} noValidate>
      <h2>{t('ownProfile.price')}</h2>
      <p>{t('ownProfile.currentPrice', { price: formatAmount(profile.price_cents) })}</p>
      {pending && (
        <p className="small" role="status">
          {t('ownProfile.pendingPrice', {
            price: formatAmount(pending.price_cents),
            date: formatDate(new Date(pending.created_at), { day: 'numeric', month: 'long' }),
          })}
        </p>
      )}
      <p className="small muted">{t('ownProfile.priceHint')}</p>
      {profile.trial_price_cap_cents !== null && (
        <p className="small muted" data-testid="trial-cap">
          {t('ownProfile.trialCap', { max: formatAmount(profile.trial_price_cap_cents) })}
        </p>
      )}
      <div className="field">
        <label htmlFor="own-price">{t('ownProfile.newPrice')}</label>
        <input
          id="own-price"
          className="input"
          inputMode="decimal"
          value={price}
          onChange={(e) => setPrice(e.target.value.slice(0, 12))}
        />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" variant="secondary" busy={busy} disabled={price.trim() === ''}>
        {t('ownProfile.requestPrice')}
      </Button>
    </form>
  );
}

export function ProfileForm({ profile }: { profile: AdvisorOwnProfile }) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [avatar, setAvatar] = useState<{ id: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [invalidRange, setInvalidRange] = useState<number | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const photoProblems: Record<UploadProblem, string> = {
    type: t('ownProfile.imageType'),
    size: t('ownProfile.imageTooLarge'),
    failed: t('ownProfile.imageError'),
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const hours = fromFields(draft.hours);
    if (!hours.ok) {
      setInvalidRange(hours.index);
      setError(t('ownProfile.rangeInvalid'));
      return;
    }
    if (draft.languages.length === 0) {
      setError(t('ownProfile.languagesRequired'));
      return;
    }
    setInvalidRange(null);
    setBusy(true);
    setError(null);
    try {
      const saved = await saveOwnProfile({
        category_id: draft.category_id,
        languages: draft.languages,
        text_language: draft.text_language,
        texts: draft.texts,
        time_zone: draft.time_zone,
        hours: hours.hours,
        away_messages: Object.fromEntries(
          LOCALES.filter((language) => draft.away[language].trim() !== '').map((language) => [
            language,
            draft.away[language],
          ]),
        ),
        ...(avatar ? { avatar_image_id: avatar.id } : {}),
      });
      setDraft(draftOf(saved));
      setAvatar(null);
      showToast(t('ownProfile.saved'), 'success');
    } catch (failure) {
      setError(
        isApiError(failure) && failure.status === 400 && /overlap/.test(failure.message)
          ? t('ownProfile.rangesOverlap')
          : t('ownProfile.saveError'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="own-profile-form" onSubmit={(e) => void submit(e)} noValidate>
      <section className="card own-section">
        <PhotoField
          id="own-avatar"
          src={avatar?.url ?? profile.avatar}
          label={t('ownProfile.photo')}
          buttonLabel={t('ownProfile.changePhoto')}
          disabled={busy}
          onBusy={(uploading) => {
            setBusy(uploading);
            if (uploading) setError(null);
          }}
          onUploaded={setAvatar}
          onProblem={(problem) => setError(photoProblems[problem])}
        />
      </section>

      <section className="card own-section">
        <h2>{t('ownProfile.about')}</h2>
        <CategorySelect
          id="own-category"
          label={t('ownProfile.category')}
          value={draft.category_id}
          onChange={(id) => set('category_id', id)}
        />
        <fieldset className="advisor-texts">
          <legend>{t('ownProfile.languages')}</legend>
          <LanguageChecks
            values={draft.languages}
            name={(language) => t(`ownProfile.languageName.${language}`)}
            onChange={(languages) => set('languages', languages)}
          />
        </fieldset>
        <TextLanguageSelect
          id="own-text-language"
          label={t('ownProfile.textLanguage')}
          value={draft.text_language}
          name={(language) => t(`ownProfile.languageName.${language}`)}
          onChange={(language) => set('text_language', language)}
        />
        <TextsPerLanguage
          idPrefix="own"
          languages={LOCALES}
          fields={['description', 'additional_info']}
          texts={draft.texts}
          legend={(language) => t(`ownProfile.textsIn.${language}`)}
          label={(field) =>
            t(field === 'description' ? 'ownProfile.description' : 'ownProfile.additionalInfo')
          }
          onChange={(language, field, text) =>
            setDraft((current) => ({
              ...current,
              texts: {
                ...current.texts,
                [language]: {
                  ...current.texts[language],
                  [field]: fitText(text, LIMITS.advisorTextMaxLength),
                },
              },
            }))
          }
        />
      </section>

      <section className="card own-section">
        <h2>{t('ownProfile.hours')}</h2>
        <p className="small muted">{t('ownProfile.hoursHint')}</p>
        <div className="field">
          <label htmlFor="own-time-zone">{t('ownProfile.timeZone')}</label>
          <select
            id="own-time-zone"
            className="input"
            value={draft.time_zone}
            onChange={(e) => set('time_zone', e.target.value)}
          >
            {timeZoneChoices(draft.time_zone).map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </div>
        <HoursEditor
          hours={draft.hours}
          invalid={invalidRange}
          onChange={(hours) => set('hours', hours)}
        />
      </section>

      <section className="card own-section">
        <h2>{t('ownProfile.away')}</h2>
        <p className="small muted">{t('ownProfile.awayHint')}</p>
        {LOCALES.map((language) => (
          <div key={language} className="field" lang={language}>
            <label htmlFor={`own-away-${language}`}>{t(`ownProfile.awayIn.${language}`)}</label>
            <textarea
              id={`own-away-${language}`}
              className="input"
              rows={2}
              value={draft.away[language]}
              onChange={(e) =>
                set('away', {
                  ...draft.away,
                  [language]: fitText(e.target.value, ADVISOR_PROFILE_LIMITS.awayMessageMaxLength),
                })
              }
            />
          </div>
        ))}
      </section>

      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" busy={busy} busyLabel={t('ownProfile.saving')}>
        {t('ownProfile.save')}
      </Button>
    </form>
  );
}

function OwnProfile() {
  const t = useT();
  const profile = useOwnProfile();
  return (
    <div className="page own-profile">
      <PageHeader title={t('ownProfile.title')} back />
      {profile.status === 'loading' && <LoadingState />}
      {profile.status === 'error' && (
        <ErrorState message={t('ownProfile.loadError')} onRetry={profile.retry} />
      )}
      {profile.status === 'success' && (
        <>
          <ProfileForm key={profile.data.profile.id} profile={profile.data.profile} />
          <PriceRequest profile={profile.data.profile} />
        </>
      )}
    </div>
  );
}

export default function OwnProfilePage() {
  return <AdvisorGate>{() => <OwnProfile />}</AdvisorGate>;
}
