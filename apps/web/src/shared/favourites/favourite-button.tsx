/** The heart on advisor cards and the profile: a toggle button, pressed while the advisor is a favourite. */
import type { MouseEvent } from 'react';
import { Heart } from 'lucide-react';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { showToast } from '../ui/toast';
import { isFavourite, setFavourite, useFavourites } from './favourites';
import './favourites.css';

export function FavouriteButton({
  advisorId,
  name,
  className = '',
}: {
  advisorId: number;
  name: string;
  className?: string;
}) {
  const t = useT();
  const favourites = useFavourites();
  const pressed = isFavourite(favourites.data, advisorId);
  const toggle = (event: MouseEvent) => {
    // The heart may sit on a card that is a link: only the heart acts.
    event.preventDefault();
    event.stopPropagation();
    haptic.selection();
    setFavourite(advisorId, !pressed).catch(() =>
      showToast(t(pressed ? 'favourites.removeFailed' : 'favourites.addFailed'), 'error'),
    );
  };
  return (
    <button
      type="button"
      className={`icon-button favourite-button ${className}`}
      aria-pressed={pressed}
      aria-label={t('favourites.toggle', { name })}
      data-testid={`favourite-${advisorId}`}
      onClick={toggle}
    >
      <Heart aria-hidden="true" width={22} height={22} />
    </button>
  );
}
