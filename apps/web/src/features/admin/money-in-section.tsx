/** Money received: TON deposits no user could be matched to (assign one), and Telegram Stars payments (refund one). */
import { AdminList } from './admin-list';
import { useState } from 'react';
import type { Locale } from '@seer/contract';
import { formatAmount, formatDate, useLocale, useT } from '../../lib/i18n';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { showToast } from '../../shared/ui/toast';
import { assignDeposit } from './api/assign-deposit';
import { useDeposits, type AdminDepositRow } from './api/list-deposits';
import { refundStars } from './api/refund-stars';
import { useStarsPayments } from './api/stars-payments';
import { ConfirmAction, refusalText } from './confirm-action';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * Nanotons as TON to the last nanoton (an admin assigns exactly what arrived), without floating
 * point, with the language's decimal mark.
 */
function tonText(nanotons: string, locale: Locale): string {
  const digits = nanotons.replace(/^0+(?=\d)/, '').padStart(10, '0');
  const whole = digits.slice(0, -9);
  const fraction = digits.slice(-9).replace(/0+$/, '');
  return fraction ? `${whole}${locale === 'ru' ? ',' : '.'}${fraction}` : whole;
}

function parseTelegramId(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,16}$/.test(trimmed)) return null;
  const id = Number(trimmed);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function DepositRow({ deposit, onAssigned }: { deposit: AdminDepositRow; onAssigned: () => void }) {
  const t = useT();
  const locale = useLocale();
  const [target, setTarget] = useState('');
  const telegramId = parseTelegramId(target);
  return (
    <li className="card">
      <div className="admin-row">
        <span className="admin-grow">
          <strong>
            {formatAmount(deposit.amount_cents)} · {tonText(deposit.amount_nanotons, locale)} TON
          </strong>
          <span className="small muted admin-block">
            #{deposit.id} · {formatDate(new Date(deposit.tx_time), DATE_TIME)}
          </span>
          <span className="small admin-block">
            {t('admin.deposits.memo', { memo: deposit.comment ?? t('admin.deposits.noMemo') })}
          </span>
          {deposit.note && (
            <span className="small muted admin-block" data-testid="deposit-note">
              {t('admin.deposits.note', { note: deposit.note })}
            </span>
          )}
          {deposit.source && (
            <span className="small muted admin-block admin-mono">
              {t('admin.deposits.from', { address: deposit.source })}
            </span>
          )}
        </span>
      </div>
      <div className="field">
        <label htmlFor={`assign-${deposit.id}`}>{t('admin.deposits.assignTo')}</label>
        <input
          id={`assign-${deposit.id}`}
          className="input"
          inputMode="numeric"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
        />
        {target.trim() !== '' && telegramId === null && (
          <span className="field-error">{t('admin.telegramIdInvalid')}</span>
        )}
      </div>
      <ConfirmAction
        label={t('admin.deposits.assign')}
        disabled={telegramId === null}
        question={t('admin.deposits.confirmAssign', {
          amount: formatAmount(deposit.amount_cents),
          id: telegramId ?? '',
        })}
        onConfirm={async () => {
          const answer = await assignDeposit(deposit.id, telegramId!);
          showToast(
            t('admin.deposits.assigned', {
              amount: formatAmount(answer.credited_cents),
              id: telegramId!,
            }),
            'success',
          );
          onAssigned();
        }}
      />
    </li>
  );
}

export function DepositsSection() {
  const t = useT();
  const deposits = useDeposits();
  if (deposits.status === 'loading') return <LoadingState />;
  if (deposits.status === 'error')
    return (
      <ErrorState
        message={refusalText(deposits.error, t('admin.loadError'))}
        onRetry={deposits.retry}
      />
    );
  return (
    <section aria-label={t('admin.section.deposits')}>
      <p className="small muted">{t('admin.deposits.hint')}</p>
      {deposits.data.deposits.length === 0 ? (
        <EmptyState message={t('admin.deposits.none')} />
      ) : (
        <ul className="list admin-list">
          {deposits.data.deposits.map((deposit) => (
            <DepositRow
              key={deposit.id}
              deposit={deposit}
              onAssigned={() => void deposits.refetch()}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

export function StarsSection() {
  const t = useT();
  const [filter, setFilter] = useState('');
  const userId = parseTelegramId(filter);
  const payments = useStarsPayments(userId);
  return (
    <section aria-label={t('admin.section.stars')}>
      <div className="field">
        <label htmlFor="stars-user">{t('admin.stars.filter')}</label>
        <input
          id="stars-user"
          className="input"
          inputMode="numeric"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        />
      </div>
      <AdminList data={payments} items={(answer) => answer.payments} empty={t('admin.stars.none')}>
        {(payment) => (
          <li key={payment.telegram_payment_charge_id} className="card">
            <strong>
              {t('admin.stars.amount', {
                count: payment.stars,
                amount: formatAmount(payment.amount_cents),
              })}
            </strong>
            <span className="small muted admin-block">
              #{payment.telegram_user_id} · {formatDate(new Date(payment.created_at), DATE_TIME)}
            </span>
            <span className="small muted admin-block admin-mono">
              {payment.telegram_payment_charge_id}
            </span>
            {payment.refunded_at ? (
              <span className="small admin-block">
                {t('admin.stars.refundedAt', {
                  date: formatDate(new Date(payment.refunded_at), DATE_TIME),
                })}
              </span>
            ) : (
              <ConfirmAction
                variant="outline"
                label={t('admin.stars.refund')}
                question={t('admin.stars.confirmRefund', {
                  count: payment.stars,
                  amount: formatAmount(payment.amount_cents),
                  id: payment.telegram_user_id,
                })}
                onConfirm={async () => {
                  const answer = await refundStars(payment.telegram_payment_charge_id);
                  showToast(
                    t('admin.stars.refunded', { amount: formatAmount(answer.debited_cents) }),
                    'success',
                  );
                  await payments.refetch();
                }}
              />
            )}
          </li>
        )}
      </AdminList>
    </section>
  );
}
