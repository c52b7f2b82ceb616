/**
 * The top-up over a blocked chat (decision 055): a bottom sheet offering amounts sized to this
 * advisor (10 or 25 messages at their price) and only the methods that work on this server and
 * this platform — Telegram Stars first inside Telegram, demo mode's test payment, a crypto invoice
 * where allowed; the TON wallet and the rest on the balance screen, where allowed. The chat stays
 * under it with its draft; a credit closes it (`onPaid`), whichever way it came.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { formatMoney, LIMITS, TOP_UP_REASONS, type MoneyLocale } from '@seer/contract';
import { useLocale, useT } from '../../lib/i18n';
import { errorText } from '../../lib/error-text';
import { onSocketFrame } from '../../lib/socket';
import { isInTelegram, openExternalLink, openInvoice, telegramPlatform } from '../../lib/telegram';
import { updateUserBalance, useCurrentUser } from '../../lib/user';
import { navigate } from '../../lib/navigation';
import { useOverlay } from '../../lib/overlays';
import { Button } from '../ui/button';
import { CloseIcon } from '../ui/icons';
import { useDepositInfo } from './get-deposit-info';
import { createStarsInvoice } from './create-stars-invoice';
import { createTestPayment } from './create-test-payment';
import { createCryptoInvoice } from './create-crypto-invoice';
import { plainAmount } from './plain-amount';
import { starsFor } from './stars';
import { listsTonAndCrypto } from './top-up-methods';
import styles from './top-up-sheet.module.css';

const TOP_UPS: ReadonlySet<string> = new Set(TOP_UP_REASONS);
/** The amounts offered: this many of the advisor's messages. */
export const SHEET_MESSAGE_COUNTS = [10, 25] as const;

/** 10 and 25 messages at `priceCents`, within the top-up limits. */
export function sheetAmounts(priceCents: number): { messages: number; cents: number }[] {
  return SHEET_MESSAGE_COUNTS.map((messages) => ({
    messages,
    cents: Math.min(
      LIMITS.topUpMaxCents,
      Math.max(LIMITS.topUpMinCents, messages * Math.max(priceCents, 1)),
    ),
  }));
}

function starsText(t: ReturnType<typeof useT>, locale: MoneyLocale, count: number): string {
  const form = new Intl.PluralRules(locale === 'ru' ? 'ru-RU' : 'en-US').select(count);
  const formatted = new Intl.NumberFormat(locale === 'ru' ? 'ru-RU' : 'en-US').format(count);
  return t(`balance.starsCount.${form}`, { count: formatted });
}

type Busy = 'stars' | 'test' | 'crypto';

export interface TopUpSheetProps {
  advisorName: string;
  priceCents: number;
  onClose: () => void;
  /** A top-up was credited: the sheet is done. */
  onPaid: (balanceCents: number | null) => void;
}

