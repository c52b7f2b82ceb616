/** Advisors' pending price changes at the top of the admin's advisors list: approve or refuse, each audited. */
import type { AdminPriceRequest } from '@seer/contract';
import { formatDate, formatAmount, useT } from '../../lib/i18n';
import { AdminList } from './admin-list';
import { decidePriceRequest, usePriceRequests } from './api/price-requests';
import { ConfirmAction } from './confirm-action';

function RequestRow({ request }: { request: AdminPriceRequest }) {
  const t = useT();
  const change = {
    name: request.advisor_name,
    from: formatAmount(request.current_price_cents),
    to: formatAmount(request.price_cents),
  };
  return (
    <li className="card" data-testid="price-request">
      <strong>{request.advisor_name}</strong>
      <span className="admin-block">{t('priceRequests.change', change)}</span>
      <span className="small muted admin-block">
        {t('priceRequests.asked', {
          when: formatDate(new Date(request.created_at), {
            day: 'numeric',
            month: 'short',
            hour: '2-digit',
            minute: '2-digit',
          }),
        })}
      </span>
      <div className="admin-actions">
        <ConfirmAction
          label={t('priceRequests.approve')}
          question={t('priceRequests.approveQuestion', change)}
          onConfirm={async () => void (await decidePriceRequest(request.id, true))}
        />
        <ConfirmAction
          variant="ghost"
          label={t('priceRequests.refuse')}
          question={t('priceRequests.refuseQuestion', change)}
          onConfirm={async () => void (await decidePriceRequest(request.id, false))}
        />
      </div>
    </li>
  );
}

export function PriceRequestsPanel() {
  const t = useT();
  const requests = usePriceRequests();
  return (
    <section className="admin-price-requests" aria-label={t('priceRequests.title')}>
      <h2>{t('priceRequests.title')}</h2>
      <p className="small muted">{t('priceRequests.hint')}</p>
      <AdminList
        data={requests}
        items={(answer) => answer.requests}
        empty={t('priceRequests.none')}
      >
        {(request) => <RequestRow key={request.id} request={request} />}
      </AdminList>
    </section>
  );
}
