/** AdminCryptoPayments: NOWPayments payments, most recently updated first, optionally of one status. */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../../lib/api-client';
import { useData } from '../../../lib/use-data';
import { ADMIN_KEY } from './keys';

export type AdminCryptoPaymentRow = CallAnswer<'AdminCryptoPayments'>['payments'][number];
export type CryptoStatusFilter = 'partially_paid' | null;

export function useCryptoPayments(status: CryptoStatusFilter) {
  return useData(`${ADMIN_KEY}crypto:${status ?? ''}`, () =>
    callApi('AdminCryptoPayments', { query: status === null ? {} : { status } }),
  );
}
