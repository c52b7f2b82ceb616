/**
 * /settings/:section: the short screens Settings leads to — spending limits, invites, alerts, and
 * privacy and your data (decision 053).
 */
import { useState, type ReactNode } from 'react';
import { useParams } from 'wouter';
import { useT } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/user';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState } from '../../shared/ui/states';
import { ButtonLink } from '../../shared/ui/button';
import { BlockedAdvisorsSetting } from '../../shared/safety/blocked-advisors-setting';
import { BirthDataSharingSetting } from './birth-data-sharing-setting';
import { FavouriteAlerts } from './favourite-alerts';
import { MorningMessageSetting } from '../../shared/daily/morning-message-setting';
import { InviteCard } from './invite-card';
import { SpendingLimits } from './spending-limits';
import { AccountDeleted, YourData } from './your-data';
import { isSettingsSection, type SettingsSection } from './sections';
import './settings.css';

function AlertsSection() {
  const user = useCurrentUser();
  return (
    <>
      <FavouriteAlerts user={user.data} />
      <MorningMessageSetting />
    </>
  );
}

function PrivacySection({ onDeleted }: { onDeleted: () => void }) {
  return (
    <>
      <BirthDataSharingSetting />
      <BlockedAdvisorsSetting />
      <YourData onDeleted={onDeleted} />
    </>
  );
}

const CONTENT: Record<SettingsSection, (onDeleted: () => void) => ReactNode> = {
  limits: () => <SpendingLimits />,
  invites: () => <InviteCard />,
  alerts: () => <AlertsSection />,
  privacy: (onDeleted) => <PrivacySection onDeleted={onDeleted} />,
};

export default function SettingsSectionPage() {
  const t = useT();
  const { section } = useParams<{ section: string }>();
  const [deleted, setDeleted] = useState(false);
  // Once the account is gone every call would be refused: the page says so and nothing else.
  if (deleted) return <AccountDeleted />;
  if (!isSettingsSection(section)) {
    return (
      <div className="page">
        <PageHeader title={t('settings.title')} back />
        <EmptyState message={t('common.notFoundTitle')}>
          <ButtonLink href="/settings" variant="secondary">
            {t('settings.title')}
          </ButtonLink>
        </EmptyState>
      </div>
    );
  }
  return (
    <div className="page settings-section">
      <PageHeader title={t(`settings.sections.${section}.title`)} back />
      {CONTENT[section](() => setDeleted(true))}
    </div>
  );
}
