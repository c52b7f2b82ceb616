/** /admin and /admin/:section: advisors, advisor applications, users, unmatched deposits, Stars refunds, crypto payments, satisfaction credits, disputes, payouts and the audit log. Only for admins. */
import { Link, useParams } from 'wouter';
import { useT } from '../../lib/i18n';
import { PageHeader } from '../../shared/ui/page-header';
import { AdminGate } from './admin-gate';
import { AdvisorsSection } from './advisors-section';
import { ApplicationsSection } from './applications-section';
import { AuditSection } from './audit-section';
import { CryptoPaymentsSection } from './crypto-payments-section';
import { ReportsSection } from './reports-section';
import { DisputesSection } from './disputes-section';
import { DepositsSection, StarsSection } from './money-in-section';
import { PayoutsSection } from './payouts-section';
import { SatisfactionSection } from './satisfaction-section';
import { ReferralsSection } from './referrals-section';
import { UsersSection } from './users-section';
import './admin.css';

const SECTIONS = [
  'advisors',
  'applications',
  'users',
  'deposits',
  'stars',
  'crypto',
  'reports',
  'credits',
  'disputes',
  'referrals',
  'payouts',
  'audit',
] as const;
type Section = (typeof SECTIONS)[number];

export default function AdminPage() {
  const t = useT();
  const params = useParams<{ section?: string }>();
  const section: Section = (SECTIONS as readonly string[]).includes(params.section ?? '')
    ? (params.section as Section)
    : 'advisors';
  return (
    <AdminGate>
      <div className="page admin">
        <PageHeader title={t('admin.title')} back />
        <nav className="admin-tabs" aria-label={t('admin.sections')}>
          {SECTIONS.map((name) => (
            <Link
              key={name}
              href={`/admin/${name}`}
              aria-current={section === name ? 'page' : undefined}
            >
              {t(`admin.section.${name}`)}
            </Link>
          ))}
        </nav>
        {section === 'advisors' && <AdvisorsSection />}
        {section === 'applications' && <ApplicationsSection />}
        {section === 'users' && <UsersSection />}
        {section === 'deposits' && <DepositsSection />}
        {section === 'stars' && <StarsSection />}
        {section === 'crypto' && <CryptoPaymentsSection />}
        {section === 'reports' && <ReportsSection />}
        {section === 'credits' && <SatisfactionSection />}
        {section === 'disputes' && <DisputesSection />}
        {section === 'referrals' && <ReferralsSection />}
        {section === 'payouts' && <PayoutsSection />}
        {section === 'audit' && <AuditSection />}
      </div>
    </AdminGate>
  );
}
