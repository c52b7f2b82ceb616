/**
 * The admin's payout queue (decision 047): open requests oldest first, up to four chosen and paid
 * with one TON Connect transaction from the operator's wallet. The server records the batch as
 * sent before the wallet is asked; the deposit watcher marks each payout paid when its message
 * leaves the wallet, or returns it once the batch can no longer be sent.
 */
import { lazy, Suspense, useCallback, useState } from 'react';
import { formatTonAmount, type AdminPayout } from '@seer/contract';
import { formatAmount, formatDate, useLocale, useT } from '../../lib/i18n';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/toast';
import { AdminList } from './admin-list';
import { refusalText } from './confirm-action';
import { createPayoutBatch, refreshPayouts, usePayoutQueue } from './payouts-api';
import type { ConnectedWallet } from '../../shared/ton-wallet/ton-connect';
import './payouts-queue.css';

// The operator's wallet through TON Connect: a lazy chunk, as the top-up's wallet.
const PayoutsWallet = lazy(() => import('../../shared/ton-wallet/ton-connect'));

function short(address: string): string {
  return address.length > 16 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;
}

export function PayoutsQueue() {
  const t = useT();
  const locale = useLocale();
  const queue = usePayoutQueue();
  const [chosen, setChosen] = useState<number[]>([]);
  const [wallet, setWallet] = useState<ConnectedWallet | null>(null);
  const [busy, setBusy] = useState(false);
  const onWallet = useCallback((w: ConnectedWallet | null) => setWallet(w), []);
  const data = queue.status === 'success' ? queue.data : null;
  const max = data?.max_batch ?? 4;
  // The wallet widget (and the wallets list it fetches) only when there is something to pay.
  const payable = data?.payouts.some((p) => p.status === 'requested') ?? false;

  const toggle = (id: number) =>
    setChosen((ids) =>
      ids.includes(id) ? ids.filter((x) => x !== id) : ids.length < max ? [...ids, id] : ids,
    );

  const pay = async () => {
    if (!wallet || chosen.length === 0) return;
    setBusy(true);
    try {
      const batch = await createPayoutBatch(chosen, wallet.address);
      setChosen([]);
      try {
        await wallet.send({
          validUntil: batch.valid_until,
          network: batch.network,
          messages: batch.messages,
        });
        showToast(t('payouts.queue.sent', { count: batch.messages.length }), 'success');
      } catch {
        showToast(t('payouts.queue.walletFailed'), 'error');
      }
    } catch (failure) {
      showToast(refusalText(failure, t('payouts.queue.error')), 'error');
    } finally {
      setBusy(false);
      refreshPayouts();
    }
  };

  const statusOf = (p: AdminPayout) =>
    p.mismatch_tx_hash ? t('payouts.queue.mismatch') : t(`payouts.status.${p.status}`);

  return (
    <section aria-label={t('payouts.queue.title')} className="card admin-payout-queue">
      <h2>{t('payouts.queue.title')}</h2>
      {data && !data.wallet ? (
        <p className="small muted">{t('payouts.queue.noWallet')}</p>
      ) : (
        <>
          <p className="small muted">
            {t('payouts.queue.hint', { max, wallet: data?.wallet ? short(data.wallet) : '—' })}
          </p>
          {payable && (
            <Suspense fallback={null}>
              <PayoutsWallet onChange={onWallet} />
            </Suspense>
          )}
          <Button
            busy={busy}
            busyLabel={t('admin.working')}
            disabled={!wallet || chosen.length === 0}
            onClick={() => void pay()}
          >
            {chosen.length === 0
              ? t('payouts.queue.payNone')
              : t('payouts.queue.pay', { count: chosen.length })}
          </Button>
        </>
      )}
      <AdminList data={queue} items={(answer) => answer.payouts} empty={t('payouts.queue.empty')}>
        {(p) => (
          <li key={p.id} className="admin-payout-row">
            <label>
              <input
                type="checkbox"
                disabled={p.status !== 'requested' || !data?.wallet}
                checked={chosen.includes(p.id)}
                onChange={() => toggle(p.id)}
                aria-label={t('payouts.queue.choose', { id: p.id, name: p.name })}
              />
              <span>
                <strong>
                  #{p.id} {p.name}
                </strong>{' '}
                {formatAmount(p.amount_cents)}
                {p.amount_nanotons && ` · ${formatTonAmount(BigInt(p.amount_nanotons), locale)}`}
              </span>
            </label>
            <span className="small muted">
              {statusOf(p)} · {short(p.address) || t('payouts.outside')} ·{' '}
              {formatDate(new Date(p.created_at), { day: 'numeric', month: 'short' })}
              {p.explorer_url && (
                <>
                  {' · '}
                  <a href={p.explorer_url} target="_blank" rel="noreferrer">
                    {t('payouts.transaction')}
                  </a>
                </>
              )}
            </span>
          </li>
        )}
      </AdminList>
    </section>
  );
}
