/** /workspace: the advisor's inbox, online/away switch, earnings and reviews. Only for a user linked to an advisor. */
import { useEffect } from 'react';
import { Link, useSearch } from 'wouter';
import { useT } from '../../lib/i18n';
import { connectAsAdvisor } from '../../lib/socket';
import { Avatar } from '../../shared/ui/avatar';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { AdvisorGate } from './advisor-gate';
import { useInbox } from './api/get-chats';
import { useAdvisorProfile } from './api/get-profile';
import { EarningsPanel } from './earnings-panel';
import { InboxList } from './inbox-list';
import { ReviewsPanel } from './reviews-panel';
import { StatusSwitch } from './status-switch';
import { useLiveInbox } from './use-live-inbox';
import './workspace.css';

const TABS = ['inbox', 'earnings', 'reviews'] as const;
type Tab = (typeof TABS)[number];

function Inbox({ advisorId }: { advisorId: number }) {
  const t = useT();
  const inbox = useInbox();
  useLiveInbox(advisorId, inbox.refetch);
  if (inbox.status === 'loading') return <LoadingState />;
  if (inbox.status === 'error')
    return <ErrorState message={t('workspace.inboxError')} onRetry={inbox.retry} />;
  return <InboxList dialogs={inbox.data.chats} />;
}

function Workspace({ advisorId }: { advisorId: number }) {
  const t = useT();
  const requested = new URLSearchParams(useSearch()).get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(requested ?? '')
    ? (requested as Tab)
    : 'inbox';
  const profile = useAdvisorProfile();

  // The workspace open = the advisor is connected (presence), and every dialog arrives live.
  useEffect(() => connectAsAdvisor(advisorId), [advisorId]);

  return (
    <div className="page workspace">
      <PageHeader title={t('workspace.title')} back />
      {profile.status === 'loading' && <LoadingState />}
      {profile.status === 'error' && (
        <ErrorState message={t('workspace.profileError')} onRetry={profile.retry} />
      )}
      {profile.status === 'success' && (
        <section className="card workspace-head">
          <Avatar
            src={profile.data.manager.avatar}
            alt=""
            size={48}
            online={profile.data.manager.isOnline}
          />
          <strong className="workspace-name">{profile.data.manager.name}</strong>
          <StatusSwitch away={profile.data.manager.away} onChanged={() => void profile.refetch()} />
          <Link href="/workspace/profile" className="workspace-profile-link">
            {t('ownProfile.open')}
          </Link>
        </section>
      )}
      <nav className="workspace-tabs" aria-label={t('workspace.sections')}>
        {TABS.map((name) => (
          <Link
            key={name}
            href={name === 'inbox' ? '/workspace' : `/workspace?tab=${name}`}
            aria-current={tab === name ? 'page' : undefined}
          >
            {t(`workspace.tab.${name}`)}
          </Link>
        ))}
      </nav>
      {tab === 'inbox' && <Inbox advisorId={advisorId} />}
      {tab === 'earnings' && <EarningsPanel />}
      {tab === 'reviews' &&
        (profile.status === 'success' ? (
          <ReviewsPanel
            managerId={advisorId}
            rating={profile.data.manager.rating}
            count={profile.data.manager.reviews}
          />
        ) : (
          <LoadingState />
        ))}
    </div>
  );
}

export default function WorkspacePage() {
  return <AdvisorGate>{(advisorId) => <Workspace advisorId={advisorId} />}</AdvisorGate>;
}
