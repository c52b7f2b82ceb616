/** The list screen's "Favourites" filter: only the advisors the user hearted (a toggle chip). */
import { Heart } from 'lucide-react';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';

export function FavouritesFilter({
  value,
  onChange,
}: {
  value: boolean;
  onChange: (next: boolean) => void;
}) {
  const t = useT();
  return (
    <div className="sort-bar">
      <button
        type="button"
        className="chip favourites-chip"
        aria-pressed={value}
        onClick={() => {
          haptic.selection();
          onChange(!value);
        }}
      >
        <Heart aria-hidden="true" width={16} height={16} />
        {t('favourites.filter')}
      </button>
    </div>
  );
}
