/**
 * The TON panel: the deposit address (as the server gives it: user-friendly, non-bounceable) and
 * the memo with copy buttons, the steps, and — in a plain browser only — a ton:// link (it does
 * not open inside Telegram, where TON Connect or copying does the job).
 * With an amount it asks for a quote (decision 037): the memo is the quote's, with the TON to send,
 * the dollars credited and until when that price holds. Without one (no amount, or no price known
 * right now) the memo is the user's Telegram id, credited at the TON price when the transfer arrives.
 */
import { useEffect, useState } from 'react';
import { formatMoney, formatTonAmount, type MoneyLocale } from '@seer/contract';
import { useLocale, useT } from '../../../lib/i18n';
import { isInTelegram } from '../../../lib/telegram';
import { errorText } from '../../../lib/error-text';
import { isApiError } from '../../../lib/api-client';
import { showToast } from '../../../shared/ui/toast';
import { Button } from '../../../shared/ui/button';
import { copyText } from '../copy';
import { plainAmount } from '../amount';
import { tonTransferLink } from '../ton-amount';
import { useDepositInfo } from '../../../shared/top-up/get-deposit-info';
import { createTonQuote, type TonQuote } from '../api/create-ton-quote';
import styles from '../balance.module.css';

interface TonInstructionsProps {
  /** The amount typed in the field, when valid: the panel then asks for a quote for it. */
  amountCents: number | null;
}

/** A typed amount settles for this long before a quote is asked for it. */
const QUOTE_DELAY_MS = 400;

type QuoteState =
  | { kind: 'none' }
  | { kind: 'loading' }
  | { kind: 'ready'; quote: TonQuote; expired: boolean }
  | { kind: 'failed'; reason: string };

/** "14:05": when a quote's price ends, in the reader's language and time zone. */
export function quoteTime(iso: string, locale: MoneyLocale): string {
  return new Intl.DateTimeFormat(locale === 'ru' ? 'ru-RU' : 'en-US', {
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

/** Why no quote: no price known right now (503) in our words, anything else as the server said. */
export function quoteError(error: unknown, t: ReturnType<typeof useT>): string {
  return isApiError(error) && error.code === 'unavailable'
    ? t('balance.ton.quoteFailed')
    : errorText(error, t('balance.ton.quoteFailed'));
}

/** A quote for `amountCents` while `enabled`, asked again on `renew`; marked expired at its end. */
function useTonQuote(amountCents: number | null, enabled: boolean) {
  const t = useT();
  const [state, setState] = useState<QuoteState>({ kind: 'none' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!enabled || amountCents === null) {
      setState({ kind: 'none' });
      return;
    }
    let current = true;
    setState({ kind: 'loading' });
    const timer = setTimeout(() => {
      createTonQuote(plainAmount(amountCents)).then(
        (quote) => current && setState({ kind: 'ready', quote, expired: false }),
        (error: unknown) => current && setState({ kind: 'failed', reason: quoteError(error, t) }),
      );
    }, QUOTE_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [amountCents, enabled, round, t]);

  const expiresAt = state.kind === 'ready' && !state.expired ? state.quote.expires_at : null;
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setTimeout(
      () =>
        setState((previous) =>
          previous.kind === 'ready' ? { ...previous, expired: true } : previous,
        ),
      Math.max(0, Date.parse(expiresAt) - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [expiresAt]);

  return { state, renew: () => setRound((n) => n + 1) };
}

export function TonInstructions({ amountCents }: TonInstructionsProps) {
  const t = useT();
  const locale = useLocale();
  const deposit = useDepositInfo();
  const tonReady =
    deposit.status === 'success' &&
    Boolean(deposit.data.memo) &&
    deposit.data.ton_enabled &&
    Boolean(deposit.data.wallet_address);
  const { state: quote, renew } = useTonQuote(amountCents, tonReady);
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
  const quoted = quote.kind === 'ready' && !quote.expired ? quote.quote : null;
  const memo = quoted ? quoted.memo : info.memo;
  const nanotons = quoted ? BigInt(quoted.amount_nanotons) : null;
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
          {memo}
        </code>
        <Button variant="secondary" onClick={() => void copy(memo)}>
          {t('balance.ton.copyMemo')}
        </Button>
      </div>
      <div aria-live="polite" data-testid="ton-quote">
        {quote.kind === 'loading' && (
          <p className="small muted" role="status">
            {t('balance.ton.quoteLoading')}
          </p>
        )}
        {quoted && nanotons !== null && (
          <p className={styles.toSend}>
            {t('balance.ton.quote', {
              ton: formatTonAmount(nanotons, locale),
              usd: formatMoney(quoted.amount_cents, locale),
              time: quoteTime(quoted.expires_at, locale),
            })}
          </p>
        )}
        {quote.kind === 'ready' && quote.expired && (
          <div className={styles.copyRow}>
            <p className="small">{t('balance.ton.quoteExpired')}</p>
            <Button variant="secondary" onClick={renew}>
              {t('balance.ton.newQuote')}
            </Button>
          </div>
        )}
        {quote.kind === 'failed' && <p className="small">{quote.reason}</p>}
        {!quoted && (
          <p className="small muted">
            {info.ton_usd_rate !== null
              ? t('balance.ton.atArrival', {
                  rate: formatMoney(Math.round(info.ton_usd_rate * 100), locale),
                })
              : t('balance.ton.atArrivalNoRate')}
          </p>
        )}
      </div>
      <ol className={styles.steps}>
        <li>{t('balance.ton.step1')}</li>
        <li>{quoted ? t('balance.ton.step2Quote') : t('balance.ton.step2')}</li>
        <li>{quoted ? t('balance.ton.step3Quote') : t('balance.ton.step3')}</li>
        <li>{t('balance.ton.step4')}</li>
      </ol>
      <p className="small muted">{t('balance.ton.memoWarning')}</p>
      {quoted && (
        <p className="small muted" data-testid="ton-id-memo">
          {t('balance.ton.idMemoToo', { id: info.memo })}
        </p>
      )}
      {quoted && nanotons !== null && !isInTelegram() && (
        <a
          className="button button-outline button-block"
          href={tonTransferLink(address, nanotons, quoted.memo)}
        >
          {t('balance.ton.openWallet')}
        </a>
      )}
    </div>
  );
}
