/** /dream — describe a dream and send it to a dream interpreter (category 3), as the tarot request. */
import { useT } from '../../lib/i18n';
import { PageHeader } from '../../shared/ui/page-header';
import { RequestForm } from '../../shared/advisor-request/request-form';
import styles from './dream.module.css';

export default function DreamPage() {
  const t = useT();
  return (
    <div className="page">
      <PageHeader title={t('dream.title')} back />
      <section className="card card-hero">
        <svg className={styles.moon} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <path d="M30 6a18 18 0 1 0 12 30A15 15 0 0 1 30 6z" fill="#f3c969" />
          <circle cx="38" cy="12" r="1.6" fill="#ffffff" />
          <circle cx="43" cy="22" r="1.1" fill="#ffffff" />
        </svg>
        <p>{t('dream.intro')}</p>
      </section>
      <RequestForm
        requestType="dream"
        texts={{
          title: t('dream.formTitle'),
          messageLabel: t('dream.messageLabel'),
          placeholder: t('dream.placeholder'),
          messageRequired: t('dream.messageRequired'),
          advisorLabel: t('dream.advisorLabel'),
          advisorRequired: t('dream.advisorRequired'),
          noAdvisors: t('dream.noAdvisors'),
        }}
      />
    </div>
  );
}
