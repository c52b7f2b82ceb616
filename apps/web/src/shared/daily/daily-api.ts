/** The daily ritual's calls and the device's time zone. */
import { callApi } from '../../lib/api-client';

/** The shared cache key of GetDailyRitual. */
export const RITUAL_KEY = 'daily:ritual';

export const loadRitual = () => callApi('GetDailyRitual');

/** The device's IANA time zone (what "today" and the morning hour are read in). */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
