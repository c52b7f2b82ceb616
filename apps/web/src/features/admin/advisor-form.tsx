/** Create or edit an advisor: profile fields, texts per language, price, avatar (UploadImage.php), active or not. */
import { useState, type FormEvent } from 'react';
import {
  LIMITS,
  cleanText,
  fitText,
  formatCents,
  formatMoneyNumber,
  isBlankText,
  parseMoney,
  LOCALES,
  type Locale,
  type MoneyLocale,
} from '@seer/contract';
import { useLocale, useT } from '../../lib/i18n';
import {
  CategorySelect,
  PhotoField,
  TextLanguageSelect,
  TextsPerLanguage,
} from '../../shared/advisor-fields/advisor-fields';
import { Button } from '../../shared/ui/button';
import type { AdminAdvisorRow } from './api/list-advisors';
import { saveAdvisor } from './api/save-advisor';
import { refusalText } from './confirm-action';

interface Texts {
  description: string;
  additional_info: string;
}

interface Draft {
  name: string;
  category_id: number;
  price: string;
  /** The advisor's own language: its texts there are shown where a translation is missing. */
  text_language: Locale;
  texts: Record<Locale, Texts>;
  experience: string;
  clients: string;
  languages: string;
  is_active: boolean;
}

function isLocale(value: string | undefined): value is Locale {
  return (LOCALES as readonly string[]).includes(value ?? '');
}

function textsOf(advisor: AdminAdvisorRow | null, own: Locale): Record<Locale, Texts> {
  const texts = {} as Record<Locale, Texts>;
  for (const language of LOCALES) {
    const stored = language === own ? advisor : advisor?.translations?.[language];
    texts[language] = {
      description: stored?.description ?? '',
      additional_info: stored?.additional_info ?? '',
    };
  }
  return texts;
}

function draftOf(advisor: AdminAdvisorRow | null, locale: MoneyLocale): Draft {
  const own: Locale = isLocale(advisor?.text_language) ? advisor.text_language : 'en';
  return {
    name: advisor?.name ?? '',
    category_id: advisor?.category_id ?? 1,
    // Shown as the admin's language writes it ("2,99" in Russian), read back the same way.
    price: advisor ? formatMoneyNumber(advisor.price_cents, locale) : '',
    text_language: own,
    texts: textsOf(advisor, own),
    experience: String(advisor?.experience ?? 0),
    clients: String(advisor?.clients ?? 0),
    languages: (advisor?.languages ?? ['en', 'ru']).join(', '),
    is_active: advisor?.is_active ?? true,
  };
}

export function AdvisorForm({
  advisor,
  onSaved,
  onCancel,
}: {
  advisor: AdminAdvisorRow | null;
  onSaved: (saved: AdminAdvisorRow) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [draft, setDraft] = useState<Draft>(() => draftOf(advisor, locale));
  const [avatar, setAvatar] = useState<{ id: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const setText = (language: Locale, key: keyof Texts, value: string) =>
    setDraft((d) => ({
      ...d,
      texts: {
        ...d.texts,
        [language]: { ...d.texts[language], [key]: fitText(value, LIMITS.advisorTextMaxLength) },
      },
    }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (isBlankText(draft.name)) return setError(t('admin.advisors.nameRequired'));
    const price = parseMoney(draft.price, locale);
    if (!price.ok && price.error === 'ambiguous')
      return setError(t('admin.advisors.priceAmbiguous'));
    if (!price.ok || price.cents <= 0) return setError(t('admin.advisors.priceInvalid'));
    const priceCents = price.cents;
    const experience = Number(draft.experience);
    const clients = Number(draft.clients);
    if (!Number.isInteger(experience) || experience < 0 || experience > 80)
      return setError(t('admin.advisors.experienceInvalid'));
    if (!Number.isInteger(clients) || clients < 0)
      return setError(t('admin.advisors.clientsInvalid'));
    const languages = draft.languages
      .split(',')
      .map((l) => l.trim())
      .filter(Boolean);
    setBusy(true);
    try {
      const saved = await saveAdvisor({
        ...(advisor ? { id: advisor.id } : {}),
        name: cleanText(draft.name),
        category_id: draft.category_id,
        price: formatCents(priceCents),
        description: draft.texts[draft.text_language].description,
        additional_info: draft.texts[draft.text_language].additional_info,
        text_language: draft.text_language,
        translations: Object.fromEntries(
          LOCALES.filter((language) => language !== draft.text_language).map((language) => [
            language,
            draft.texts[language],
          ]),
        ),
        experience,
        clients,
        languages,
        is_active: draft.is_active,
        ...(avatar ? { avatar_image_id: avatar.id } : {}),
      });
      onSaved(saved);
    } catch (failure) {
      setError(refusalText(failure, t('admin.genericError')));
    } finally {
      setBusy(false);
    }
  };

  const field = (
    key: 'name' | 'price' | 'experience' | 'clients' | 'languages',
    inputMode?: 'decimal' | 'numeric',
  ) => (
    <div className="field">
      <label htmlFor={`advisor-${key}`}>{t(`admin.advisors.${key}`)}</label>
      <input
        id={`advisor-${key}`}
        className="input"
        inputMode={inputMode}
        value={draft[key]}
        onChange={(e) => set(key, e.target.value)}
      />
    </div>
  );

  return (
    <form
      className="card admin-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label={advisor ? t('admin.advisors.edit') : t('admin.advisors.create')}
    >
      <h2>
        {advisor
          ? t('admin.advisors.editTitle', { name: advisor.name })
          : t('admin.advisors.create')}
      </h2>
      <PhotoField
        id="advisor-avatar"
        src={avatar?.url ?? advisor?.avatar}
        label={t('admin.advisors.uploadAvatar')}
        buttonLabel={t('admin.advisors.uploadAvatar')}
        disabled={busy}
        onBusy={(uploading) => {
          setBusy(uploading);
          if (uploading) setError(null);
        }}
        onUploaded={setAvatar}
        onProblem={(problem, failure) =>
          setError(
            problem === 'type'
              ? t('admin.advisors.imageType')
              : problem === 'size'
                ? t('admin.advisors.imageTooLarge')
                : refusalText(failure, t('admin.genericError')),
          )
        }
      />
      {field('name')}
      <CategorySelect
        id="advisor-category"
        label={t('admin.advisors.category')}
        value={draft.category_id}
        onChange={(id) => set('category_id', id)}
      />
      {field('price', 'decimal')}
      {field('experience', 'numeric')}
      {field('clients', 'numeric')}
      {field('languages')}
      <TextLanguageSelect
        id="advisor-text-language"
        label={t('admin.advisors.textLanguage')}
        value={draft.text_language}
        name={(language) => t(`admin.advisors.textLanguageName.${language}`)}
        onChange={(language) => set('text_language', language)}
      />
      <TextsPerLanguage
        idPrefix="advisor"
        languages={LOCALES}
        fields={['description', 'additional_info']}
        texts={draft.texts}
        legend={(language) => t(`admin.advisors.textsIn.${language}`)}
        label={(key) =>
          t(key === 'description' ? 'admin.advisors.description' : 'admin.advisors.additionalInfo')
        }
        onChange={setText}
      />
      <label className="admin-check">
        <input
          type="checkbox"
          checked={draft.is_active}
          onChange={(e) => set('is_active', e.target.checked)}
        />
        {t('admin.advisors.active')}
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="admin-actions">
        <Button type="submit" busy={busy} busyLabel={t('admin.working')}>
          {t('admin.save')}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={onCancel}>
          {t('common.cancel')}
        </Button>
      </div>
    </form>
  );
}
