/**
 * /workspace/profile: the advisor edits their own photo, texts per language, languages, category,
 * weekly hours in their time zone and away messages, and asks for a new price (an admin approves).
 */
import { useRef, useState, type FormEvent } from 'react';
import {
  ADVISOR_PRICE_LIMITS,
  ADVISOR_PROFILE_LIMITS,
  CATEGORIES,
  fitText,
  LIMITS,
  LOCALES,
  parseMoney,
  type AdvisorOwnProfile,
  type Locale,
} from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { formatAmount, formatDate, useLocale, useT } from '../../lib/i18n';
import { uploadPicture, UPLOADABLE_IMAGE_TYPES } from '../../lib/image-upload';
import { Avatar } from '../../shared/ui/avatar';
import { Button } from '../../shared/ui/button';
import { TrashIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { showToast } from '../../shared/ui/toast';
import { AdvisorGate } from './advisor-gate';
import { requestPrice, saveOwnProfile, useOwnProfile } from './api/own-profile';
import {
  deviceTimeZone,
  fromFields,
  timeZoneChoices,
  toFields,
  WEEKDAYS,
  type HoursField,
} from './hours-form';
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
                  <input
                    type="time"
                    className="input"
                    aria-label={t('ownProfile.from', { day: name })}
                    value={field.start}
                    onChange={(e) => update(index, { start: e.target.value })}
                  />
                  <span aria-hidden="true">–</span>
                  <input
                    type="time"
                    className="input"
                    aria-label={t('ownProfile.until', { day: name })}
                    value={field.end === '24:00' ? '00:00' : field.end}
                    onChange={(e) => update(index, { end: e.target.value })}
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
      setError(
        isApiError(failure) && failure.status === 400
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
  const file = useRef<HTMLInputElement>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));
  const fitAdvisorText = (text: string) => fitText(text, LIMITS.advisorTextMaxLength);

  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    setBusy(true);
    setError(null);
    try {
      const image = await uploadPicture(picked);
      setAvatar({ id: image.id, url: image.url });
    } catch (failure) {
      const code = isApiError(failure) ? failure.code : '';
      setError(
        code === 'unsupported_type'
          ? t('ownProfile.imageType')
          : code === 'too_large'
            ? t('ownProfile.imageTooLarge')
            : t('ownProfile.imageError'),
      );
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
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
      <section className="card own-section own-photo">
        <Avatar src={avatar?.url ?? profile.avatar} alt="" size={64} />
        <input
          ref={file}
          type="file"
          accept={UPLOADABLE_IMAGE_TYPES.join(',')}
          className="visually-hidden"
          id="own-avatar"
          aria-label={t('ownProfile.photo')}
          onChange={(e) => void upload(e.target.files?.[0])}
        />
        <Button variant="secondary" disabled={busy} onClick={() => file.current?.click()}>
          {t('ownProfile.changePhoto')}
        </Button>
      </section>

      <section className="card own-section">
        <h2>{t('ownProfile.about')}</h2>
        <div className="field">
          <label htmlFor="own-category">{t('ownProfile.category')}</label>
          <select
            id="own-category"
            className="input"
            value={draft.category_id}
            onChange={(e) => set('category_id', Number(e.target.value))}
          >
            {CATEGORIES.map((category) => (
              <option key={category.id} value={category.id}>
                {t(`categories.${category.slug}`)}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="own-languages">
          <legend>{t('ownProfile.languages')}</legend>
          {LOCALES.map((language) => (
            <label key={language} className="own-check">
              <input
                type="checkbox"
                checked={draft.languages.includes(language)}
                onChange={(e) =>
                  set(
                    'languages',
                    e.target.checked
                      ? [...draft.languages, language]
                      : draft.languages.filter((l) => l !== language),
                  )
                }
              />
              {t(`ownProfile.languageName.${language}`)}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor="own-text-language">{t('ownProfile.textLanguage')}</label>
          <select
            id="own-text-language"
            className="input"
            value={draft.text_language}
            onChange={(e) => set('text_language', e.target.value as Locale)}
          >
            {LOCALES.map((language) => (
              <option key={language} value={language}>
                {t(`ownProfile.languageName.${language}`)}
              </option>
            ))}
          </select>
        </div>
        {LOCALES.map((language) => (
          <fieldset key={language} className="own-texts" lang={language}>
            <legend>{t(`ownProfile.textsIn.${language}`)}</legend>
            <div className="field">
              <label htmlFor={`own-description-${language}`}>{t('ownProfile.description')}</label>
              <textarea
                id={`own-description-${language}`}
                className="input"
                rows={4}
                value={draft.texts[language].description}
                onChange={(e) =>
                  set('texts', {
                    ...draft.texts,
                    [language]: {
                      ...draft.texts[language],
                      description: fitAdvisorText(e.target.value),
                    },
                  })
                }
              />
            </div>
            <div className="field">
              <label htmlFor={`own-additional-${language}`}>{t('ownProfile.additionalInfo')}</label>
              <textarea
                id={`own-additional-${language}`}
                className="input"
                rows={3}
                value={draft.texts[language].additional_info}
                onChange={(e) =>
                  set('texts', {
                    ...draft.texts,
                    [language]: {
                      ...draft.texts[language],
                      additional_info: fitAdvisorText(e.target.value),
                    },
                  })
                }
              />
            </div>
          </fieldset>
        ))}
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
