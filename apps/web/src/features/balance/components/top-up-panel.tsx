/**
 * The payment component of /balance and /payments: the amount, "Deposit Crypto", the card
 * buttons (a Telegram Stars invoice when the server offers Stars, else the 'error' modal),
 * the TON wallet connection and "Top up" (the connected wallet sends the TON amount with the
 * memo; without a wallet, the TON instructions). A credited deposit or payment shows the
 * success modal the moment its socket event arrives.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { formatCents, LIMITS } from '@seer/contract';
import { useLocale, useT } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { onSocketFrame } from '../../../lib/socket';
import { openInvoice } from '../../../lib/telegram';
import { useCurrentUser } from '../../../lib/user';
import { navigate } from '../../../lib/navigation';
import { Button } from '../../../shared/ui/button';
import { closeModal, openModal } from '../../../shared/ui/modal';
import { showToast } from '../../../shared/ui/toast';
import { useDepositInfo } from '../api/get-deposit-info';
import { createStarsInvoice } from '../api/create-stars-invoice';
import { checkAmount, formatAmount, plainAmount } from '../amount';
import { commentPayload, formatTon, friendlyAddress, nanotonsFor } from '../ton';
import { TonInstructions } from './ton-instructions';
import type { WalletHandle } from './wallet-connect';
import styles from '../balance.module.css';
import { errorText } from '../../../lib/error-text';

const WalletConnect = lazy(() => import('./wallet-connect'));

/** Ledger reasons of money coming in (server: payments.service.ts LEDGER_REASONS). */
const TOP_UP_REASONS = new Set(['ton_deposit', 'stars']);

type CardMethod = 'gpay' | 'applePay' | 'mastercard';
const CARD_METHODS: readonly CardMethod[] = ['gpay', 'applePay', 'mastercard'];

function showSuccess(): void {
  openModal({ variant: 'success', onAction: () => navigate('/') });
}

