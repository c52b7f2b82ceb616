/** /profile, opened from the profile card in Settings: photo, name, e-mail, birth date, sign, description, years with Seer, edit. */
import { formatMonthSince, formatNumber, formatTimeOfDay, useT } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/user';
import { Avatar } from '../../shared/ui/avatar';
import { ButtonLink } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { birthDateText, displayName, photoOf, signText } from './user-facts';
import './settings.css';

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

export default function ProfilePage() {
  const t = useT();
  const user = useCurrentUser();
  if (user.status === 'loading') return <LoadingState />;
  if (user.status === 'error') {
    return (
      <div className="page">
        <PageHeader title={t('profile.title')} back />
        <ErrorState message={t('settings.loadFailed')} onRetry={user.retry} />
      </div>
    );
  }
  const profile = user.data;
  const since = new Date(profile.created_at);
  const validSince = !Number.isNaN(since.getTime());
  const years = validSince ? Math.max(0, Math.floor((Date.now() - since.getTime()) / YEAR_MS)) : 0;
  const notSpecified = t('settings.notSpecified');
  return (
    <div className="page">
      <PageHeader title={t('profile.title')} back />
      <section className="card profile-header">
        <Avatar src={photoOf(profile)} alt="" size={96} />
        <h2>{profile.name || displayName(profile)}</h2>
        {profile.username && <p className="muted">@{profile.username}</p>}
      </section>
      <section className="card">
        <dl className="profile-facts">
          <dt>{t('profile.email')}</dt>
          <dd>{profile.email || notSpecified}</dd>
          <dt>{t('settings.birthDate')}</dt>
          <dd>{birthDateText(profile)}</dd>
          <dt>{t('profile.timeOfBirth')}</dt>
          <dd>{formatTimeOfDay(profile.time_of_birth) || notSpecified}</dd>
          <dt>{t('settings.sign')}</dt>
          <dd>{signText(profile)}</dd>
          <dt>{t('profile.yearsWithUs')}</dt>
          <dd>
            {formatNumber(years)}
            {validSince && (
              <span className="small muted">
                {' '}
                ({t('profile.since', { date: formatMonthSince(since) })})
              </span>
            )}
          </dd>
        </dl>
      </section>
      <section className="card">
        <h2>{t('profile.about')}</h2>
        <p className={profile.description ? undefined : 'muted'}>
          {profile.description || t('profile.noDescription')}
        </p>
      </section>
      <ButtonLink href="/profile-settings" block>
        {t('settings.editProfile')}
      </ButtonLink>
    </div>
  );
}
