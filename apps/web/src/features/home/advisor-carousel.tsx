/** A swipeable row of advisors, two per view, snapping per slide. */
import { useRef } from 'react';
import type { Advisor } from '@seer/contract';
import { formatPricePerMessage, useT } from '../../lib/i18n';
import { Avatar } from '../../shared/ui/avatar';
import { ButtonLink } from '../../shared/ui/button';
import { BackIcon, ChevronIcon } from '../../shared/ui/icons';
import { StarRating } from '../../shared/ui/star-rating';
import { FavouriteButton } from '../../shared/favourites/favourite-button';
import {
  SkeletonBlock,
  SkeletonCircle,
  SkeletonLine,
  skeletonKeys,
} from '../../shared/ui/skeleton';

/** Two slides are in view at a time. */
const SLIDES_IN_VIEW = 2;

interface Props {
  advisors: Advisor[];
  freeMessages: boolean;
  /** The list's accessible name (the top love-life advisors unless said). */
  label?: string;
}

export function AdvisorCarousel({ advisors, freeMessages, label }: Props) {
  const t = useT();
  const track = useRef<HTMLUListElement>(null);
  const scroll = (direction: 1 | -1) => {
    const element = track.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className="carousel">
      <ul className="carousel-track" ref={track} aria-label={label ?? t('home.topLoveLife')}>
        {advisors.map((advisor) => (
          <li key={advisor.manager_id} className="carousel-slide card favourite-host">
            <FavouriteButton
              advisorId={advisor.manager_id}
              name={advisor.name}
              className="favourite-corner"
            />
            <Avatar src={advisor.avatar} alt="" size={72} online={advisor.isOnline} />
            <StarRating rating={advisor.rating} />
            <strong className="carousel-name">{advisor.name}</strong>
            <span className="small muted">{formatPricePerMessage(advisor.price_cents)}</span>
            <ButtonLink
              href={`/chat/${advisor.manager_id}`}
              block
              aria-label={`${freeMessages ? t('common.startForFree') : t('common.message')}: ${advisor.name}`}
            >
              {freeMessages ? t('common.startForFree') : t('common.message')}
            </ButtonLink>
          </li>
        ))}
      </ul>
      {advisors.length > SLIDES_IN_VIEW && (
        <div className="carousel-controls">
          <button
            type="button"
            className="icon-button"
            aria-label={t('home.previous')}
            onClick={() => scroll(-1)}
          >
            <BackIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label={t('home.next')}
            onClick={() => scroll(1)}
          >
            <ChevronIcon />
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * The row's shape while advisors load (inside a Skeleton): the two slides in view, and the arrows
 * when the row will have more than two advisors.
 */
export function AdvisorCarouselSkeleton({ count }: { count: number }) {
  return (
    <div className="carousel">
      <ul className="carousel-track">
        {skeletonKeys(Math.min(count, SLIDES_IN_VIEW)).map((key) => (
          <li key={key} className="carousel-slide card">
            <SkeletonCircle size={72} />
            <SkeletonLine width={96} />
            <SkeletonLine width="70%" />
            <SkeletonLine width="55%" className="small" />
            <SkeletonBlock height="var(--tap)" />
          </li>
        ))}
      </ul>
      {count > SLIDES_IN_VIEW && (
        <div className="carousel-controls">
          <SkeletonCircle size={44} />
          <SkeletonCircle size={44} />
        </div>
      )}
    </div>
  );
}
