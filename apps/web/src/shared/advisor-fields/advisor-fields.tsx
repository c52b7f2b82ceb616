/**
 * The fields that describe an advisor, shared by the three forms that edit one: the applicant's
 * "Become an advisor" form, the advisor's own profile in the workspace and the admin section's
 * advisor form. The structure and behaviour live here (the photo row and its upload, the
 * category and language pickers, texts per language); each form passes its own words, since an
 * applicant, an advisor and staff are spoken to differently.
 */
import { useRef, useState, type ReactNode } from 'react';
import { CATEGORIES, LOCALES, type Locale } from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { uploadPicture, UPLOADABLE_IMAGE_TYPES } from '../../lib/image-upload';
import { Avatar } from '../ui/avatar';
import { Button } from '../ui/button';
import './advisor-fields.css';

/** An uploaded picture: its id for the save call and its address for the preview. */
export interface UploadedPhoto {
  id: string;
  url: string;
}

/** Why an upload failed: not a picture type we take, too large, or anything else. */
export type UploadProblem = 'type' | 'size' | 'failed';

export function uploadProblemOf(failure: unknown): UploadProblem {
  const code = isApiError(failure) ? failure.code : '';
  return code === 'unsupported_type' ? 'type' : code === 'too_large' ? 'size' : 'failed';
}

/**
 * The photo row: the current picture and a button that picks a new one and uploads it through
 * UploadImage.php (the image rules). The form is told the uploaded picture or why it failed.
 */
export function PhotoField({
  id,
  src,
  label,
  buttonLabel,
  disabled = false,
  onUploaded,
  onProblem,
  onBusy,
}: {
  id: string;
  src: string | undefined;
  /** The file input's accessible name. */
  label: string;
  buttonLabel: string;
  disabled?: boolean;
  onUploaded: (photo: UploadedPhoto) => void;
  onProblem: (problem: UploadProblem, failure: unknown) => void;
  /** Told while an upload runs (a form may hold its submit meanwhile). */
  onBusy?: (busy: boolean) => void;
}) {
  const file = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (picked: File | undefined) => {
    if (!picked) return;
    setBusy(true);
    onBusy?.(true);
    try {
      const image = await uploadPicture(picked);
      onUploaded({ id: image.id, url: image.url });
    } catch (failure) {
      onProblem(uploadProblemOf(failure), failure);
    } finally {
      setBusy(false);
      onBusy?.(false);
      if (file.current) file.current.value = '';
    }
  };
  return (
    <div className="advisor-photo">
      <Avatar src={src ?? '/avatars/default.svg'} alt="" size={64} />
      <input
        ref={file}
        type="file"
        accept={UPLOADABLE_IMAGE_TYPES.join(',')}
        className="visually-hidden"
        id={id}
        aria-label={label}
        onChange={(e) => void upload(e.target.files?.[0])}
      />
      <Button variant="secondary" disabled={disabled || busy} onClick={() => file.current?.click()}>
        {buttonLabel}
      </Button>
    </div>
  );
}

/** One category from a list (the advisor's own profile, the admin form). */
export function CategorySelect({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (categoryId: number) => void;
}) {
  const t = useT();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(Number(e.target.value))}
      >
        {CATEGORIES.map((category) => (
          <option key={category.id} value={category.id}>
            {t(`categories.${category.slug}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/** Several categories, at most `max` (an applicant names what they practise). */
export function CategoryChecks({
  values,
  max,
  onChange,
}: {
  values: readonly number[];
  max: number;
  onChange: (categoryIds: number[]) => void;
}) {
  const t = useT();
  return (
    <div className="advisor-checks">
      {CATEGORIES.map((category) => {
        const checked = values.includes(category.id);
        return (
          <label key={category.id} className="advisor-check">
            <input
              type="checkbox"
              checked={checked}
              disabled={!checked && values.length >= max}
              onChange={() => onChange(toggle(values, category.id))}
            />
            {t(`categories.${category.slug}`)}
          </label>
        );
      })}
    </div>
  );
}

/**
 * The languages the advisor answers in, of those the app offers. Codes not offered here (an
 * admin may set others) are kept as they are.
 */
export function LanguageChecks<L extends string>({
  values,
  name,
  onChange,
}: {
  values: readonly L[];
  name: (language: Locale) => string;
  onChange: (languages: L[]) => void;
}) {
  return (
    <div className="advisor-checks">
      {LOCALES.map((language) => (
        <label key={language} className="advisor-check">
          <input
            type="checkbox"
            checked={values.includes(language as L)}
            onChange={() => onChange(toggle(values, language as L))}
          />
          {name(language)}
        </label>
      ))}
    </div>
  );
}

/** The language the advisor's own texts are written in (texts in others are translations). */
export function TextLanguageSelect({
  id,
  label,
  value,
  name,
  onChange,
}: {
  id: string;
  label: string;
  value: Locale;
  name: (language: Locale) => string;
  onChange: (language: Locale) => void;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(e) => onChange(e.target.value as Locale)}
      >
        {LOCALES.map((language) => (
          <option key={language} value={language}>
            {name(language)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The advisor's texts: what they do, and more about them. */
export type TextField = 'description' | 'additional_info';
export type LanguageTexts = Partial<Record<TextField, string>>;

const ROWS: Record<TextField, number> = { description: 4, additional_info: 3 };

/**
 * The advisor's texts in each language, a group per language (marked with its `lang`): the
 * fields asked for, with the caller's words and limits, and anything the caller shows under a
 * field (its error).
 */
export function TextsPerLanguage({
  idPrefix,
  languages,
  fields,
  texts,
  legend,
  label,
  maxLength,
  after,
  onChange,
}: {
  idPrefix: string;
  languages: readonly Locale[];
  fields: readonly TextField[];
  texts: Partial<Record<Locale, LanguageTexts>>;
  /** A group's heading; without it the fields stand on their own (one field per language). */
  legend?: (language: Locale) => string;
  label: (field: TextField, language: Locale) => string;
  maxLength?: number;
  after?: (field: TextField, language: Locale) => ReactNode;
  onChange: (language: Locale, field: TextField, value: string) => void;
}) {
  return (
    <>
      {languages.map((language) => {
        const inputs = fields.map((field) => {
          const id = `${idPrefix}-${field === 'description' ? 'description' : 'additional'}-${language}`;
          return (
            <div key={field} className="field">
              <label htmlFor={id}>{label(field, language)}</label>
              <textarea
                id={id}
                className="input"
                rows={ROWS[field]}
                maxLength={maxLength}
                value={texts[language]?.[field] ?? ''}
                onChange={(e) => onChange(language, field, e.target.value)}
              />
              {after?.(field, language)}
            </div>
          );
        });
        return legend ? (
          <fieldset key={language} className="advisor-texts" lang={language}>
            <legend>{legend(language)}</legend>
            {inputs}
          </fieldset>
        ) : (
          <div key={language} className="advisor-texts" lang={language}>
            {inputs}
          </div>
        );
      })}
    </>
  );
}