export function TopUpPanel() {
  const t = useT();
  const locale = useLocale();
  const amountId = useId();
  const deposit = useDepositInfo();
  const user = useCurrentUser();
  const [amountText, setAmountText] = useState(() =>
    formatAmount(LIMITS.defaultTopUpCents, locale),
  );
  const [amountError, setAmountError] = useState<string | null>(null);
  const [wallet, setWallet] = useState<WalletHandle | null>(null);
  const [busy, setBusy] = useState<'topUp' | CardMethod | null>(null);
  const [showTon, setShowTon] = useState(false);
  const [pendingTon, setPendingTon] = useState<string | null>(null);
  const tonSection = useRef<HTMLDivElement>(null);
  /** Set when openInvoice said 'paid' and the success modal is already showing. */
  const starsPaidShown = useRef(false);

  const amount = checkAmount(amountText, locale);
  const amountCents = amount.ok ? amount.cents : null;

  // A deposit or Stars payment credited while this screen is open: the balance already
  // updates through the shared user cache; here the user also gets the success modal.
  useEffect(
    () =>
      onSocketFrame('balance', (frame) => {
        if (frame.data.amount_cents <= 0 || !TOP_UP_REASONS.has(frame.data.reason)) return;
        if (frame.data.reason === 'stars' && starsPaidShown.current) {
          starsPaidShown.current = false;
          return;
        }
        setPendingTon(null);
        showSuccess();
      }),
    [],
  );

  const onWalletChange = useCallback((next: WalletHandle | null) => setWallet(() => next), []);

  /** The amount in cents, or null after showing why it cannot be used. */
  const validAmount = (): number | null => {
    if (amount.ok) return amount.cents;
    setAmountError(
      t(`balance.errors.${amount.error}`, {
        min: formatCents(LIMITS.topUpMinCents),
        max: formatAmount(LIMITS.topUpMaxCents, locale),
      }),
    );
    return null;
  };

  const revealTonInstructions = () => {
    setShowTon(true);
    requestAnimationFrame(() =>
      tonSection.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }),
    );
  };

  const chooseAnotherMethod = () => {
    closeModal();
    revealTonInstructions();
  };

  const payByCard = async (method: CardMethod) => {
    if (deposit.status === 'success' && !deposit.data.stars_enabled) {
      openModal({ variant: 'error', onAction: chooseAnotherMethod });
      return;
    }
    const cents = validAmount();
    if (cents === null) return;
    setBusy(method);
    try {
      const link = await createStarsInvoice(plainAmount(cents));
      const status = await openInvoice(link);
      if (status === 'paid') {
        starsPaidShown.current = true;
        showSuccess();
        void user.refetch();
      } else if (status === 'failed') {
        openModal({ variant: 'error', onAction: chooseAnotherMethod });
      } else if (status === 'pending') {
        showToast(t('balance.invoiceOpened'));
      }
    } catch (error) {
      if (isApiError(error) && error.status === 400) setAmountError(errorText(error));
      else openModal({ variant: 'error', onAction: chooseAnotherMethod });
    } finally {
      setBusy(null);
    }
  };

  const topUp = async () => {
    const cents = validAmount();
    if (cents === null) return;
    if (!wallet || deposit.status !== 'success' || !deposit.data.ton_enabled) {
      revealTonInstructions();
      return;
    }
    const info = deposit.data;
    const nanotons = nanotonsFor(cents, Math.round(info.ton_usd_rate * 100));
    setBusy('topUp');
    try {
      await wallet.send({
        address: friendlyAddress(info.wallet_address),
        nanotons,
        payload: commentPayload(info.memo),
      });
      setPendingTon(formatTon(nanotons));
    } catch (error) {
      const { isUserRejection } = await import('./wallet-connect');
      // A declined request is already announced by the wallet library's own notification.
      if (!isUserRejection(error)) openModal({ variant: 'error', onAction: chooseAnotherMethod });
    } finally {
      setBusy(null);
    }
  };

  const starsOff = deposit.status === 'success' && !deposit.data.stars_enabled;
  return (
    <div className={styles.panel}>
      <section className="card">
        <div className="field">
          <label htmlFor={amountId}>{t('balance.amount')}</label>
          <div className={styles.amountInput}>
            <span aria-hidden="true">$</span>
            <input
              id={amountId}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={amountText}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={`${amountId}-hint`}
              onChange={(event) => {
                setAmountText(event.target.value);
                setAmountError(null);
              }}
              onBlur={() => {
                if (amount.ok) setAmountText(formatAmount(amount.cents, locale));
              }}
            />
          </div>
          <p id={`${amountId}-hint`} className="small muted">
            {t('balance.minHint', { min: formatCents(LIMITS.topUpMinCents) })}
          </p>
          {amountError && (
            <p className="field-error" role="alert">
              {amountError}
            </p>
          )}
        </div>

        <Button
          variant="outline"
          block
          className={styles.cryptoButton}
          onClick={() =>
            openModal({
              variant: 'tonWallet',
              content: <TonInstructions amountCents={amountCents} />,
            })
          }
        >
          <span>{t('balance.depositCrypto')}</span>
          <span className="badge">{t('balance.coins')}</span>
        </Button>

        <p className="small muted">{t('balance.cards')}</p>
        <div className={styles.cardMethods}>
          {CARD_METHODS.map((method) => (
            <Button
              key={method}
              variant="secondary"
              className={styles[method]}
              busy={busy === method}
              busyLabel={t('balance.processing')}
              disabled={busy !== null && busy !== method}
              onClick={() => void payByCard(method)}
            >
              {t(`balance.${method}`)}
            </Button>
          ))}
        </div>
        {!starsOff && deposit.status === 'success' && (
          <p className="small muted">{t('balance.starsNote')}</p>
        )}
      </section>

      <section className="card" ref={tonSection} aria-labelledby={`${amountId}-ton`}>
        <h2 id={`${amountId}-ton`} className={styles.sectionTitle}>
          {t('balance.wallet')}
        </h2>
        <p className="small muted">{t('balance.walletHint')}</p>
        <div className={styles.walletButton}>
          <Suspense fallback={<p className="small muted">{t('balance.walletLoading')}</p>}>
            <WalletConnect onChange={onWalletChange} />
          </Suspense>
        </div>
        <Button
          block
          busy={busy === 'topUp'}
          busyLabel={t('balance.processing')}
          disabled={busy !== null && busy !== 'topUp'}
          onClick={() => void topUp()}
        >
          {t('balance.topUp')}
        </Button>
        {pendingTon && (
          <p className={styles.pending} role="status">
            {t('balance.pending', { ton: pendingTon })}
          </p>
        )}
        {showTon && (
          <>
            <h3 className={styles.tonHeading}>{t('balance.ton.title')}</h3>
            <TonInstructions amountCents={amountCents} />
          </>
        )}
      </section>
    </div>
  );
}
