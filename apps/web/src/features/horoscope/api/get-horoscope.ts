/** GetHoroscope: the day's horoscope computed on the server from the sky and the birth data. */
import type { Locale } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { deviceTimeZone } from '../../../lib/device-time-zone';
import { useData } from '../../../lib/use-data';

export type HoroscopeDay = 'today' | 'tomorrow';

/**
 * `birthKey` names the birth data the answer was computed from, so an edited profile asks again;
 * null waits (no birth date: the page shows the sign of the day without asking).
 */
export function useHoroscope(day: HoroscopeDay, lang: Locale, birthKey: string | null) {
  // The device's time zone decides which calendar day "today" is on the server.
  const tz = deviceTimeZone();
  return useData(birthKey === null ? null : `horoscope:${day}:${lang}:${tz}:${birthKey}`, () =>
    callApi('GetHoroscope', { query: { day, lang, tz } }),
  );
}
