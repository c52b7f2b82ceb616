/** An advisor's line in the admin list: how many users hearted them, and how many asked to be told when they come online. */
import { useT } from '../../lib/i18n';
import { useFavouriteCounts } from './api/favourite-counts';

export function FavouriteCount({ advisorId }: { advisorId: number }) {
  const t = useT();
  const counts = useFavouriteCounts();
  const row = counts.data?.advisors.find((item) => item.manager_id === advisorId);
  if (!counts.data) return null;
  return (
    <div className="small muted" data-testid={`admin-favourites-${advisorId}`}>
      {t('admin.favourites.count', { count: row?.favourites ?? 0 })} ·{' '}
      {t('admin.favourites.alerts', { count: row?.alerts ?? 0 })}
    </div>
  );
}
