/** Home's "Your favourites": the hearted advisors, most recently added first; absent while there are none. */
import type { Advisor } from '@seer/contract';
import { useT } from '../../lib/i18n';
import { useFavourites } from '../../shared/favourites/favourites';
import { AdvisorCarousel } from './advisor-carousel';

export function FavouritesRow({
  advisors,
  freeMessages,
}: {
  advisors: readonly Advisor[] | undefined;
  freeMessages: boolean;
}) {
  const t = useT();
  const favourites = useFavourites();
  const ids = favourites.data?.manager_ids ?? [];
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
