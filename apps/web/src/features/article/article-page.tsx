/** /article: how Seer selects its advisors (testing, history and reviews, interview, trial). */
import { useT } from '../../lib/i18n';
import { ButtonLink } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';

const STEPS = ['testing', 'history', 'interview', 'trial'] as const;

export default function ArticlePage() {
  const t = useT();
  return (
    <article className="page">
      <PageHeader title={t('article.title')} back />
      <p>{t('article.intro')}</p>
      <ol className="list">
        {STEPS.map((step, index) => (
          <li key={step} className="card">
            <h2>
              {index + 1}. {t(`article.${step}.title`)}
            </h2>
            <p className="muted" style={{ margin: 0 }}>
              {t(`article.${step}.text`)}
            </p>
          </li>
        ))}
      </ol>
      <p>{t('article.outro')}</p>
      <ButtonLink href="/operators" block>
        {t('article.action')}
      </ButtonLink>
      <ButtonLink href="/apply" variant="secondary" block>
        {t('apply.entry')}
      </ButtonLink>
    </article>
  );
}
