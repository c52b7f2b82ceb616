/** ExportMyData and DeleteAccount: the user's data file, and the deletion's two steps. */
import { callApi } from '../../../lib/api-client';

export function exportMyData() {
  return callApi('ExportMyData', { body: {} });
}

/** The first step: answers the confirm token and what deleting gives up. */
export function askAccountDeletion() {
  return callApi('DeleteAccount', { body: {} });
}

export function confirmAccountDeletion(confirmToken: string) {
  return callApi('DeleteAccount', { body: { confirm_token: confirmToken } });
}
