/** The "Become an advisor" form: who the applicant is, a photo, an about text per language, a sample reading. */
import { useState, type FormEvent } from 'react';
import { APPLICATION_LIMITS, LIMITS, cleanText, type Locale } from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { useT } from '../../lib/i18n';
import {
  CategoryChecks,
  LanguageChecks,
  PhotoField,
  TextsPerLanguage,
  type UploadProblem,
} from '../../shared/advisor-fields/advisor-fields';
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

const PHOTO_PROBLEMS: Record<UploadProblem, string> = {
  type: 'apply.errors.photoType',
  size: 'apply.errors.photoSize',
  failed: 'apply.errors.photoUpload',
};

export function ApplyForm({ question }: { question: string }) {
  const t = useT();
  const [draft, setDraft] = useState<ApplicationDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<DraftErrors>({});
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
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
        <PhotoField
          id="apply-photo"
          src={draft.photo?.url}
          label={t('apply.photo')}
          buttonLabel={draft.photo ? t('apply.changePhoto') : t('apply.addPhoto')}
          disabled={busy}
          onBusy={(uploading) => {
            setBusy(uploading);
            if (uploading) setFailure(null);
          }}
          onUploaded={(photo) => set('photo', photo)}
          onProblem={(problem) => setFailure(t(PHOTO_PROBLEMS[problem]))}
        />
        {error('photo')}
      </section>

      <fieldset className="card apply-section">
        <legend>{t('apply.categories', { max: APPLICATION_LIMITS.maxCategories })}</legend>
        <CategoryChecks
          values={draft.categoryIds}
          max={APPLICATION_LIMITS.maxCategories}
          onChange={(ids) => set('categoryIds', ids)}
        />
        {error('categories')}
      </fieldset>

      <fieldset className="card apply-section">
        <legend>{t('apply.languages')}</legend>
        <LanguageChecks
          values={draft.languages}
          name={(language) => t(`apply.language.${language}`)}
          onChange={(languages) => set('languages', languages)}
        />
        {error('languages')}
        <TextsPerLanguage
          idPrefix="apply-about"
          languages={draft.languages}
          fields={['description']}
          texts={Object.fromEntries(
            draft.languages.map((language) => [language, { description: draft.about[language] }]),
          )}
          label={(_, language) => t('apply.about', { language: t(`apply.language.${language}`) })}
          maxLength={APPLICATION_LIMITS.aboutMaxLength}
          after={(_, language) => error(`about.${language}`)}
          onChange={(language, _, text) => set('about', { ...draft.about, [language]: text })}
        />
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
