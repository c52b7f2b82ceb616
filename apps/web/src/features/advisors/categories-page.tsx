/** /operators: "Advisors", the search field (decision 054) and the 12 categories, each opening its list. */
import { useState } from 'react';
import { Link } from 'wouter';
import { CATEGORIES } from '@seer/contract';
import { useT } from '../../lib/i18n';
import { CategoryIcon } from '../../shared/ui/category-icon';
import { ChevronIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/page-header';
import { AdvisorSearch } from './advisor-search';
import './advisors.css';

export default function CategoriesPage() {
  const t = useT();
  // While a search is typed its results take the place of the topics.
  const [searching, setSearching] = useState(false);
  return (
    <div className="page">
      <PageHeader title={t('advisors.title')} />
      <AdvisorSearch onActive={setSearching} />
      {!searching && <p className="muted">{t('advisors.intro')}</p>}
      {!searching && (
        <ul className="category-grid">
          {CATEGORIES.map((category) => (
            <li key={category.id}>
              <Link href={`/operators/${category.id}`} className="category-tile card">
                <span className="category-icon">
                  <CategoryIcon slug={category.slug} />
                </span>
                <span className="category-title">{t(`categories.${category.slug}`)}</span>
                <ChevronIcon className="chevron" width={18} height={18} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