export default function TopUpSheet({ advisorName, priceCents, onClose, onPaid }: TopUpSheetProps) {
  const t = useT();
  const locale = useLocale();
  const titleId = useId();
  const deposit = useDepositInfo();
  const user = useCurrentUser();
  const amounts = sheetAmounts(priceCents);
  const [chosen, setChosen] = useState(0);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const done = useRef(false);
  const latest = useRef({ onPaid, onClose });
  latest.current = { onPaid, onClose };

  useOverlay(true, onClose);

  const paid = (balanceCents: number | null) => {
    if (done.current) return;
    done.current = true;
    latest.current.onPaid(balanceCents);
  };

  // Any top-up credited while the sheet is open (Stars, crypto, a TON transfer) ends it.
  useEffect(
    () =>
      onSocketFrame('balance', (frame) => {
        const { reason, amount_cents: cents, balance_cents: balance } = frame.data;
        if (cents > 0 && TOP_UPS.has(reason)) paid(balance);
      }),
    [],
  );

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current.onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const info = deposit.status === 'success' ? deposit.data : null;
  const cents = amounts[chosen]!.cents;
  const inTelegram = isInTelegram();
  const starsOffered = Boolean(info?.stars_enabled) && inTelegram;
  const otherWays = info !== null && listsTonAndCrypto(info.phone_payments, telegramPlatform());
  const cryptoOffered = otherWays && Boolean(info?.crypto_enabled);
  const tonOffered = otherWays && Boolean(info?.ton_enabled);
  const testOffered = Boolean(info?.test_payments_enabled);
  const anyMethod = starsOffered || testOffered || cryptoOffered || tonOffered;

  const fail = (error: unknown) =>
    setProblem(
      t('chat.sheet.failed', { reason: errorText(error, t('balance.errors.submitFailed')) }),
    );

  const run = async (method: Busy, work: () => Promise<void>) => {
    setBusy(method);
    setProblem(null);
    setNote(null);
    try {
      await work();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  };

  const payWithStars = () =>
    run('stars', async () => {
      const status = await openInvoice(await createStarsInvoice(plainAmount(cents)));
      if (status === 'paid') {
        await user.refetch();
        paid(null);
      } else if (status === 'failed') setProblem(t('balance.errors.invoiceFailed'));
      else if (status === 'pending') setNote(t('chat.sheet.invoiceOpened'));
    });

  const payWithTest = () =>
    run('test', async () => {
      const answer = await createTestPayment(plainAmount(cents));
      const balanceCents = Math.round(answer.new_balance * 100);
      updateUserBalance(balanceCents, user.data?.free_messages ?? 0);
      paid(balanceCents);
    });

  const payWithCrypto = () =>
    run('crypto', async () => {
      const url = await createCryptoInvoice(plainAmount(cents));
      if (isInTelegram()) openExternalLink(url);
      else {
        const opened = window.open(url, '_blank');
        if (opened) opened.opener = null;
        else window.location.assign(url);
      }
      setNote(t('chat.sheet.cryptoOpened'));
    });

  const others = (mine: Busy) => busy !== null && busy !== mine;
  const balanceCents = user.data?.balance_cents ?? 0;

  return (
    <div
      className={styles.backdrop}
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        className={styles.sheet}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="top-up-sheet"
      >
        <div className={styles.grip} aria-hidden="true" />
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {t('chat.sheet.title', { name: advisorName })}
          </h2>
          <button
            type="button"
            className="icon-button"
            aria-label={t('chat.sheet.close')}
            onClick={onClose}
          >
            <CloseIcon aria-hidden="true" focusable="false" />
          </button>
        </div>
        <p className="small muted">
          {t('chat.sheet.price', {
            price: formatMoney(priceCents, locale),
            balance: formatMoney(balanceCents, locale),
          })}
        </p>

        <fieldset className={styles.amounts}>
          <legend className="small muted">{t('chat.sheet.amounts')}</legend>
          {amounts.map((amount, index) => (
            <label
              key={amount.messages}
              className={`${styles.amount} ${index === chosen ? styles.amountChosen : ''}`}
            >
              <input
                type="radio"
                name={`${titleId}-amount`}
                checked={index === chosen}
                onChange={() => setChosen(index)}
                className="visually-hidden"
              />
              <span className={styles.amountCount}>
                {t('chat.sheet.messages', { count: amount.messages })}
              </span>
              <span className={styles.amountPrice}>{formatMoney(amount.cents, locale)}</span>
            </label>
          ))}
        </fieldset>

        {deposit.status === 'loading' && (
          <div className={styles.methodsLoading} aria-hidden="true" />
        )}
        {deposit.status === 'error' && (
          <div role="alert" className={styles.problem}>
            <p className="small">{t('chat.sheet.loadFailed')}</p>
            <Button variant="secondary" onClick={deposit.retry}>
              {t('common.retry')}
            </Button>
          </div>
        )}
        {info && (
          <div className={styles.methods}>
            {starsOffered && (
              <Button
                block
                busy={busy === 'stars'}
                busyLabel={t('balance.processing')}
                disabled={others('stars')}
                onClick={() => void payWithStars()}
                data-testid="sheet-stars"
              >
                {t('chat.sheet.stars', {
                  stars: starsText(t, locale, starsFor(cents, info.stars_per_usd)),
                })}
              </Button>
            )}
            {starsOffered && <p className="small muted">{t('chat.sheet.starsNote')}</p>}
            {testOffered && (
              <Button
                block
                variant={starsOffered ? 'outline' : 'primary'}
                busy={busy === 'test'}
                busyLabel={t('balance.processing')}
                disabled={others('test')}
                onClick={() => void payWithTest()}
                data-testid="sheet-test"
              >
                {t('chat.sheet.test')}
              </Button>
            )}
            {cryptoOffered && (
              <Button
                block
                variant="outline"
                busy={busy === 'crypto'}
                busyLabel={t('balance.processing')}
                disabled={others('crypto')}
                onClick={() => void payWithCrypto()}
              >
                {t('chat.sheet.crypto')}
              </Button>
            )}
            {tonOffered && (
              <Button
                block
                variant="secondary"
                disabled={busy !== null}
                onClick={() => {
                  onClose();
                  navigate('/balance');
                }}
              >
                {t('chat.sheet.more')}
              </Button>
            )}
            {!anyMethod && <p className="small muted">{t('chat.sheet.none')}</p>}
          </div>
        )}
        {note && (
          <p className="small muted" role="status">
            {note}
          </p>
        )}
        {problem && (
          <p className={`small ${styles.problem}`} role="alert">
            {problem}
          </p>
        )}
      </div>
    </div>
  );
}
