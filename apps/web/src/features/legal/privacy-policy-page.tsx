/**
 * /privacy-policy: the policy's sections (collected, use, sharing, security, retention, rights,
 * what "Download my data" and "Delete account" do — decision 050 —, cookies, changes).
 */
import { useT } from '../../lib/i18n';
import { PageHeader } from '../../shared/ui/page-header';

const SECTIONS = [
  'collected',
  'use',
  'sharing',
  'security',
  'retention',
  'rights',
  'export',
  'deletion',
  'cookies',
  'changes',
] as const;

export default function PrivacyPolicyPage() {
  const t = useT();
  return (
    <article className="page">
      <PageHeader title={t('legal.title')} back />
      <p className="muted small">{t('legal.updated')}</p>
      <p>{t('legal.intro')}</p>
      {SECTIONS.map((section) => (
        <section key={section} className="card">
          <h2>{t(`legal.${section}.title`)}</h2>
          <p style={{ margin: 0 }}>{t(`legal.${section}.text`)}</p>
        </section>
      ))}
    </article>
  );
}
