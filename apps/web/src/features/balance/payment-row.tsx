/**
 * One line of the payment history: an icon for its kind, what it was, the amount and the time.
 * A tap opens its receipt below it: what was paid, what reached the balance, when, where the
 * payment stands, and its reference (copied, or opened on the TON explorer).
 */
import { useId, useState, type ComponentType } from 'react';
import type { LucideProps } from 'lucide-react';
import {
  Bitcoin,
  ChevronDown,
  CircleMinus,
  ExternalLink,
  FlaskConical,
  Gem,
  Gift,
  HandCoins,
  HeartHandshake,
  Hourglass,
  RotateCcw,
  Scale,
  Star,
} from 'lucide-react';
import type { PaymentReceipt, PaymentReference } from '@seer/contract';
import { useLocale, useT } from '../../lib/i18n';
import { openExternalLink } from '../../lib/telegram';
import { Button } from '../../shared/ui/button';
import { CopyIcon } from '../../shared/ui/icons';
import { SupportLink } from '../../shared/ui/support-link';
import { showToast } from '../../shared/ui/toast';
import { copyText } from './copy';
import { paidText, paymentLabel, paymentTime, receiptDate } from './payment-text';
import styles from './payments.module.css';

const ICONS: Record<string, ComponentType<LucideProps>> = {
  ton_deposit: Gem,
  stars: Star,
  crypto_deposit: Bitcoin,
  test_payment: FlaskConical,
  admin_credit: HandCoins,
  satisfaction_credit: HeartHandshake,
  dispute_refund: Scale,
  referral_bonus: Gift,
  stars_refund: RotateCcw,
  admin_debit: CircleMinus,
  referral_reversal: CircleMinus,
};

export interface PaymentRowProps {
  kind: string;
  /** "+$12.50", "-$2.00", "+3 free messages", or the words for an amount not known yet. */
  amount: string;
  debit: boolean;
  createdAt: string;
  receipt: PaymentReceipt;
}

export function PaymentRow({ kind, amount, debit, createdAt, receipt }: PaymentRowProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const receiptId = useId();
  const waiting = receipt.status === 'pending' || receipt.status === 'partially_paid';
  const Icon = waiting ? Hourglass : (ICONS[kind] ?? HandCoins);
  const tone = debit ? styles.debit : waiting ? styles.waiting : styles.credit;
  return (
    <li className={styles.item} data-testid="payment-row">
      <button
        type="button"
        className={styles.row}
        aria-expanded={open}
        aria-controls={receiptId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className={`${styles.icon} ${tone}`}>
          <Icon aria-hidden="true" width={20} height={20} />
        </span>
        <span className={styles.body}>
          <span className={styles.top}>
            <strong className={styles.label}>{paymentLabel(kind)}</strong>
            <strong className={`${styles.amount} ${tone}`}>{amount}</strong>
          </span>
          <span className="small muted">
            <time dateTime={createdAt}>{paymentTime(createdAt)}</time>
            {receipt.status !== 'completed' && <> · {t(`payments.status.${receipt.status}`)}</>}
          </span>
        </span>
        <ChevronDown
          aria-hidden="true"
          width={18}
          height={18}
          className={open ? `${styles.chevron} ${styles.chevronOpen}` : styles.chevron}
        />
      </button>
      <div id={receiptId} hidden={!open}>
        {open && <Receipt amount={amount} debit={debit} createdAt={createdAt} receipt={receipt} />}
      </div>
    </li>
  );
}

function Receipt({ amount, debit, createdAt, receipt }: Omit<PaymentRowProps, 'kind'>) {
  const t = useT();
  const locale = useLocale();
  return (
    <div className={styles.receipt} data-testid="payment-receipt">
      <dl className={styles.facts}>
        {receipt.paid && (
          <div>
            <dt>{t('payments.receipt.paid')}</dt>
            <dd>{paidText(receipt.paid, locale)}</dd>
          </div>
        )}
        <div>
          <dt>{t(debit ? 'payments.receipt.taken' : 'payments.receipt.credited')}</dt>
          <dd>{amount}</dd>
        </div>
        <div>
          <dt>{t('payments.receipt.date')}</dt>
          <dd>{receiptDate(createdAt)}</dd>
        </div>
        <div>
          <dt>{t('payments.receipt.status')}</dt>
          <dd>{t(`payments.status.${receipt.status}`)}</dd>
        </div>
        {receipt.reference && <Reference reference={receipt.reference} />}
      </dl>
      {receipt.status === 'pending' && <p className="small muted">{t('payments.pendingHint')}</p>}
      {receipt.status === 'partially_paid' && (
        <>
          <p className="small">{t('payments.partialHint')}</p>
          <SupportLink>{t('payments.support')}</SupportLink>
        </>
      )}
    </div>
  );
}

function Reference({ reference }: { reference: PaymentReference }) {
  const t = useT();
  const what = t(`payments.receipt.reference.${reference.kind}`);
  const copy = async () => {
    try {
      await copyText(reference.value);
    } finally {
      showToast(t('common.copied'), 'success');
    }
  };
  return (
    <div>
      <dt>{what}</dt>
      <dd>
        <code className={styles.reference}>{reference.value}</code>
        <span className={styles.referenceActions}>
          <Button
            variant="ghost"
            className={styles.smallButton}
            aria-label={t('payments.receipt.copyLabel', { what })}
            onClick={() => void copy()}
          >
            <CopyIcon aria-hidden="true" width={16} height={16} />
            {t('payments.receipt.copy')}
          </Button>
          {reference.url && (
            <a
              href={reference.url}
              className={styles.explorer}
              target="_blank"
              rel="noopener noreferrer"
              onClick={(event) => {
                event.preventDefault();
                openExternalLink(reference.url!);
              }}
            >
              <ExternalLink aria-hidden="true" width={16} height={16} />
              {t('payments.receipt.openExplorer')}
            </a>
          )}
        </span>
      </dd>
    </div>
  );
}
