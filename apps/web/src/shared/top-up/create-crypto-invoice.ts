/** CreateCryptoInvoice: a NOWPayments hosted invoice (60+ coins) for a top-up of `amount` dollars. */
import { callApi } from '../../lib/api-client';

export async function createCryptoInvoice(amount: string): Promise<string> {
  const answer = await callApi('CreateCryptoInvoice', { body: { amount } });
  return answer.invoice_url;
}
