/** Crypto top-ups (NOWPayments), read-only: each payment's status, what was paid and what was credited; partially paid ones stand out. */
import { useState } from 'react';
import { formatMoney } from '@seer/contract';
import { formatDate, hasText, useLocale, useT } from '../../lib/i18n';
import {
  useCryptoPayments,
  type AdminCryptoPaymentRow,
  type CryptoStatusFilter,
} from './api/crypto-payments';
import { AdminList } from './admin-list';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/** A coin amount as NOWPayments writes it ("0.0042"), with the decimal comma in Russian; any precision kept. */
function coinAmount(amount: string, locale: string): string {
  return locale === 'ru' && /^\d+\.\d+$/.test(amount) ? amount.replace('.', ',') : amount;
}

function CryptoPaymentRow({ payment }: { payment: AdminCryptoPaymentRow }) {
  const t = useT();
  const locale = useLocale();
  const statusKey = `admin.crypto.status.${payment.status}`;
  const paid =
    payment.actually_paid !== null && payment.pay_currency !== null
      ? `${coinAmount(payment.actually_paid, locale)} ${payment.pay_currency.toUpperCase()}`
      : t('admin.crypto.nothingPaid');
  return (
    <li className="card" data-status={payment.status}>
      <div className="admin-row">
        <span className="admin-grow">
          <strong>
            {payment.invoice_cents === null
              ? t('admin.crypto.unmatched')
              : t('admin.crypto.invoice', { amount: formatMoney(payment.invoice_cents, locale) })}
          </strong>
          <span className="small muted admin-block">
            {payment.telegram_user_id === null ? '' : `#${payment.telegram_user_id} · `}
            {formatDate(new Date(payment.updated_at), DATE_TIME)}
          </span>
        </span>
        <span className={payment.status === 'partially_paid' ? 'field-error' : 'small'}>
          {hasText(statusKey) ? t(statusKey) : payment.status}
        </span>
      </div>
      <span className="small admin-block">{t('admin.crypto.paid', { paid })}</span>
      <span className="small admin-block">
        {payment.credited_cents > 0
          ? t('admin.crypto.credited', { amount: formatMoney(payment.credited_cents, locale) })
          : t('admin.crypto.notCredited')}
      </span>
      <span className="small muted admin-block admin-mono">
        {t('admin.crypto.paymentId', { id: payment.payment_id })}
      </span>
    </li>
  );
}

export function CryptoPaymentsSection() {
  const t = useT();
  const [status, setStatus] = useState<CryptoStatusFilter>(null);
  const payments = useCryptoPayments(status);
  return (
    <section aria-label={t('admin.section.crypto')}>
      <p className="small muted">{t('admin.crypto.hint')}</p>
      <label className="small admin-block">
        <input
          type="checkbox"
          checked={status === 'partially_paid'}
          onChange={(e) => setStatus(e.target.checked ? 'partially_paid' : null)}
        />{' '}
        {t('admin.crypto.onlyPartial')}
      </label>
      <AdminList data={payments} items={(answer) => answer.payments} empty={t('admin.crypto.none')}>
        {(payment) => <CryptoPaymentRow key={payment.payment_id} payment={payment} />}
      </AdminList>
    </section>
  );
}
