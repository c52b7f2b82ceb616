/** Credit or debit a user's balance with a reason; checked here, confirmed, then sent (AdminCredit). */
import { useState, type FormEvent } from 'react';
import { formatAmount, useLocale, useT } from '../../lib/i18n';
import { Button } from '../../shared/ui/button';
import { refusalText } from './confirm-action';
import { checkCredit, type CreditProblem } from './credit-check';

interface CreditFormProps {
  user: { telegram_user_id: number; name: string; balance_cents: number };
  send: (
    amount: string,
    reason: string,
  ) => Promise<{ balance_cents: number; amount_cents: number }>;
  onDone: (balanceCents: number) => void;
}

export function CreditForm({ user, send, onDone }: CreditFormProps) {
  const t = useT();
  const locale = useLocale();
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Partial<Record<'amount' | 'reason', CreditProblem>>>({});
  const [pending, setPending] = useState<{ cents: number; amount: string; reason: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const review = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    const check = checkCredit(amount, reason, user.balance_cents, locale);
    if (!check.ok) {
      setProblems(check.problems);
      setPending(null);
      return;
    }
    setProblems({});
    setPending(check);
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await send(pending.amount, pending.reason);
      setDone(t('admin.credit.done', { balance: formatAmount(answer.balance_cents) }));
      setPending(null);
      setAmount('');
      setReason('');
      onDone(answer.balance_cents);
    } catch (failure) {
      setError(refusalText(failure, t('admin.genericError')));
    } finally {
      setBusy(false);
    }
  };

  const question = pending
    ? t(pending.cents > 0 ? 'admin.credit.confirmCredit' : 'admin.credit.confirmDebit', {
        amount: formatAmount(Math.abs(pending.cents)),
        name: user.name,
        id: user.telegram_user_id,
      })
    : '';

  return (
    <form
      className="card admin-form"
      onSubmit={review}
      noValidate
      aria-label={t('admin.credit.title')}
    >
      <h2>{t('admin.credit.title')}</h2>
      <p className="small muted">{t('admin.credit.hint')}</p>
      <div className="field">
        <label htmlFor="credit-amount">{t('admin.credit.amount')}</label>
        <input
          id="credit-amount"
          className="input"
          inputMode="decimal"
          value={amount}
          aria-invalid={problems.amount ? true : undefined}
          aria-describedby={problems.amount ? 'credit-amount-error' : undefined}
          onChange={(event) => {
            setAmount(event.target.value);
            setPending(null);
          }}
        />
        {problems.amount && (
          <span id="credit-amount-error" className="field-error">
            {t(`admin.credit.${problems.amount}`, { balance: formatAmount(user.balance_cents) })}
          </span>
        )}
      </div>
      <div className="field">
        <label htmlFor="credit-reason">{t('admin.credit.reason')}</label>
        <input
          id="credit-reason"
          className="input"
          value={reason}
          aria-invalid={problems.reason ? true : undefined}
          aria-describedby={problems.reason ? 'credit-reason-error' : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setPending(null);
          }}
        />
        {problems.reason && (
          <span id="credit-reason-error" className="field-error">
            {t(`admin.credit.${problems.reason}`)}
          </span>
        )}
      </div>
      {pending ? (
        <div className="admin-confirm" role="group" aria-label={question}>
          <p>{question}</p>
          <div className="admin-actions">
            <Button
              variant="danger"
              busy={busy}
              busyLabel={t('admin.working')}
              onClick={() => void confirm()}
            >
              {t('admin.confirm')}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={() => setPending(null)}>
              {t('common.cancel')}
            </Button>
          </div>
        </div>
      ) : (
        <Button type="submit">{t('admin.credit.submit')}</Button>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {done && (
        <p className="admin-done" role="status">
          {done}
        </p>
      )}
    </form>
  );
}
