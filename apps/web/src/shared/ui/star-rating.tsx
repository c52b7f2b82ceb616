/** The star display (5 stars, nearest half star, optional count) and the star input of reviews. */
import { useId } from 'react';
import { formatNumber, useT } from '../../lib/i18n';

const STAR_COUNT = 5;

/** The display rounds to the nearest half star, within 0..5. */
export function roundToHalf(rating: number): number {
  if (!Number.isFinite(rating)) return 0;
  return Math.min(STAR_COUNT, Math.max(0, Math.round(rating * 2) / 2));
}

function StarShape({ fill, gradientId }: { fill: 'full' | 'half' | 'empty'; gradientId: string }) {
  const paint =
    fill === 'full'
      ? 'var(--color-star)'
      : fill === 'empty'
        ? 'var(--color-star-empty)'
        : `url(#${gradientId})`;
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-fill={fill}>
      {fill === 'half' && (
        <defs>
          <linearGradient id={gradientId}>
            <stop offset="50%" stopColor="var(--color-star)" />
            <stop offset="50%" stopColor="var(--color-star-empty)" />
          </linearGradient>
        </defs>
      )}
      <path
        fill={paint}
        d="M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5L2.5 9.4l6.6-.9z"
      />
    </svg>
  );
}

interface StarRatingProps {
  rating: number;
  /** The number of reviews, shown in brackets when given. */
  count?: number;
}

export function StarRating({ rating, count }: StarRatingProps) {
  const t = useT();
  const gradientId = useId();
  const rounded = roundToHalf(rating);
  const stars = Array.from({ length: STAR_COUNT }, (_, index) =>
    rounded >= index + 1 ? 'full' : rounded >= index + 0.5 ? 'half' : 'empty',
  );
  const label =
    count === undefined
      ? t('common.rating', { rating: formatNumber(rounded) })
      : t('common.ratingWithCount', { rating: formatNumber(rounded), count });
  return (
    <span className="stars" role="img" aria-label={label}>
      {stars.map((fill, index) => (
        <StarShape key={index} fill={fill} gradientId={gradientId} />
      ))}
      {count !== undefined && (
        <span className="small muted" aria-hidden="true">
          ({formatNumber(count)})
        </span>
      )}
    </span>
  );
}

interface StarInputProps {
  value: number;
  onChange: (value: number) => void;
}

/** Whole-star choice for a review. */
export function StarInput({ value, onChange }: StarInputProps) {
  const t = useT();
  return (
    <div className="star-input" role="radiogroup" aria-label={t('common.yourRating')}>
      {Array.from({ length: STAR_COUNT }, (_, index) => {
        const stars = index + 1;
        return (
          <button
            key={stars}
            type="button"
            role="radio"
            aria-checked={value === stars}
            aria-label={t('common.starsValue', { count: stars })}
            onClick={() => onChange(stars)}
          >
            <StarShape fill={stars <= value ? 'full' : 'empty'} gradientId="" />
          </button>
        );
      })}
    </div>
  );
}
