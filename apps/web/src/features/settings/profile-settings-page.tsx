/** /profile-settings: "Edit Profile" — per-field lock, "Update changes" saves through UpdateUser. */
import { useState, type FormEvent } from 'react';
import { LIMITS, cleanText } from '@seer/contract';
import { callApi, isApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { replaceUser, useCurrentUser, type CurrentUser } from '../../lib/user';
import { navigate } from '../../lib/navigation';
import { useMainButton, useSecondaryButton } from '../../shared/ui/main-button';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { showToast } from '../../shared/ui/toast';
import { EditableField } from './editable-field';
import { BirthPlaceField } from '../../shared/birth-place/birth-place-field';
import './settings.css';
import { errorText } from '../../lib/error-text';

interface ProfileForm {
  name: string;
  dateOfBirth: string;
  timeOfBirth: string;
  birthPlace: string;
  email: string;
  description: string;
}
type FieldErrors = Partial<Record<keyof ProfileForm, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function formFrom(user: CurrentUser): ProfileForm {
  return {
    name: user.name ?? '',
    dateOfBirth: user.birthdate ?? '',
    timeOfBirth: user.time_of_birth?.slice(0, 5) ?? '',
    birthPlace: user.birth_place ?? '',
    email: user.email ?? '',
    description: user.description ?? '',
  };
}

/** Checks what the server would refuse, so the user sees it under the field. */
export function validateProfile(form: ProfileForm, today = new Date()): FieldErrors {
  const errors: FieldErrors = {};
  if (form.email && !EMAIL.test(form.email)) errors.email = 'validation.email';
  if (
    form.dateOfBirth &&
    (Number.isNaN(Date.parse(form.dateOfBirth)) || new Date(form.dateOfBirth) > today)
  ) {
    errors.dateOfBirth = 'validation.birthDate';
  }
  return errors;
}

function EditProfileForm({ user }: { user: CurrentUser }) {
  const t = useT();
  const [form, setForm] = useState<ProfileForm>(() => formFrom(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  const set = (field: keyof ProfileForm) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    // A field's error is cleared when the field changes.
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = async (event?: FormEvent) => {
    event?.preventDefault();
    const found = validateProfile(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSaving(true);
    try {
      const answer = await callApi('UpdateUser', {
        body: {
          name: cleanText(form.name) || null,
          dateOfBirth: form.dateOfBirth || null,
          timeOfBirth: form.timeOfBirth || null,
          birthPlace: form.birthPlace || null,
          email: form.email.trim() || null,
          description: cleanText(form.description, { multiline: true }) || null,
        },
      });
      replaceUser(answer.user);
      showToast(t('profileSettings.success'), 'success');
      navigate('/settings');
    } catch (error) {
      console.error('Profile update failed', error);
      // What the user typed stays in the form; the message says what to fix when the server named it.
      const detail = isApiError(error) && error.status === 400 ? ` ${errorText(error)}` : '';
      showToast(`${t('profileSettings.error')}${detail}`, 'error');
    } finally {
      setSaving(false);
    }
  };

  // Saving is the screen's main action and Cancel its second: Telegram's own buttons inside Telegram.
  const saveButton = useMainButton({
    text: t('profileSettings.update'),
    form: 'profile-form',
    progress: saving,
    progressText: t('profileSettings.updating'),
  });
  const cancelButton = useSecondaryButton({
    text: t('common.cancel'),
    onClick: () => navigate('/settings'),
    disabled: saving,
  });

  const fieldError = (field: keyof ProfileForm) =>
    errors[field] ? t(`profileSettings.${errors[field]}`) : undefined;

  return (
    <form id="profile-form" className="card" onSubmit={(event) => void save(event)} noValidate>
      <EditableField
        id="profile-name"
        label={t('profileSettings.name')}
        value={form.name}
        onCommit={set('name')}
        maxLength={LIMITS.profileNameMaxLength}
        autoComplete="name"
      />
      <EditableField
        id="profile-birth-date"
        label={t('profileSettings.dateOfBirth')}
        type="date"
        value={form.dateOfBirth}
        onCommit={set('dateOfBirth')}
        error={fieldError('dateOfBirth')}
        autoComplete="bday"
      />
      <EditableField
        id="profile-birth-time"
        label={t('profileSettings.timeOfBirth')}
        type="time"
        value={form.timeOfBirth}
        onCommit={set('timeOfBirth')}
      />
      <BirthPlaceField value={form.birthPlace} onChange={set('birthPlace')} />
      <EditableField
        id="profile-email"
        label={t('profileSettings.email')}
        type="email"
        value={form.email}
        onCommit={set('email')}
        maxLength={LIMITS.emailMaxLength}
        error={fieldError('email')}
        autoComplete="email"
      />
      <EditableField
        id="profile-description"
        label={t('profileSettings.description')}
        type="textarea"
        value={form.description}
        onCommit={set('description')}
        maxLength={LIMITS.profileDescriptionMaxLength}
        placeholder={t('profileSettings.descriptionPlaceholder')}
      />
      {(saveButton || cancelButton) && (
        <div className="form-actions">
          {saveButton}
          {cancelButton}
        </div>
      )}
    </form>
  );
}

export default function ProfileSettingsPage() {
  const t = useT();
  const user = useCurrentUser();
  return (
    <div className="page">
      <PageHeader title={t('profileSettings.title')} back />
      <p className="muted small">{t('profileSettings.hint')}</p>
      {user.status === 'loading' && <LoadingState />}
      {user.status === 'error' && (
        <ErrorState message={t('settings.loadFailed')} onRetry={user.retry} />
      )}
      {user.status === 'success' && <EditProfileForm user={user.data} />}
    </div>
  );
}
