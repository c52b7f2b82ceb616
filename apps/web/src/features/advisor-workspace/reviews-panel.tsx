/** What users wrote about this advisor (GetReviews with their own manager id). */
import { formatDate, useT } from '../../lib/i18n';
import { StarRating } from '../../shared/ui/star-rating';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { useOwnReviews } from './api/get-reviews';

export function ReviewsPanel({
  managerId,
  rating,
  count,
}: {
  managerId: number;
  rating: number;
  count: number;
}) {
  const t = useT();
  const reviews = useOwnReviews(managerId);
  if (reviews.status === 'loading') return <LoadingState />;
  if (reviews.status === 'error')
    return <ErrorState message={t('workspace.reviewsError')} onRetry={reviews.retry} />;
  return (
    <section aria-label={t('workspace.reviews')}>
      <p>
        <StarRating rating={rating} count={count} />
      </p>
      {reviews.data.reviews.length === 0 ? (
        <EmptyState message={t('workspace.noReviews')} />
      ) : (
        <ul className="list">
          {reviews.data.reviews.map((review) => (
            <li key={review.id} className="card workspace-review">
              <div className="workspace-dialog-top">
                <strong>{review.author}</strong>
                <span className="small muted">
                  {formatDate(new Date(review.created_at), {
                    day: 'numeric',
                    month: 'short',
                    year: 'numeric',
                  })}
                </span>
              </div>
              <StarRating rating={review.rating} />
              {review.text && <p>{review.text}</p>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
