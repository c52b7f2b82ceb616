/**
 * Payouts in the advisor's earnings tab (decision 047): what Seer owes, what is held and until
 * when, what can be paid now; a request to a TON address, the open request with a cancel, the
 * statement by day or month, and past payouts with their transaction on an explorer.
 */
import { useState, type FormEvent } from 'react';
import {
  formatTonAmount,
  type Payout,
  type PayoutStatement,
  type StatementDay,
} from '@seer/contract';
import { formatAmount, formatDate, useLocale, useT } from '../../lib/i18n';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/toast';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { cancelPayout, requestPayout, usePayoutStatement } from './earnings-api';
import { checkPayoutRequest, type PayoutProblem } from './earnings-payout-check';
import './earnings-payouts.css';

function refusal(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

function shortAddress(address: string): string {
  return address.length > 16 ? `${address.slice(0, 6)}…${address.slice(-6)}` : address;
}

function day(iso: string): string {
  return formatDate(new Date(iso), { day: 'numeric', month: 'short', year: 'numeric' });
}

export function PayoutsPanel() {
  const t = useT();
  const statement = usePayoutStatement();
  if (statement.status === 'loading') return <LoadingState />;
  if (statement.status === 'error')
    return <ErrorState message={t('payouts.loadError')} onRetry={statement.retry} />;
  const s = statement.data.statement;
  return (
    <section aria-label={t('payouts.title')} className="payouts">
      <h2 className="workspace-subtitle">{t('payouts.title')}</h2>
      <dl className="card workspace-figures">
        <div>
          <dt className="small muted">{t('payouts.owed')}</dt>
          <dd>{formatAmount(s.owed_cents)}</dd>
        </div>
        <div>
          <dt className="small muted">{t('payouts.held')}</dt>
          <dd>{formatAmount(s.held_cents)}</dd>
        </div>
        <div>
          <dt className="small muted">{t('payouts.payable')}</dt>
          <dd>
            <strong>{formatAmount(s.payable_cents)}</strong>
          </dd>
        </div>
      </dl>
      <p className="small muted">
        {s.held_until
          ? t('payouts.heldUntil', { date: day(s.held_until), days: s.hold_days })
          : t('payouts.holdRule', { days: s.hold_days })}
      </p>
      {s.open ? <OpenPayout payout={s.open} /> : <RequestForm statement={s} />}
      <Statement days={s.days} months={s.months} />
      <History payouts={s.history} />
    </section>
  );
}

export function RequestForm({ statement }: { statement: PayoutStatement }) {
  const t = useT();
  const locale = useLocale();
  const [address, setAddress] = useState('');
  const [amount, setAmount] = useState('');
  const [problems, setProblems] = useState<PayoutProblem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!statement.enabled) return <p className="card small">{t('payouts.notEnabled')}</p>;
  const limits = { minimumCents: statement.minimum_cents, payableCents: statement.payable_cents };
  const problemText = (field: PayoutProblem['field']) => {
    const problem = problems.find((p) => p.field === field);
    if (!problem) return null;
    return t(`payouts.problem.${problem.field}.${problem.kind}`, {
      minimum: formatAmount(limits.minimumCents),
      payable: formatAmount(limits.payableCents),
    });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const check = checkPayoutRequest({ address, amount }, limits, locale);
    if (!check.ok) {
      setProblems(check.problems);
      return;
    }
    setProblems([]);
    setBusy(true);
    try {
      const answer = await requestPayout(address.trim(), (check.cents / 100).toFixed(2));
      showToast(
        t('payouts.requested', {
          amount: formatAmount(answer.payout.amount_cents),
          ton: answer.estimate_nanotons
            ? formatTonAmount(BigInt(answer.estimate_nanotons), locale)
            : '—',
        }),
        'success',
      );
    } catch (failure) {
      setError(refusal(failure, t('payouts.requestError')));
    } finally {
      setBusy(false);
    }
  };
  const addressProblem = problemText('address');
  const amountProblem = problemText('amount');
  const tooLittle = statement.payable_cents < statement.minimum_cents;
  return (
    <form className="card payouts-form" onSubmit={(e) => void submit(e)} noValidate>
      <h3>{t('payouts.requestTitle')}</h3>
      <p className="small muted">
        {tooLittle
          ? t('payouts.belowMinimum', { minimum: formatAmount(statement.minimum_cents) })
          : t('payouts.requestHint', { minimum: formatAmount(statement.minimum_cents) })}
      </p>
      <div className="field">
        <label htmlFor="payout-address">{t('payouts.address')}</label>
        <input
          id="payout-address"
          className="input"
          autoComplete="off"
          spellCheck={false}
          placeholder="UQ…"
          value={address}
          aria-invalid={addressProblem ? true : undefined}
          aria-describedby={addressProblem ? 'payout-address-error' : undefined}
          onChange={(e) => setAddress(e.target.value)}
        />
        {addressProblem && (
          <p id="payout-address-error" className="field-error">
            {addressProblem}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="payout-amount">{t('payouts.amount')}</label>
        <div className="payouts-amount">
          <input
            id="payout-amount"
            className="input"
            inputMode="decimal"
            placeholder={formatAmount(statement.payable_cents)}
            value={amount}
            aria-invalid={amountProblem ? true : undefined}
            aria-describedby={amountProblem ? 'payout-amount-error' : undefined}
            onChange={(e) => setAmount(e.target.value)}
          />
          <Button
            type="button"
            variant="secondary"
            disabled={statement.payable_cents <= 0}
            onClick={() => setAmount((statement.payable_cents / 100).toFixed(2))}
          >
            {t('payouts.all')}
          </Button>
        </div>
        {amountProblem && (
          <p id="payout-amount-error" className="field-error">
            {amountProblem}
          </p>
        )}
      </div>
      <p className="small muted">{t('payouts.tonNote')}</p>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <Button type="submit" busy={busy} busyLabel={t('payouts.sending')} disabled={tooLittle}>
        {t('payouts.request')}
      </Button>
    </form>
  );
}

function OpenPayout({ payout }: { payout: Payout }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    try {
      await cancelPayout(payout.id);
      showToast(t('payouts.cancelled'), 'success');
    } catch (failure) {
      showToast(refusal(failure, t('payouts.cancelError')), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="card payouts-open" aria-label={t('payouts.openTitle')}>
      <h3>{t('payouts.openTitle')}</h3>
      <p>
        <strong>{formatAmount(payout.amount_cents)}</strong> →{' '}
        <code>{shortAddress(payout.address)}</code>
      </p>
      <p className="small muted">
        {t(`payouts.status.${payout.status}`)} · {day(payout.created_at)}
      </p>
      {payout.status === 'requested' && (
        <Button
          variant="secondary"
          busy={busy}
          busyLabel={t('payouts.sending')}
          onClick={() => void cancel()}
        >
          {t('payouts.cancel')}
        </Button>
      )}
    </div>
  );
}

function Statement({ days, months }: { days: StatementDay[]; months: StatementDay[] }) {
  const t = useT();
  const [by, setBy] = useState<'day' | 'month'>('day');
  const rows = by === 'day' ? days : months;
  const label = (period: string) =>
    by === 'day'
      ? formatDate(new Date(`${period}T12:00:00Z`), { day: 'numeric', month: 'short' })
      : formatDate(new Date(`${period}-15T12:00:00Z`), { month: 'long', year: 'numeric' });
  return (
    <section aria-label={t('payouts.statement')}>
      <div className="payouts-statement-head">
        <h3>{t('payouts.statement')}</h3>
        <div className="payouts-toggle" role="group" aria-label={t('payouts.statementBy')}>
          {(['day', 'month'] as const).map((unit) => (
            <button key={unit} type="button" aria-pressed={by === unit} onClick={() => setBy(unit)}>
              {t(`payouts.by.${unit}`)}
            </button>
          ))}
        </div>
      </div>
      {rows.length === 0 ? (
        <EmptyState message={t('payouts.noStatement')} />
      ) : (
        <ul className="list">
          {rows.map((row) => (
            <li key={row.period} className="row-link">
              <span>{label(row.period)}</span>
              <span className="small muted">
                {t('payouts.messages', { count: row.messages })}
                {row.reversed_cents !== 0 &&
                  ` · ${t('payouts.reversed', { amount: formatAmount(-row.reversed_cents) })}`}
              </span>
              <strong className="workspace-amount">
                {formatAmount(row.earned_cents + row.reversed_cents)}
              </strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function History({ payouts }: { payouts: Payout[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <section aria-label={t('payouts.history')}>
      <h3>{t('payouts.history')}</h3>
      {payouts.length === 0 ? (
        <EmptyState message={t('payouts.noHistory')} />
      ) : (
        <ul className="list">
          {payouts.map((p) => (
            <li key={p.id} className="row-link payouts-history-row">
              <span>
                {t(`payouts.status.${p.status}`)}
                {p.method === 'outside' && ` · ${t('payouts.outside')}`}
              </span>
              <span className="small muted">
                {day(p.paid_at ?? p.closed_at ?? p.created_at)}
                {p.amount_nanotons && ` · ${formatTonAmount(BigInt(p.amount_nanotons), locale)}`}
                {p.explorer_url && (
                  <>
                    {' · '}
                    <a href={p.explorer_url} target="_blank" rel="noreferrer">
                      {t('payouts.transaction')}
                    </a>
                  </>
                )}
              </span>
              <strong className="workspace-amount">{formatAmount(p.amount_cents)}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
