/** /operator/:id and /operator_profile/:id: the advisor's live profile with reviews. */
import { useParams } from 'wouter';
import { findCategory, type Review } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { formatNumber, formatPricePerMessage, hasText, useLocale, useT } from '../../lib/i18n';
import { languageNames } from './advisor-languages';
import { ShareAdvisorButton } from './share-advisor-button';
import { AdvisorAway, AdvisorHours } from '../../shared/advisor-hours/advisor-hours';
import { hasFreeMessages, useCurrentUser } from '../../lib/user';
import { useData } from '../../lib/use-data';
import { Avatar } from '../../shared/ui/avatar';
import { ButtonLink } from '../../shared/ui/button';
import { useMainButton } from '../../shared/ui/main-button';
import { PageHeader } from '../../shared/ui/page-header';
import { StarRating } from '../../shared/ui/star-rating';
import { FavouriteButton } from '../../shared/favourites/favourite-button';
import { AdvisorSafetyActions } from '../../shared/safety/advisor-safety-actions';
import { ResponseTime } from '../../shared/response-time/response-time';
import { isApiError } from '../../lib/api-client';
import {
  Skeleton,
  SkeletonBlock,
  SkeletonCircle,
  SkeletonLine,
  skeletonKeys,
} from '../../shared/ui/skeleton';
import { AdvisorNotFound, ErrorState } from '../../shared/ui/states';
import {
  RatingSummary,
  RatingSummarySkeleton,
  ReviewItem,
  ReviewItemSkeleton,
} from './rating-summary';
import hero from './advisor-hero.module.css';
import './advisors.css';

/** "Message this advisor": Telegram's MainButton inside Telegram, a sticky button elsewhere. */
function MessageAction({ advisorId, text }: { advisorId: number; text: string }) {
  const button = useMainButton({ text, href: `/chat/${advisorId}` });
  return button && <div className="sticky-action">{button}</div>;
}

/** A review of 4 or 5 stars counts as positive. */
const POSITIVE_RATING = 4;
const TOPICS = ['love', 'relationships', 'career', 'future', 'family', 'spiritual'] as const;
/** Reviews drawn while they load, at most (the advisor may have fewer). */
const SKELETON_REVIEWS = 3;
/** What the profile's skeleton assumes before the advisor's own count is known. */
const TYPICAL_REVIEWS = 3;

function useReviews(advisorId: number) {
  const locale = useLocale();
  return useData(`reviews:${advisorId}:${locale}`, () =>
    callApi('GetReviews', { query: { manager_id: advisorId, lang: locale } }),
  );
}

function Reviews({ advisorId, count }: { advisorId: number; count: number }) {
  const t = useT();
  const reviews = useReviews(advisorId);
  if (reviews.status === 'loading')
    return (
      <Skeleton>
        {count === 0 ? (
          <SkeletonLine width="40%" />
        ) : (
          <ul className="list review-list">
            {skeletonKeys(Math.min(count, SKELETON_REVIEWS)).map((key) => (
              <ReviewItemSkeleton key={key} />
            ))}
          </ul>
        )}
      </Skeleton>
    );
  if (reviews.status === 'error')
    return <ErrorState message={t('advisors.reviewsFailed')} onRetry={reviews.retry} />;
  if (reviews.data.reviews.length === 0) return <p className="muted">{t('advisors.noReviews')}</p>;
  return (
    <ul className="list review-list">
      {reviews.data.reviews.map((review: Review) => (
        <ReviewItem key={review.id} review={review} />
      ))}
    </ul>
  );
}

/** The rating breakdown and the most helpful reviews, right under the advisor's card. */
function ReviewsSummary({
  advisorId,
  rating,
  count,
}: {
  advisorId: number;
  rating: number;
  count: number;
}) {
  const reviews = useReviews(advisorId);
  // Its place is kept while it loads, unless the advisor has no reviews to sum up.
  if (reviews.status === 'loading' && count > 0)
    return (
      <Skeleton>
        <RatingSummarySkeleton reviews={count} />
      </Skeleton>
    );
  if (reviews.status !== 'success') return null;
  const { breakdown, most_helpful: helpful, reviews: list } = reviews.data;
  return (
    <RatingSummary
      rating={rating}
      // An older server without the breakdown: counted from the reviews it sent.
      breakdown={
        breakdown ??
        [5, 4, 3, 2, 1].map((stars) => ({
          stars,
          count: list.filter((review) => review.rating === stars).length,
        }))
      }
      helpful={helpful ?? []}
    />
  );
}

function PositiveReviews({ advisorId }: { advisorId: number }) {
  const t = useT();
  const reviews = useReviews(advisorId);
  const list = reviews.data?.reviews ?? [];
  const share = list.length
    ? Math.round(
        (list.filter((review) => review.rating >= POSITIVE_RATING).length / list.length) * 100,
      )
    : null;
  return (
    <div className="stat">
      <strong>{share === null ? '—' : `${share}%`}</strong>
      <span className="small muted">{t('advisors.positiveReviews')}</span>
    </div>
  );
}

