/**
 * /settings: the profile card, rows leading to the short screens (spending limits, invites, alerts,
 * privacy and your data: /settings/:section), links, and the language, theme, sound and
 * bot-message preferences.
 */
import { Link } from 'wouter';
import { callApi } from '../../lib/api-client';
import { chooseLocale, localeChoice, useLocale, useT, type LocaleChoice } from '../../lib/i18n';
import { SupportLink } from '../../shared/ui/support-link';
import { haptic, isInTelegram, requestWriteAccess } from '../../lib/telegram';
import { setThemeChoice, useThemeChoice, type ThemeChoice } from '../../lib/theme';
import { useCurrentUser, USER_DATA_KEY, type CurrentUser } from '../../lib/user';
import { setCachedData } from '../../lib/use-data';
import { Avatar } from '../../shared/ui/avatar';
import { ButtonLink } from '../../shared/ui/button';
import { ChevronIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { showToast } from '../../shared/ui/toast';
import { useSoundPreference } from './sound-preference';
import { SETTINGS_SECTIONS } from './sections';
import { balanceText, birthDateText, displayName, photoOf, signText } from './user-facts';
import './settings.css';

function ProfileCard({ user }: { user: CurrentUser }) {
  const t = useT();
  return (
    <section className="card">
      <Link href="/profile" className="profile-card">
        <Avatar src={photoOf(user)} alt="" size={64} />
        <span className="profile-card-body">
          <strong>{displayName(user)}</strong>
          <span className="small muted">{t('settings.viewProfile')}</span>
        </span>
        <ChevronIcon className="chevron" width={20} height={20} />
      </Link>
      <dl className="profile-facts">
        <dt>{t('settings.birthDate')}</dt>
        <dd>{birthDateText(user)}</dd>
        <dt>{t('settings.sign')}</dt>
        <dd>{signText(user)}</dd>
        <dt>{t('settings.balance')}</dt>
        <dd>
          <strong>{balanceText(user)}</strong>
        </dd>
      </dl>
      <ButtonLink href="/profile-settings" variant="secondary" block className="profile-edit">
        {t('settings.editProfile')}
      </ButtonLink>
    </section>
  );
}

function Choice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: Array<[T, string]>;
  onChange: (value: T) => void;
}) {
  return (
    <div className="setting-row">
      <span id={`choice-${label}`}>{label}</span>
      <div className="segmented" role="group" aria-labelledby={`choice-${label}`}>
        {options.map(([option, text]) => (
          <button
            key={option}
            type="button"
            aria-pressed={value === option}
            onClick={() => {
              haptic.selection();
              onChange(option);
            }}
          >
            {text}
          </button>
        ))}
      </div>
    </div>
  );
}

