/** /operators/:categoryId: the category tab bar, "Top {category} Advisors" and the sortable list. */
import { useEffect, useRef } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { CATEGORIES, findCategory } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { useLocale, useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { useData } from '../../lib/use-data';
import { navigate } from '../../lib/navigation';
import { PageHeader } from '../../shared/ui/page-header';
import { Skeleton, skeletonKeys } from '../../shared/ui/skeleton';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import { ButtonLink } from '../../shared/ui/button';
import { CategoryIcon } from '../../shared/ui/category-icon';
import { AdvisorListCard, AdvisorListCardSkeleton } from './advisor-list-card';
import { SORT_ORDERS, isSortOrder, sortAdvisors, type SortOrder } from './sort-advisors';
import { isFilterLanguage, type FilterLanguage } from './advisor-languages';
import { LanguageFilter } from './language-filter';
import { FavouritesFilter } from './favourites-filter';
import { useFavourites } from '../../shared/favourites/favourites';
import './advisors.css';

/** Cards drawn while the category's advisors load: more than a screenful. */
const SKELETON_CARDS = 4;

function AdvisorListSkeleton() {
  return (
    <Skeleton testId="advisors-skeleton">
      <ul className="list advisor-list">
        {skeletonKeys(SKELETON_CARDS).map((key) => (
          <li key={key}>
            <AdvisorListCardSkeleton />
          </li>
        ))}
      </ul>
    </Skeleton>
  );
}

function CategoryTabs({ activeId }: { activeId: number }) {
  const t = useT();
  const active = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    active.current?.scrollIntoView?.({ block: 'nearest', inline: 'center' });
  }, [activeId]);
  return (
    <nav className="category-tabs" aria-label={t('advisors.categories')}>
      {CATEGORIES.map((category) => (
        <Link
          key={category.id}
          href={`/operators/${category.id}`}
          ref={category.id === activeId ? active : undefined}
          aria-current={category.id === activeId ? 'page' : undefined}
          onClick={() => haptic.selection()}
        >
          <CategoryIcon slug={category.slug} /> {t(`categories.${category.slug}`)}
        </Link>
      ))}
    </nav>
  );
}

export default function CategoryPage() {
  const t = useT();
  const { categoryId } = useParams<{ categoryId: string }>();
  const search = useSearch();
  const category = findCategory(Number(categoryId));
  const locale = useLocale();
  const params = new URLSearchParams(search);
  const sortParam = params.get('sort');
  const order: SortOrder = isSortOrder(sortParam) ? sortParam : 'rating';
  const languageParam = params.get('language');
  const language: FilterLanguage | null = isFilterLanguage(languageParam) ? languageParam : null;
  const onlyFavourites = params.get('favourites') === '1';
  const favourites = useFavourites();
  const advisors = useData(
    category ? `advisors:category:${category.id}:${locale}:${language ?? ''}` : null,
    () =>
      callApi('GetManagersByCategory', {
        query: {
          category_id: category!.id,
          lang: locale,
          ...(language ? { language } : {}),
        },
      }),
  );

  if (!category) {
    return (
      <div className="page">
        <PageHeader title={t('advisors.title')} back />
        <EmptyState message={t('advisors.unknownCategory')}>
          <ButtonLink href="/operators">{t('advisors.findAdvisors')}</ButtonLink>
        </EmptyState>
      </div>
    );
  }

  const go = (
    nextOrder: SortOrder,
    nextLanguage: FilterLanguage | null,
    nextFavourites = onlyFavourites,
  ) => {
    const query = new URLSearchParams();
    if (nextOrder !== 'rating') query.set('sort', nextOrder);
    if (nextLanguage) query.set('language', nextLanguage);
    if (nextFavourites) query.set('favourites', '1');
    const tail = query.toString();
    navigate(`/operators/${category.id}${tail ? `?${tail}` : ''}`, { replace: true });
  };
  const setOrder = (next: SortOrder) => {
    haptic.selection();
    go(next, language);
  };

  const shown = onlyFavourites
    ? (advisors.data ?? []).filter((advisor) =>
        favourites.data?.manager_ids.includes(advisor.manager_id),
      )
    : (advisors.data ?? []);

  return (
    <div className="page">
      <PageHeader
        title={t('advisors.topIn', { category: t(`categories.${category.slug}`) })}
        back
      />
      <CategoryTabs activeId={category.id} />
      <div className="sort-bar" role="group" aria-label={t('advisors.sortBy')}>
        <span className="small muted" aria-hidden="true">
          {t('advisors.sortBy')}:
        </span>
        {SORT_ORDERS.map((option) => (
          <button
            key={option}
            type="button"
            className="chip"
            aria-pressed={order === option}
            onClick={() => setOrder(option)}
          >
            {t(`advisors.sort.${option}`)}
          </button>
        ))}
      </div>
      <LanguageFilter value={language} onChange={(next) => go(order, next)} />
      <FavouritesFilter value={onlyFavourites} onChange={(next) => go(order, language, next)} />
      {advisors.status === 'loading' && <AdvisorListSkeleton />}
      {advisors.status === 'error' && (
        <ErrorState message={t('advisors.loadFailed')} onRetry={advisors.retry} />
      )}
      {advisors.status === 'success' &&
        (shown.length === 0 ? (
          <EmptyState
            message={onlyFavourites ? t('favourites.filterEmpty') : t('advisors.empty')}
          />
        ) : (
          <ul className="list advisor-list">
            {sortAdvisors(shown, order).map((advisor) => (
              <li key={advisor.manager_id}>
                <AdvisorListCard advisor={advisor} />
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}
