/**
 * The TON panel: the deposit address (as the server gives it: user-friendly, non-bounceable) and
 * the memo with copy buttons, the amount to send, the steps, and — in a plain browser only — a
 * ton:// link (it does not open inside Telegram, where TON Connect or copying does the job).
 */
import { formatMoney, formatTonAmount } from '@seer/contract';
import { useLocale, useT } from '../../../lib/i18n';
import { isInTelegram } from '../../../lib/telegram';
import { showToast } from '../../../shared/ui/toast';
import { Button } from '../../../shared/ui/button';
import { copyText } from '../copy';
import { nanotonsFor, tonTransferLink } from '../ton-amount';
import { useDepositInfo } from '../api/get-deposit-info';
import styles from '../balance.module.css';

interface TonInstructionsProps {
  /** The amount typed in the field, when valid: the panel then says how much TON to send. */
  amountCents: number | null;
}

export function TonInstructions({ amountCents }: TonInstructionsProps) {
  const t = useT();
  const locale = useLocale();
  const deposit = useDepositInfo();
  const copy = async (text: string) => {
    try {
      await copyText(text);
    } finally {
      // After the (legacy) copy, "Copied to clipboard!".
      showToast(t('common.copied'), 'success');
    }
  };

  if (deposit.status === 'loading') {
    return (
      <p className="muted" role="status">
        {t('common.loading')}
      </p>
    );
  }
  // A failure to load the user's data leaves the panel without an id.
  if (deposit.status === 'error' || !deposit.data.memo) {
    return <p role="alert">{t('balance.ton.noId')}</p>;
  }
  const info = deposit.data;
  if (!info.ton_enabled || !info.wallet_address)
    return <p role="alert">{t('balance.ton.unavailable')}</p>;

  const address = info.wallet_address.trim();
  const rateCents = Math.round(info.ton_usd_rate * 100);
  const nanotons = amountCents !== null ? nanotonsFor(amountCents, rateCents) : null;
  return (
    <div className={styles.tonPanel} data-testid="ton-instructions">
      <div className={styles.copyRow}>
        <span className="small muted">{t('balance.ton.address')}</span>
        <code className={styles.copyValue} data-testid="ton-address">
          {address}
        </code>
        <Button variant="secondary" onClick={() => void copy(address)}>
          {t('balance.ton.copyAddress')}
        </Button>
      </div>
      <div className={styles.copyRow}>
        <span className="small muted">{t('balance.ton.memo')}</span>
        <code className={styles.copyValue} data-testid="ton-memo">
          {info.memo}
        </code>
        <Button variant="secondary" onClick={() => void copy(info.memo)}>
          {t('balance.ton.copyMemo')}
        </Button>
      </div>
      {nanotons !== null && amountCents !== null && (
        <p className={styles.toSend}>
          {t('balance.ton.toSend', {
            usd: formatMoney(amountCents, locale),
            ton: formatTonAmount(nanotons, locale),
            rate: formatMoney(rateCents, locale),
          })}
        </p>
      )}
      <ol className={styles.steps}>
        <li>{t('balance.ton.step1')}</li>
        <li>{t('balance.ton.step2')}</li>
        <li>{t('balance.ton.step3')}</li>
        <li>{t('balance.ton.step4')}</li>
      </ol>
      <p className="small muted">{t('balance.ton.memoWarning')}</p>
      {nanotons !== null && !isInTelegram() && (
        <a
          className="button button-outline button-block"
          href={tonTransferLink(address, nanotons, info.memo)}
        >
          {t('balance.ton.openWallet')}
        </a>
      )}
    </div>
  );
}
