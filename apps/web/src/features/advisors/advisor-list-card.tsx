/** One advisor in a category list: avatar, rating, name, description, languages, category, experience, usual answer time, price. */
import { Link } from 'wouter';
import { findCategory, type Advisor } from '@seer/contract';
import { formatPricePerMessage, useT } from '../../lib/i18n';
import { languageNames } from './advisor-languages';
import { Avatar } from '../../shared/ui/avatar';
import { StarRating } from '../../shared/ui/star-rating';
import { FavouriteButton } from '../../shared/favourites/favourite-button';
import { ResponseTime } from '../../shared/response-time/response-time';
import { SkeletonCircle, SkeletonLine } from '../../shared/ui/skeleton';

export function AdvisorListCard({ advisor }: { advisor: Advisor }) {
  const t = useT();
  const category = findCategory(advisor.category_id);
  return (
    <div className="favourite-host">
      <Link href={`/operator/${advisor.manager_id}`} className="card advisor-card">
        <Avatar src={advisor.avatar} alt="" size={64} online={advisor.isOnline} />
        <span className="advisor-card-body">
          <span className="advisor-card-top">
            <strong>{advisor.name}</strong>
            <StarRating rating={advisor.rating} count={advisor.reviews} />
          </span>
          <span className="small muted">
            {category ? t(`categories.${category.slug}`) : advisor.category_name} ·{' '}
            <span className="advisor-card-years">
              {t('advisors.years', { count: advisor.experience })}
            </span>
          </span>
          <span className="advisor-card-description small" lang={advisor.text_language}>
            {advisor.description}
          </span>
          {advisor.languages.length > 0 && (
            <span className="advisor-card-languages small muted">
              {t('advisors.languages')}: {languageNames(advisor.languages)}
            </span>
          )}
          <ResponseTime seconds={advisor.median_response_seconds} />
          <span className="advisor-card-price">{formatPricePerMessage(advisor.price_cents)}</span>
        </span>
      </Link>
      <FavouriteButton
        advisorId={advisor.manager_id}
        name={advisor.name}
        className="favourite-corner"
      />
    </div>
  );
}

/**
 * The card's shape while the list loads (inside a Skeleton): the same card, a line per fact as
 * they wrap on a phone (the rating under the name, the years under the category).
 */
export function AdvisorListCardSkeleton() {
  return (
    <div className="card advisor-card">
      <SkeletonCircle size={64} />
      <span className="advisor-card-body">
        <SkeletonLine width="45%" />
        <SkeletonLine width={96} />
        <SkeletonLine width="50%" className="small" />
        <SkeletonLine width="60%" className="small" />
        <SkeletonLine width="95%" className="small" />
        <SkeletonLine width="80%" className="small" />
        <SkeletonLine width="65%" className="small" />
        <SkeletonLine width="35%" />
      </span>
    </div>
  );
}
