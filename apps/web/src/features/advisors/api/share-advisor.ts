/** ShareAdvisor: a prepared Telegram message with the advisor's card, and the profile's link. */
import type { CallAnswer, Locale } from '@seer/contract';
import { callApi } from '../../../lib/api-client';

export function shareAdvisor(advisorId: number, lang: Locale): Promise<CallAnswer<'ShareAdvisor'>> {
  return callApi('ShareAdvisor', { body: { manager_id: advisorId, lang } });
}
