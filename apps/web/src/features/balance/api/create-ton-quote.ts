/**
 * CreateTonQuote: a TON quote for a top-up of `amount` dollars (decision 037): its own memo, the
 * nanotons to send and the cents credited at the quoted rate, valid for 15 minutes.
 */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../../lib/api-client';

export type TonQuote = CallAnswer<'CreateTonQuote'>;

export function createTonQuote(amount: string): Promise<TonQuote> {
  return callApi('CreateTonQuote', { body: { amount } });
}
