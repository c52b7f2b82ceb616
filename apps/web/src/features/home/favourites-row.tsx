/** Home's "Your favourites": the hearted advisors, most recently added first; absent while there are none. */
import type { Advisor } from '@seer/contract';
import { useT } from '../../lib/i18n';
import { useFavourites } from '../../shared/favourites/favourites';
import { Skeleton } from '../../shared/ui/skeleton';
import { AdvisorCarousel, AdvisorCarouselSkeleton } from './advisor-carousel';

export function FavouritesRow({
  advisors,
  loading,
  freeMessages,
}: {
  advisors: readonly Advisor[] | undefined;
  /** The advisors are still loading: the row keeps its place when there are favourites. */
  loading: boolean;
  freeMessages: boolean;
}) {
  const t = useT();
  const favourites = useFavourites();
  const ids = favourites.data?.manager_ids ?? [];
  if (loading && ids.length > 0)
    return (
      <section className="home-carousel" aria-labelledby="home-favourites">
        <h2 id="home-favourites">{t('favourites.homeTitle')}</h2>
        <Skeleton>
          <AdvisorCarouselSkeleton count={ids.length} />
        </Skeleton>
      </section>
    );
  const byId = new Map((advisors ?? []).map((advisor) => [advisor.manager_id, advisor]));
  const hearted = ids.flatMap((id) => byId.get(id) ?? []);
  if (hearted.length === 0) return null;
  return (
    <section className="home-carousel" aria-labelledby="home-favourites">
      <h2 id="home-favourites">{t('favourites.homeTitle')}</h2>
      <AdvisorCarousel
        advisors={hearted}
        freeMessages={freeMessages}
        label={t('favourites.homeTitle')}
      />
    </section>
  );
}
