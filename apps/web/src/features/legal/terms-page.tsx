/** /terms: the terms of service (who we are, what is sold, balance, payments, refunds, use, advisors, liability, changes, contact). */
import { Link } from 'wouter';
import { useT } from '../../lib/i18n';
import { SupportLink } from '../../shared/ui/support-link';
import { ChevronIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/page-header';

const SECTIONS = [
  'about',
  'service',
  'balance',
  'payments',
  'refunds',
  'use',
  'advisors',
  'liability',
  'changes',
  'contact',
] as const;

export default function TermsPage() {
  const t = useT();
  return (
    <article className="page">
      <PageHeader title={t('terms.title')} back />
      <p className="muted small">{t('terms.updated')}</p>
      <p>{t('terms.intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section} className="card">
          <h2>{t(`terms.${section}.title`)}</h2>
          <p style={{ margin: 0 }}>{t(`terms.${section}.text`)}</p>
        </section>
      ))}
      <nav className="card" aria-label={t('terms.contact.title')}>
        <SupportLink>{t('terms.support')}</SupportLink>
        <Link href="/privacy-policy" className="row-link">
          {t('terms.privacy')}
          <ChevronIcon className="chevron" width={18} height={18} />
        </Link>
      </nav>
    </article>
  );
}
