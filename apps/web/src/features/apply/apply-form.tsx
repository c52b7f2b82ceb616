/** The "Become an advisor" form: who the applicant is, a photo, an about text per language, a sample reading. */
import { useRef, useState, type FormEvent } from 'react';
import {
  APPLICATION_LIMITS,
  CATEGORIES,
  LIMITS,
  LOCALES,
  cleanText,
  type Locale,
} from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useT } from '../../lib/i18n';
import { uploadPicture, UPLOADABLE_IMAGE_TYPES } from '../../lib/image-upload';
import { Avatar } from '../../shared/ui/avatar';
import { Button } from '../../shared/ui/button';
import { submitApplication } from './api/application';

export interface ApplicationDraft {
  name: string;
  categoryIds: number[];
  languages: Locale[];
  experience: string;
  photo: { id: string; url: string } | null;
  about: Record<Locale, string>;
  sampleReading: string;
}

export type DraftErrors = Partial<
  Record<
    | 'name'
    | 'categories'
    | 'languages'
    | 'experience'
    | 'photo'
    | `about.${Locale}`
    | 'sampleReading',
    string
  >
>;

export const EMPTY_DRAFT: ApplicationDraft = {
  name: '',
  categoryIds: [],
  languages: [],
  experience: '',
  photo: null,
  about: { en: '', ru: '' },
  sampleReading: '',
};

