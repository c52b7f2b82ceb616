/** GetAdvisorHours: an advisor's hours on the next seven days in the device's time zone, and their away message. */
import { callApi } from '../../lib/api-client';
import { useData } from '../../lib/use-data';

/** The device's IANA time zone ("UTC" when it cannot tell). */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function useAdvisorHours(advisorId: number, lang: string) {
  const timeZone = viewerTimeZone();
  return useData(`advisor-hours:${advisorId}:${lang}:${timeZone}`, () =>
    callApi('GetAdvisorHours', {
      query: { manager_id: advisorId, time_zone: timeZone, lang: lang as 'en' | 'ru' },
    }),
  );
}
