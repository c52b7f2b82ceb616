/** CreateTestPayment (demo mode only): credits `amount` dollars at once, no money charged. */
import type { CallAnswer } from '@seer/contract';
import { callApi } from '../../lib/api-client';

export function createTestPayment(amount: string): Promise<CallAnswer<'CreateTestPayment'>> {
  return callApi('CreateTestPayment', { body: { amount } });
}