function Preferences({ user }: { user: CurrentUser | undefined }) {
  const t = useT();
  useLocale();
  const choice = localeChoice();
  const theme = useThemeChoice();
  const [sound, setSound] = useSoundPreference();

  const chooseLanguage = (next: LocaleChoice) => {
    void chooseLocale(next);
    // The server writes the bot's messages and Stars invoices in it; Auto (null) lets Telegram's
    // language decide there again. The app switches whether or not this arrives.
    callApi('UpdatePreferences', { body: { language: next === 'auto' ? null : next } }).catch(
      () => {},
    );
  };

  const chooseTheme = (next: ThemeChoice) => {
    setThemeChoice(next);
    // Remembered on the server too ('system' for Auto), so the bot and other devices can follow
    // it; the local choice rules.
    callApi('UpdatePreferences', { body: { theme: next === 'auto' ? 'system' : next } }).catch(
      () => {},
    );
  };

  const allowBotMessages = async () => {
    const allowed = await requestWriteAccess();
    try {
      await callApi('SetWriteAccess', { body: { allowed } });
      setCachedData<CurrentUser | undefined>(USER_DATA_KEY, (current) =>
        current ? { ...current, allows_write_to_pm: allowed } : current,
      );
      showToast(
        allowed ? t('settings.botAllowed') : t('settings.botDenied'),
        allowed ? 'success' : 'info',
      );
    } catch {
      showToast(t('common.genericError'), 'error');
    }
  };

  return (
    <section className="card settings-group" aria-labelledby="settings-preferences">
      <h2 id="settings-preferences">{t('settings.preferences')}</h2>
      <Choice<LocaleChoice>
        label={t('settings.language')}
        value={choice}
        options={[
          ['auto', t('settings.languageAuto')],
          ['ru', 'Русский'],
          ['en', 'English'],
        ]}
        onChange={chooseLanguage}
      />
      <Choice<ThemeChoice>
        label={t('settings.theme')}
        value={theme}
        options={[
          ['auto', t('settings.themeAuto')],
          ['light', t('settings.light')],
          ['dark', t('settings.dark')],
        ]}
        onChange={chooseTheme}
      />
      <div className="setting-row">
        <span id="setting-sound">{t('settings.sound')}</span>
        <button
          type="button"
          role="switch"
          className="switch"
          aria-checked={sound}
          aria-labelledby="setting-sound"
          onClick={() => setSound(!sound)}
        />
      </div>
      {isInTelegram() && (
        <div className="setting-row">
          <span>{t('settings.botMessages')}</span>
          {user?.allows_write_to_pm ? (
            <span className="badge">{t('settings.botAllowedShort')}</span>
          ) : (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void allowBotMessages()}
            >
              {t('settings.allow')}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

export default function SettingsPage() {
  const t = useT();
  const user = useCurrentUser();
  return (
    <div className="page">
      <PageHeader title={t('settings.title')} />
      {user.status === 'loading' && <LoadingState />}
      {user.status === 'error' && (
        <ErrorState message={t('settings.loadFailed')} onRetry={user.retry} />
      )}
      {user.status === 'success' && <ProfileCard user={user.data} />}

      {/* Short screens for the longer settings (decision 053). */}
      <nav className="card settings-group" aria-label={t('settings.sections.label')}>
        {SETTINGS_SECTIONS.map((section) => (
          <Link key={section} href={`/settings/${section}`} className="row-link">
            <span className="profile-card-body">
              <span>{t(`settings.sections.${section}.title`)}</span>
              <span className="small muted">{t(`settings.sections.${section}.hint`)}</span>
            </span>
            <ChevronIcon className="chevron" width={18} height={18} />
          </Link>
        ))}
      </nav>

      <nav className="card settings-group" aria-label={t('settings.links')}>
        <Link href="/balance" className="row-link">
          {t('settings.topUp')}
          <ChevronIcon className="chevron" width={18} height={18} />
        </Link>
        <Link href="/payments" className="row-link">
          {t('settings.payments')}
          <ChevronIcon className="chevron" width={18} height={18} />
        </Link>
        <Link href="/disputes" className="row-link">
          {t('settings.disputes')}
          <ChevronIcon className="chevron" width={18} height={18} />
        </Link>
        <Link href="/privacy-policy" className="row-link">
          {t('settings.privacy')}
          <ChevronIcon className="chevron" width={18} height={18} />
        </Link>
        <Link href="/terms" className="row-link">
          {t('settings.terms')}
          <ChevronIcon className="chevron" width={18} height={18} />
        </Link>
        <SupportLink>{t('settings.support')}</SupportLink>
      </nav>

      {user.data?.advisor_id == null && (
        <nav className="card settings-group" aria-label={t('apply.title')}>
          <Link href="/apply" className="row-link">
            <span className="profile-card-body">
              <span>{t('apply.entry')}</span>
              <span className="small muted">{t('apply.entryHint')}</span>
            </span>
            <ChevronIcon className="chevron" width={18} height={18} />
          </Link>
        </nav>
      )}

      {(user.data?.advisor_id != null || user.data?.is_admin) && (
        // Staff entries: only a Telegram user linked to an advisor, or an admin, sees them.
        <nav className="card settings-group" aria-label={t('workspace.title')}>
          {user.data.advisor_id != null && (
            <Link href="/workspace" className="row-link">
              {t('workspace.openWorkspace')}
              <ChevronIcon className="chevron" width={18} height={18} />
            </Link>
          )}
          {user.data.is_admin && (
            <Link href="/admin" className="row-link">
              {t('admin.openAdmin')}
              <ChevronIcon className="chevron" width={18} height={18} />
            </Link>
          )}
        </nav>
      )}

      <Preferences user={user.data} />
    </div>
  );
}