/** What the server would refuse, as text keys under apply.errors, so each field says it first. */
export function validateDraft(draft: ApplicationDraft): DraftErrors {
  const errors: DraftErrors = {};
  if (!cleanText(draft.name)) errors.name = 'name';
  if (draft.categoryIds.length === 0) errors.categories = 'categories';
  if (draft.languages.length === 0) errors.languages = 'languages';
  const years = Number(draft.experience);
  if (
    draft.experience.trim() === '' ||
    !Number.isInteger(years) ||
    years < 0 ||
    years > APPLICATION_LIMITS.maxExperienceYears
  )
    errors.experience = 'experience';
  if (!draft.photo) errors.photo = 'photo';
  for (const language of draft.languages)
    if (!cleanText(draft.about[language], { multiline: true }))
      errors[`about.${language}`] = 'about';
  if (
    [...cleanText(draft.sampleReading, { multiline: true })].length <
    APPLICATION_LIMITS.sampleReadingMinLength
  )
    errors.sampleReading = 'sampleReading';
  return errors;
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

export function ApplyForm({ question }: { question: string }) {
  const t = useT();
  const [draft, setDraft] = useState<ApplicationDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const set = <K extends keyof ApplicationDraft>(key: K, value: ApplicationDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setErrors({});
  };
  const error = (field: keyof DraftErrors) =>
    errors[field] ? (
      <p className="field-error" role="alert">
        {t(`apply.errors.${errors[field]}`, {
          min: APPLICATION_LIMITS.sampleReadingMinLength,
          max: APPLICATION_LIMITS.maxCategories,
        })}
      </p>
    ) : null;

  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    setBusy(true);
    setFailure(null);
    try {
      const image = await uploadPicture(picked);
      set('photo', { id: image.id, url: image.url });
    } catch (problem) {
      const code = isApiError(problem) ? problem.code : '';
      setFailure(
        t(
          code === 'unsupported_type'
            ? 'apply.errors.photoType'
            : code === 'too_large'
              ? 'apply.errors.photoSize'
              : 'apply.errors.photoUpload',
        ),
      );
    } finally {
      setBusy(false);
      if (file.current) file.current.value = '';
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateDraft(draft);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setFailure(null);
    try {
      await submitApplication({
        name: draft.name,
        category_ids: draft.categoryIds,
        languages: draft.languages,
        experience: Number(draft.experience),
        photo_image_id: draft.photo!.id,
        about: Object.fromEntries(
          draft.languages.map((language) => [language, draft.about[language]]),
        ),
        sample_reading: draft.sampleReading,
      });
    } catch (problem) {
      // What the applicant wrote stays; the server's 4xx names what to fix.
      setFailure(
        isApiError(problem) && problem.status >= 400 && problem.status < 500
          ? `${t('apply.errors.refused')} ${errorText(problem)}`
          : t('apply.errors.failed'),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="apply-form" onSubmit={(e) => void submit(e)} noValidate>
      <section className="card apply-section">
        <div className="field">
          <label htmlFor="apply-name">{t('apply.name')}</label>
          <input
            id="apply-name"
            className="input"
            value={draft.name}
            maxLength={LIMITS.advisorNameMaxLength}
            autoComplete="name"
            onChange={(e) => set('name', e.target.value)}
          />
          {error('name')}
        </div>
        <div className="field">
          <label htmlFor="apply-experience">{t('apply.experience')}</label>
          <input
            id="apply-experience"
            className="input"
            inputMode="numeric"
            value={draft.experience}
            onChange={(e) => set('experience', e.target.value)}
          />
          {error('experience')}
        </div>
        <div className="apply-photo">
          <Avatar src={draft.photo?.url ?? '/avatars/default.svg'} alt="" size={64} />
          <input
            ref={file}
            type="file"
            accept={UPLOADABLE_IMAGE_TYPES.join(',')}
            className="visually-hidden"
            id="apply-photo"
            aria-label={t('apply.photo')}
            onChange={(e) => void upload(e.target.files?.[0])}
          />
          <Button variant="secondary" disabled={busy} onClick={() => file.current?.click()}>
            {draft.photo ? t('apply.changePhoto') : t('apply.addPhoto')}
          </Button>
        </div>
        {error('photo')}
      </section>

      <fieldset className="card apply-section">
        <legend>{t('apply.categories', { max: APPLICATION_LIMITS.maxCategories })}</legend>
        <div className="apply-choices">
          {CATEGORIES.map((category) => {
            const checked = draft.categoryIds.includes(category.id);
            return (
              <label key={category.id} className="apply-check">
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={
                    !checked && draft.categoryIds.length >= APPLICATION_LIMITS.maxCategories
                  }
                  onChange={() => set('categoryIds', toggle(draft.categoryIds, category.id))}
                />
                {t(`categories.${category.slug}`)}
              </label>
            );
          })}
        </div>
        {error('categories')}
      </fieldset>

      <fieldset className="card apply-section">
        <legend>{t('apply.languages')}</legend>
        <div className="apply-choices">
          {LOCALES.map((language) => (
            <label key={language} className="apply-check">
              <input
                type="checkbox"
                checked={draft.languages.includes(language)}
                onChange={() => set('languages', toggle(draft.languages, language))}
              />
              {t(`apply.language.${language}`)}
            </label>
          ))}
        </div>
        {error('languages')}
        {draft.languages.map((language) => (
          <div key={language} className="field" lang={language}>
            <label htmlFor={`apply-about-${language}`}>
              {t('apply.about', { language: t(`apply.language.${language}`) })}
            </label>
            <textarea
              id={`apply-about-${language}`}
              className="input"
              rows={4}
              maxLength={APPLICATION_LIMITS.aboutMaxLength}
              value={draft.about[language]}
              onChange={(e) => set('about', { ...draft.about, [language]: e.target.value })}
            />
            {error(`about.${language}`)}
          </div>
        ))}
      </fieldset>

      <section className="card apply-section">
        <h2>{t('apply.sampleTitle')}</h2>
        <p className="small muted">{t('apply.sampleHint')}</p>
        <blockquote className="apply-question" data-testid="apply-question">
          {question}
        </blockquote>
        <label htmlFor="apply-reading" className="visually-hidden">
          {t('apply.sampleReading')}
        </label>
        <textarea
          id="apply-reading"
          className="input"
          rows={8}
          maxLength={APPLICATION_LIMITS.sampleReadingMaxLength}
          placeholder={t('apply.sampleReading')}
          value={draft.sampleReading}
          onChange={(e) => set('sampleReading', e.target.value)}
        />
        <p className="small muted">
          {t('apply.sampleCount', {
            count: [...draft.sampleReading.trim()].length,
            min: APPLICATION_LIMITS.sampleReadingMinLength,
          })}
        </p>
        {error('sampleReading')}
      </section>

      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
      <Button type="submit" block disabled={busy}>
        {t('apply.submit')}
      </Button>
    </form>
  );
}
