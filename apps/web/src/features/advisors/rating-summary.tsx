/**
 * The top of an advisor's reviews on the profile (decision 051): the average, a bar per number of
 * stars with its count (over all reviews), and the three most helpful reviews, shown before the
 * rest of the profile so a reader sees what clients say without scrolling.
 */
import type { RatingBreakdown, Review } from '@seer/contract';
import { formatDate, formatNumber, useT } from '../../lib/i18n';
import styles from './rating-summary.module.css';
import { StarRating } from '../../shared/ui/star-rating';
import { SkeletonLine, skeletonKeys } from '../../shared/ui/skeleton';

/** At most this many "most helpful" reviews are shown under the breakdown. */
const HELPFUL_SHOWN = 3;

/** Each star count's share of all reviews, in whole per cent (0 without reviews). */
export function breakdownShares(
  breakdown: RatingBreakdown,
): { stars: number; count: number; share: number }[] {
  const total = breakdown.reduce((sum, row) => sum + row.count, 0);
  return [...breakdown]
    .sort((a, b) => b.stars - a.stars)
    .map((row) => ({ ...row, share: total === 0 ? 0 : Math.round((row.count / total) * 100) }));
}

export function ReviewItem({ review, compact = false }: { review: Review; compact?: boolean }) {
  const t = useT();
  return (
    <li className="review">
      <div className="review-top">
        <strong>{review.author || t('advisors.anonymous')}</strong>
        {compact && <StarRating rating={review.rating} />}
        <span className="small muted">
          {formatDate(new Date(review.created_at), {
            day: 'numeric',
            month: 'short',
            year: 'numeric',
          })}
        </span>
      </div>
      {!compact && <StarRating rating={review.rating} />}
      {review.text && <p lang={review.text_language ?? undefined}>{review.text}</p>}
    </li>
  );
}

export function RatingSummary({
  rating,
  breakdown,
  helpful,
}: {
  rating: number;
  breakdown: RatingBreakdown;
  helpful: Review[];
}) {
  const t = useT();
  const rows = breakdownShares(breakdown);
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  return (
    <section className={`card ${styles.summary}`} aria-labelledby="rating-summary-title">
      <h2 id="rating-summary-title" className="visually-hidden">
        {t('advisors.ratingTitle')}
      </h2>
      <div className={styles.top}>
        <div className={styles.average}>
          <strong>{formatNumber(rating)}</strong>
          <StarRating rating={rating} />
          <span className="small muted">{t('advisors.reviewCount', { count: total })}</span>
        </div>
        <ul className={styles.bars}>
          {rows.map((row) => (
            <li
              key={row.stars}
              aria-label={t('advisors.starsRow', { stars: row.stars, count: row.count })}
            >
              <span aria-hidden="true" className={styles.label}>
                {row.stars}★
              </span>
              <span aria-hidden="true" className={styles.bar}>
                <span style={{ width: `${row.share}%` }} />
              </span>
              <span aria-hidden="true" className={`small muted ${styles.count}`}>
                {formatNumber(row.count)}
              </span>
            </li>
          ))}
        </ul>
      </div>
      {helpful.length > 0 && (
        <>
          <h3 className={styles.helpfulTitle}>{t('advisors.mostHelpful')}</h3>
          <ul className={`list review-list ${styles.helpful}`} data-testid="helpful-reviews">
            {helpful.map((review) => (
              <ReviewItem key={review.id} review={review} compact />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** A review's shape while reviews load (inside a Skeleton). */
export function ReviewItemSkeleton({ compact = false }: { compact?: boolean }) {
  return (
    <li className="review">
      <div className="review-top">
        <SkeletonLine width="35%" />
        <SkeletonLine width="22%" className="small" />
      </div>
      {!compact && <SkeletonLine width={96} />}
      <SkeletonLine width="90%" />
      {/* The most helpful reviews show three lines of their text. */}
      {compact && <SkeletonLine width="95%" />}
      <SkeletonLine width="60%" />
    </li>
  );
}

/**
 * The summary's shape while reviews load (inside a Skeleton): the average, five bars and the most
 * helpful reviews of an advisor with `reviews` reviews.
 */
export function RatingSummarySkeleton({ reviews }: { reviews: number }) {
  return (
    <div className={`card ${styles.summary}`}>
      <div className={styles.top}>
        <div className={styles.average}>
          <strong>
            <SkeletonLine width="1.8em" />
          </strong>
          <SkeletonLine width={96} />
          <SkeletonLine width="70%" className="small" />
        </div>
        <ul className={styles.bars}>
          {[5, 4, 3, 2, 1].map((stars) => (
            <li key={stars}>
              <SkeletonLine width="100%" />
              <span className={styles.bar} />
              <SkeletonLine width="100%" />
            </li>
          ))}
        </ul>
      </div>
      <div className={styles.helpfulTitle}>
        <SkeletonLine width="40%" />
      </div>
      <ul className={`list review-list ${styles.helpful}`}>
        {skeletonKeys(Math.min(reviews, HELPFUL_SHOWN)).map((key) => (
          <ReviewItemSkeleton key={key} compact />
        ))}
      </ul>
    </div>
  );
}
