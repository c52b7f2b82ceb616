/** The daily ritual's calls. */
import { callApi } from '../../lib/api-client';

/** The shared cache key of GetDailyRitual. */
export const RITUAL_KEY = 'daily:ritual';

export const loadRitual = () => callApi('GetDailyRitual');
