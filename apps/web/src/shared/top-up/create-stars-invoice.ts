/** CreateStarsInvoice: a Telegram Stars invoice link for a top-up of `amount` dollars. */
import { callApi } from '../../lib/api-client';

export async function createStarsInvoice(amount: string): Promise<string> {
  const answer = await callApi('CreateStarsInvoice', { body: { amount } });
  return answer.invoice_link;
}
