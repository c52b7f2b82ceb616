/**
 * The device's time zone, told to the server once (and again when it changes) so the bot keeps
 * quiet at night where the user is (docs/decisions/027-favourites-and-notifications.md).
 */
import { callApi } from '../../lib/api-client';
import { deviceTimeZone } from '../../lib/device-time-zone';

const REPORTED_KEY = 'seer.timeZoneReported';

export function reportTimeZone(): void {
  const zone = deviceTimeZone();
  try {
    if (localStorage.getItem(REPORTED_KEY) === zone) return;
  } catch {
    return;
  }
  callApi('SetTimeZone', { body: { time_zone: zone } })
    .then(() => {
      try {
        localStorage.setItem(REPORTED_KEY, zone);
      } catch {
        // not remembered: told again next launch
      }
    })
    .catch(() => {});
}
