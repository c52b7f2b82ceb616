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
        <p className={styles.moon} aria-hidden="true">
          🌙
        </p>
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
