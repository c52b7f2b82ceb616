/**
 * The payment component of /balance. Every method says what it is, and one that is
 * not configured is not offered or is shown disabled with the reason (docs/decisions/020):
 * - Telegram Stars first inside Telegram (what a Star costs; Telegram takes cards, Apple Pay and
 *   Google Pay for Stars), and the three card brands, whose modal says the same and then opens
 *   the Stars invoice;
 * - demo mode's test payment (no money charged);
 * - "Deposit Crypto": a NOWPayments invoice when configured, else the TON instructions;
 * - the TON wallet connection and "Top up" (a quote, then the connected wallet sends its TON with
 *   its memo, decision 037;
 *   without one, the TON instructions).
 * Inside Telegram's iOS and Android apps, with PHONE_PAYMENTS=stars-only (the default), only
 * Telegram Stars are listed: no TON, no crypto (decision 038, top-up-methods.ts).
 * The 'error' modal is only for a payment that failed, with its reason. A credit of any top-up
 * shows the success modal the moment its socket event arrives.
 */
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import {
  formatMoney,
  formatTonAmount,
  LIMITS,
  TOP_UP_REASONS,
  type MoneyLocale,
} from '@seer/contract';
import { useLocale, useT } from '../../../lib/i18n';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { onSocketFrame } from '../../../lib/socket';
import {
  isInTelegram,
  openExternalLink,
  openInvoice,
  telegramPlatform,
} from '../../../lib/telegram';
import { updateUserBalance, useCurrentUser } from '../../../lib/user';
import { navigate } from '../../../lib/navigation';
import { Button } from '../../../shared/ui/button';
import { useTelegramButton } from '../../../shared/ui/main-button';
import { closeModal, openModal } from '../../../shared/ui/modal';
import { showToast } from '../../../shared/ui/toast';
import { useDepositInfo, type DepositInfo } from '../../../shared/top-up/get-deposit-info';
import { createStarsInvoice } from '../../../shared/top-up/create-stars-invoice';
import { createTestPayment } from '../../../shared/top-up/create-test-payment';
import { createCryptoInvoice } from '../../../shared/top-up/create-crypto-invoice';
import { checkAmount, formatAmount, plainAmount } from '../amount';
import { createTonQuote, type TonQuote } from '../api/create-ton-quote';
import { starPriceCents, starsFor } from '../../../shared/top-up/stars';
import { listsTonAndCrypto } from '../../../shared/top-up/top-up-methods';
import { quoteError, quoteTime, TonInstructions } from './ton-instructions';
import type { WalletHandle } from './wallet-connect';
import styles from '../balance.module.css';

const WalletConnect = lazy(() => import('./wallet-connect'));

const TOP_UPS: ReadonlySet<string> = new Set(TOP_UP_REASONS);

type CardMethod = 'gpay' | 'applePay' | 'mastercard';
const CARD_METHODS: readonly CardMethod[] = ['gpay', 'applePay', 'mastercard'];
type Busy = 'stars' | 'test' | 'crypto' | 'topUp' | CardMethod;

/** "625 Stars" / "625 звёзд": the count in the language's plural form. */
function starsText(t: ReturnType<typeof useT>, locale: MoneyLocale, count: number): string {
  const form = new Intl.PluralRules(locale === 'ru' ? 'ru-RU' : 'en-US').select(count);
  const formatted = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US').format(count);
  return t(`balance.starsCount.${form}`, { count: formatted });
}

/** A hosted invoice: Telegram's in-app browser inside Telegram; a new tab (or this one) elsewhere. */
function openHostedInvoice(url: string): void {
  if (isInTelegram()) {
    openExternalLink(url);
    return;
  }
  const opened = window.open(url, '_blank');
  if (opened) opened.opener = null;
  else window.location.assign(url);
}