/** The profile's shape while the advisor loads: the card, the summary, the figures, "About". */
function AdvisorProfileSkeleton() {
  const t = useT();
  return (
    <div className="page advisor-profile">
      <PageHeader title={t('advisors.profile')} back />
      <Skeleton testId="advisor-skeleton">
        <div className={`card ${hero.hero}`}>
          <div className={hero.portrait}>
            <SkeletonCircle size={84} />
            <SkeletonBlock width={60} height={20} />
          </div>
          <div className={hero.facts}>
            <SkeletonLine width="55%" />
            <SkeletonLine width={96} />
            <SkeletonLine width="45%" className="advisor-price" />
            <SkeletonLine width="80%" className="small" />
            <SkeletonLine width="50%" className="small" />
          </div>
        </div>
        <RatingSummarySkeleton reviews={TYPICAL_REVIEWS} />
        <div className="stats">
          {skeletonKeys(3).map((key) => (
            <div key={key} className="stat">
              <strong>
                <SkeletonLine width="2.5em" />
              </strong>
              <SkeletonLine width="70%" className="small" />
            </div>
          ))}
        </div>
        <div className="card">
          <h2>{t('advisors.about')}</h2>
          <SkeletonLine width="95%" />
          <SkeletonLine width="90%" />
          <SkeletonLine width="60%" />
        </div>
      </Skeleton>
    </div>
  );
}

export default function AdvisorPage() {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const advisorId = Number(id);
  const valid = Number.isInteger(advisorId) && advisorId > 0;
  const locale = useLocale();
  const advisor = useData(valid ? `advisor:${advisorId}:${locale}` : null, () =>
    callApi('GetManager', { query: { id: advisorId, lang: locale } }),
  );
  const user = useCurrentUser();

  // No such advisor (a malformed id, or the server's 404 not_found): say so, offer the list.
  if (
    !valid ||
    (advisor.status === 'error' && isApiError(advisor.error) && advisor.error.code === 'not_found')
  ) {
    return (
      <div className="page">
        <PageHeader title={t('advisors.profile')} back />
        <AdvisorNotFound />
      </div>
    );
  }
  if (advisor.status === 'loading') return <AdvisorProfileSkeleton />;
  if (advisor.status === 'error') {
    return (
      <div className="page">
        <PageHeader title={t('advisors.profile')} back />
        <ErrorState message={t('advisors.profileFailed')} onRetry={advisor.retry} />
      </div>
    );
  }

  const manager = advisor.data.manager;
  const category = findCategory(manager.category_id);
  const languages = languageNames(manager.languages);
  // The advisor has no texts in the reader's language: its own are shown, and said to be.
  const textLang = manager.text_language;
  return (
    <div className="page advisor-profile">
      <PageHeader title={manager.name} back>
        <ShareAdvisorButton advisorId={manager.manager_id} name={manager.name} />
      </PageHeader>
      {/* Compact, so the rating and the most helpful reviews are on the first screen (decision 051). */}
      <section className={`card favourite-host ${hero.hero}`} data-testid="advisor-hero">
        <FavouriteButton
          advisorId={manager.manager_id}
          name={manager.name}
          className="favourite-corner"
        />
        <div className={hero.portrait}>
          <Avatar src={manager.avatar} alt={manager.name} size={84} />
          <span className={manager.isOnline ? 'badge badge-online' : 'badge'}>
            {manager.isOnline ? t('common.online') : t('common.offline')}
          </span>
        </div>
        <div className={hero.facts}>
          <p className="advisor-category">
            {category ? t(`categories.${category.slug}`) : manager.category_name}
          </p>
          <StarRating rating={manager.rating} count={manager.reviews} />
          <p className="advisor-price">{formatPricePerMessage(manager.price_cents)}</p>
          <ResponseTime seconds={manager.median_response_seconds} />
          <p className="small muted">
            {t('advisors.languages')}: {languages || '—'}
          </p>
          <AdvisorHours advisorId={manager.manager_id} />
        </div>
      </section>

      <ReviewsSummary
        advisorId={manager.manager_id}
        rating={manager.rating}
        count={manager.reviews}
      />

      {!manager.isOnline && (
        <section className="card offline-notice" role="status">
          <AdvisorAway advisorId={manager.manager_id} />
          <p>{t('advisors.offlineNotice')}</p>
          <ButtonLink
            href={category ? `/operators/${category.id}` : '/operators'}
            variant="secondary"
            block
          >
            {t('advisors.findAdvisors')}
          </ButtonLink>
        </section>
      )}

      <div className="stats">
        <div className="stat">
          <strong>{formatNumber(manager.experience)}</strong>
          <span className="small muted">
            {t('advisors.yearsExperience', { count: manager.experience })}
          </span>
        </div>
        <div className="stat">
          <strong>{formatNumber(manager.clients)}+</strong>
          <span className="small muted">{t('advisors.clients', { count: manager.clients })}</span>
        </div>
        <PositiveReviews advisorId={manager.manager_id} />
      </div>

      <section className="card">
        <h2>{t('advisors.about')}</h2>
        {textLang !== locale && hasText(`advisors.textIn.${textLang}`) && (
          <p className="small muted">{t(`advisors.textIn.${textLang}`)}</p>
        )}
        <p lang={textLang}>{manager.description}</p>
        {manager.additional_info && (
          <>
            <h3>{t('advisors.extraInfo')}</h3>
            <p lang={textLang}>{manager.additional_info}</p>
          </>
        )}
        <h3>{t('advisors.topics')}</h3>
        <ul className="topics">
          {TOPICS.map((topic) => (
            <li key={topic} className="badge">
              {t(`advisors.topic.${topic}`)}
            </li>
          ))}
        </ul>
      </section>

      <section className="card">
        <h2>
          {t('advisors.reviews')} ({manager.reviews})
        </h2>
        <Reviews advisorId={manager.manager_id} count={manager.reviews} />
      </section>

      <AdvisorSafetyActions advisorId={manager.manager_id} name={manager.name} />

      <MessageAction
        advisorId={manager.manager_id}
        text={hasFreeMessages(user.data) ? t('common.startForFree') : t('common.message')}
      />
    </div>
  );
}
