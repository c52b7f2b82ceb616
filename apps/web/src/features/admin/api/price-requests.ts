/** AdminPriceRequests and AdminDecidePriceRequest: advisors' pending price changes, approved or refused. */
import { callApi } from '../../../lib/api-client';
import { invalidate, useData } from '../../../lib/use-data';
import { advisorsKey, priceRequestsKey } from './keys';

export function usePriceRequests() {
  return useData(priceRequestsKey, () =>
    callApi('AdminPriceRequests', { query: { status: 'pending' } }),
  );
}

export async function decidePriceRequest(id: number, approve: boolean) {
  const { request } = await callApi('AdminDecidePriceRequest', { body: { id, approve } });
  invalidate(priceRequestsKey);
  // An approval changes the advisor's price in the list.
  if (approve) invalidate(advisorsKey);
  return request;
}