export function TopUpPanel() {
  const t = useT();
  const locale = useLocale();
  const amountId = useId();
  const deposit = useDepositInfo();
  const user = useCurrentUser();
  const inTelegram = isInTelegram();
  const [amountText, setAmountText] = useState(() =>
    formatAmount(LIMITS.defaultTopUpCents, locale),
  );
  const [amountError, setAmountError] = useState<string | null>(null);
  const [wallet, setWallet] = useState<WalletHandle | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [showTon, setShowTon] = useState(false);
  const [pendingTon, setPendingTon] = useState<bigint | null>(null);
  /** The quote of the last one-tap TON top-up: what the wallet is asked to send, and until when. */
  const [tonQuote, setTonQuote] = useState<TonQuote | null>(null);
  const methodsSection = useRef<HTMLElement>(null);
  const tonSection = useRef<HTMLElement>(null);
  /**
   * Credits this screen announces itself (a paid invoice, a test payment), by ledger reason: their
   * socket event, before or after the call's own answer, does not open the success modal again.
   */
  const ownCredits = useRef(new Map<string, number>());
  const successOpen = useRef(false);

  const info: DepositInfo | null = deposit.status === 'success' ? deposit.data : null;
  const amount = checkAmount(amountText, locale);
  const amountCents = amount.ok ? amount.cents : null;

  const showSuccess = useCallback(() => {
    setPendingTon(null);
    if (successOpen.current) return;
    successOpen.current = true;
    openModal({
      variant: 'success',
      onAction: () => navigate('/'),
      onClose: () => {
        successOpen.current = false;
      },
    });
  }, []);

  const expectOwnCredit = (reason: string, change: 1 | -1) => {
    const count = Math.max(0, (ownCredits.current.get(reason) ?? 0) + change);
    ownCredits.current.set(reason, count);
  };

  useEffect(
    () =>
      onSocketFrame('balance', (frame) => {
        const { reason, amount_cents: cents } = frame.data;
        if (cents <= 0 || !TOP_UPS.has(reason)) return;
        if ((ownCredits.current.get(reason) ?? 0) > 0) {
          expectOwnCredit(reason, -1);
          return;
        }
        showSuccess();
      }),
    [showSuccess],
  );

  const onWalletChange = useCallback((next: WalletHandle | null) => setWallet(() => next), []);

  /** The amount in cents, or null after showing why it cannot be used. */
  const validAmount = (): number | null => {
    if (amount.ok) return amount.cents;
    setAmountError(
      t(`balance.errors.${amount.error}`, {
        min: formatMoney(LIMITS.topUpMinCents, locale),
        max: formatMoney(LIMITS.topUpMaxCents, locale),
      }),
    );
    return null;
  };

  /** A payment that failed: the 'error' modal with the real reason. */
  const showFailure = (reason: string) =>
    openModal({
      variant: 'error',
      params: { reason },
      onAction: () => {
        closeModal();
        methodsSection.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      },
    });

  /** A refused amount goes under the field; anything else is a failed payment. */
  const showCallError = (error: unknown) => {
    if (isApiError(error) && error.status === 400) setAmountError(errorText(error));
    else showFailure(errorText(error, t('balance.errors.submitFailed')));
  };

  const revealTonInstructions = () => {
    setShowTon(true);
    requestAnimationFrame(() =>
      tonSection.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }),
    );
  };

  const openTonModal = () =>
    openModal({ variant: 'tonWallet', content: <TonInstructions amountCents={amountCents} /> });

  /** The Stars invoice for `cents`, opened in Telegram; the outcome as Telegram tells it. */
  const payWithStars = async (cents: number, method: Busy) => {
    setBusy(method);
    try {
      const link = await createStarsInvoice(plainAmount(cents));
      const status = await openInvoice(link);
      if (status === 'paid') {
        // The credit's socket event usually follows; when it came first, it already showed success.
        if (!successOpen.current) expectOwnCredit('stars', 1);
        showSuccess();
        void user.refetch();
      } else if (status === 'failed') {
        showFailure(t('balance.errors.invoiceFailed'));
      } else if (status === 'pending') {
        showToast(t('balance.invoiceOpened'));
      }
    } catch (error) {
      showCallError(error);
    } finally {
      setBusy(null);
    }
  };

  const onStars = () => {
    const cents = validAmount();
    if (cents !== null) void payWithStars(cents, 'stars');
  };

  const onCardBrand = (method: CardMethod) => {
    const cents = validAmount();
    if (cents === null || !info) return;
    openModal({
      variant: 'stars',
      params: {
        method: t(`balance.${method}`),
        stars: starsText(t, locale, starsFor(cents, info.stars_per_usd)),
        amount: formatMoney(cents, locale),
      },
      onAction: () => payWithStars(cents, method),
    });
  };

  const onTestPayment = async () => {
    const cents = validAmount();
    if (cents === null) return;
    setBusy('test');
    expectOwnCredit('test_payment', 1);
    try {
      const paid = await createTestPayment(plainAmount(cents));
      updateUserBalance(Math.round(paid.new_balance * 100), user.data?.free_messages ?? 0);
      showSuccess();
    } catch (error) {
      expectOwnCredit('test_payment', -1);
      showCallError(error);
    } finally {
      setBusy(null);
    }
  };

  const onCrypto = async () => {
    if (!info?.crypto_enabled) {
      openTonModal();
      return;
    }
    const cents = validAmount();
    if (cents === null) return;
    setBusy('crypto');
    try {
      openHostedInvoice(await createCryptoInvoice(plainAmount(cents)));
      showToast(t('balance.cryptoOpened'));
    } catch (error) {
      showCallError(error);
    } finally {
      setBusy(null);
    }
  };

  const topUp = async () => {
    const cents = validAmount();
    if (cents === null) return;
    if (!wallet || !info?.ton_enabled) {
      revealTonInstructions();
      return;
    }
    setBusy('topUp');
    setPendingTon(null);
    let quote: TonQuote;
    try {
      quote = await createTonQuote(plainAmount(cents));
    } catch (error) {
      setBusy(null);
      if (isApiError(error) && error.status === 400) setAmountError(errorText(error));
      else showFailure(quoteError(error, t));
      return;
    }
    setTonQuote(quote);
    const nanotons = BigInt(quote.amount_nanotons);
    try {
      await wallet.send({
        address: quote.wallet_address,
        nanotons,
        memo: quote.memo,
        network: quote.ton_network,
        validUntilMs: Date.parse(quote.expires_at),
      });
      setPendingTon(nanotons);
    } catch (error) {
      const { isUserRejection } = await import('./wallet-connect');
      // A declined request is already announced by the wallet library's own notification.
      if (!isUserRejection(error)) showFailure(t('balance.errors.walletFailed'));
    } finally {
      setBusy(null);
    }
  };

  const starsOffered = Boolean(info?.stars_enabled) && inTelegram;
  const cardsReason = !info
    ? null
    : !inTelegram
      ? t('balance.cardsOutsideTelegram')
      : !info.stars_enabled
        ? t('balance.cardsOff')
        : null;
  const cardsUsable = info !== null && cardsReason === null;
  const tonAndCrypto = listsTonAndCrypto(info?.phone_payments ?? null, telegramPlatform());
  const cryptoOff = info !== null && !info.crypto_enabled && !info.ton_enabled;
  const tonOff = info !== null && !info.ton_enabled;
  const starPrice = info ? starPriceCents(info.stars_per_usd) : null;
  const others = (mine: Busy) => busy !== null && busy !== mine;
  const currencyFirst = locale !== 'ru';
  const starsRate = starPrice
    ? `${t(starPrice.exact ? 'balance.stars.rate' : 'balance.stars.rateAbout', {
        price: formatMoney(starPrice.cents, locale),
      })} · ${t('balance.stars.cards')}`
    : '';
  // Inside Telegram paying with Stars is the screen's main action: Telegram's MainButton.
  const starsOnTelegram = useTelegramButton(
    'main',
    starsOffered && starPrice
      ? {
          text: t('balance.stars.title'),
          onClick: onStars,
          progress: busy === 'stars',
          disabled: others('stars'),
        }
      : null,
  );

  return (
    <div className={styles.panel}>
      <section className="card" ref={methodsSection} aria-labelledby={`${amountId}-methods`}>
        <div className="field">
          <label htmlFor={amountId}>{t('balance.amount')}</label>
          <div className={styles.amountInput}>
            {currencyFirst && <span aria-hidden="true">$</span>}
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
            {!currencyFirst && <span aria-hidden="true">$</span>}
          </div>
          <p id={`${amountId}-hint`} className="small muted">
            {t('balance.minHint', { min: formatMoney(LIMITS.topUpMinCents, locale) })}
          </p>
          {amountError && (
            <p className="field-error" role="alert">
              {amountError}
            </p>
          )}
        </div>

        <h2 id={`${amountId}-methods`} className={styles.sectionTitle}>
          {t('balance.methods')}
        </h2>
        {deposit.status === 'error' && (
          <div className={styles.methodsError} role="alert">
            <p className="small">{errorText(deposit.error)}</p>
            <Button variant="secondary" onClick={deposit.retry}>
              {t('common.retry')}
            </Button>
          </div>
        )}

        <div className={styles.methods}>
          {starsOffered && starPrice && starsOnTelegram && (
            // Telegram's MainButton pays with Stars; the rate stays in view here.
            <p className="small muted" data-testid="stars-rate">
              {starsRate}
            </p>
          )}
          {starsOffered && starPrice && !starsOnTelegram && (
            <Button
              block
              className={styles.method}
              busy={busy === 'stars'}
              busyLabel={t('balance.processing')}
              disabled={others('stars')}
              onClick={onStars}
              data-testid="pay-stars"
            >
              <span className={styles.methodTitle}>{t('balance.stars.title')}</span>
              <span className={styles.methodDetail}>{starsRate}</span>
            </Button>
          )}

          {info?.test_payments_enabled && (
            <Button
              block
              variant={starsOffered ? 'outline' : 'primary'}
              className={styles.method}
              busy={busy === 'test'}
              busyLabel={t('balance.processing')}
              disabled={others('test')}
              onClick={() => void onTestPayment()}
              data-testid="pay-test"
            >
              <span className={styles.methodTitle}>{t('balance.test.title')}</span>
              <span className={styles.methodDetail}>{t('balance.test.note')}</span>
            </Button>
          )}

          {tonAndCrypto && (
            <>
              <Button
                variant="outline"
                block
                className={styles.cryptoButton}
                busy={busy === 'crypto'}
                busyLabel={t('balance.processing')}
                disabled={cryptoOff || others('crypto')}
                aria-describedby={cryptoOff ? `${amountId}-crypto` : undefined}
                onClick={() => void onCrypto()}
              >
                <span>{t('balance.depositCrypto')}</span>
                {info?.crypto_enabled && <span className="badge">{t('balance.coins')}</span>}
              </Button>
              {cryptoOff && (
                <p id={`${amountId}-crypto`} className="small muted">
                  {t('balance.cryptoOff')}
                </p>
              )}
            </>
          )}
        </div>

        <p className="small muted">{t('balance.cards')}</p>
        <div className={styles.cardMethods}>
          {CARD_METHODS.map((method) => (
            <Button
              key={method}
              variant="secondary"
              className={styles[method]}
              busy={busy === method}
              busyLabel={t('balance.processing')}
              disabled={!cardsUsable || others(method)}
              aria-describedby={cardsReason ? `${amountId}-cards` : undefined}
              onClick={() => onCardBrand(method)}
            >
              {t(`balance.${method}`)}
            </Button>
          ))}
        </div>
        {cardsReason && (
          <p id={`${amountId}-cards`} className="small muted" data-testid="cards-reason">
            {cardsReason}
          </p>
        )}
      </section>

      {tonAndCrypto && (
        <section className="card" ref={tonSection} aria-labelledby={`${amountId}-ton`}>
          <h2 id={`${amountId}-ton`} className={styles.sectionTitle}>
            {t('balance.wallet')}
          </h2>
          <p id={`${amountId}-ton-hint`} className="small muted">
            {tonOff ? t('balance.ton.unavailable') : t('balance.walletHint')}
          </p>
          {info?.ton_enabled && (
            <div className={styles.walletButton}>
              <Suspense fallback={<p className="small muted">{t('balance.walletLoading')}</p>}>
                <WalletConnect onChange={onWalletChange} returnUrl={info.telegram_return_url} />
              </Suspense>
            </div>
          )}
          <Button
            block
            busy={busy === 'topUp'}
            busyLabel={t('balance.processing')}
            disabled={tonOff || others('topUp')}
            aria-describedby={tonOff ? `${amountId}-ton-hint` : undefined}
            onClick={() => void topUp()}
          >
            {t('balance.topUp')}
          </Button>
          {tonQuote && pendingTon === null && (
            <p className="small muted" data-testid="ton-one-tap-quote">
              {t('balance.ton.quote', {
                ton: formatTonAmount(BigInt(tonQuote.amount_nanotons), locale),
                usd: formatMoney(tonQuote.amount_cents, locale),
                time: quoteTime(tonQuote.expires_at, locale),
              })}
            </p>
          )}
          {pendingTon !== null && (
            <p className={styles.pending} role="status">
              {t('balance.pending', {
                ton: formatTonAmount(pendingTon, locale),
                usd: formatMoney(tonQuote?.amount_cents ?? 0, locale),
              })}
            </p>
          )}
          {showTon && (
            <>
              <h3 className={styles.tonHeading}>{t('balance.ton.title')}</h3>
              <TonInstructions amountCents={amountCents} />
            </>
          )}
        </section>
      )}
    </div>
  );
}
