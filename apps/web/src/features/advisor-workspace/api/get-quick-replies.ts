/** ManagerGetQuickReplies: the advisor's quick replies, per language, in their order. */
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { quickRepliesKey } from './keys';

export function useQuickReplies() {
  return useData(quickRepliesKey, () => callApi('ManagerGetQuickReplies'));
}
