/** AdminPayouts: each advisor's earnings in a period (dates inclusive; empty = open-ended). */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { payoutsPrefix } from './keys';

export interface Period {
  from: string;
  to: string;
}

function periodQuery(period: Period): { from?: string; to?: string } {
  return { ...(period.from ? { from: period.from } : {}), ...(period.to ? { to: period.to } : {}) };
}

export function usePayouts(period: Period) {
  return useData(`${payoutsPrefix}${period.from}:${period.to}`, () =>
    callApi('AdminPayouts', { query: periodQuery(period) }),
  );
}
