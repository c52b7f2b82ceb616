/** How the profile's fields read on screen, with their fallbacks. */
import { formatAmount, formatDate, t } from '../../lib/i18n';
import { isDemoGuest, type CurrentUser } from '../../lib/user';

export function displayName(user: CurrentUser | undefined): string {
  // The name the user gave in Edit Profile first, then the Telegram username (else 'User');
  // a demo guest is called "Guest" in the current language.
  if (isDemoGuest(user)) return t('common.guestName');
  return user?.name || user?.username || user?.first_name || t('settings.defaultUser');
}

export function birthDateText(user: CurrentUser | undefined): string {
  if (!user?.birthdate) return t('settings.notSpecified');
  const date = new Date(`${user.birthdate}T00:00:00`);
  return Number.isNaN(date.getTime())
    ? user.birthdate
    : formatDate(date, { day: 'numeric', month: 'long', year: 'numeric' });
}

export function signText(user: CurrentUser | undefined): string {
  return user?.horoscope ? t(`zodiac.${user.horoscope}`) : t('settings.notSpecified');
}

/** The balance in the user's language ("$12.50", "12,50 $"); zero until it is known. */
export function balanceText(user: CurrentUser | undefined): string {
  return formatAmount(user?.balance_cents ?? 0);
}

export function photoOf(user: CurrentUser | undefined): string | null {
  return user?.photo_url || user?.userInfo.photo_url || null;
}
