/**
 * /disputes/new/:id (from the chat's menu): "Something went wrong with this reading" — choose the
 * paid messages of the chat it is about and say what went wrong; or the chat's open case.
 */
import { useState, type FormEvent } from 'react';
import { useLocation, useParams } from 'wouter';
import { DISPUTE_LIMITS, formatMoney } from '@seer/contract';
import { errorText } from '../../lib/error-text';
import { formatDate, useLocale, useT } from '../../lib/i18n';
import { Button, ButtonLink } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { showToast } from '../../shared/ui/toast';
import { openDispute, useDisputable } from './api/disputes';
import { DisputeCard } from './dispute-card';
import './disputes.css';

const WHEN: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

export default function OpenDisputePage() {
  const t = useT();
  const locale = useLocale();
  const [, setLocation] = useLocation();
  const params = useParams<{ id: string }>();
  const managerId = /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : null;
  const disputable = useDisputable(managerId);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const toggle = (id: number) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else if (next.size < DISPUTE_LIMITS.maxMessages) next.add(id);
      return next;
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (managerId === null || chosen.size === 0 || !text.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      await openDispute({ manager_id: managerId, message_ids: [...chosen], text });
      showToast(t('disputes.opened'), 'success');
      setLocation('/disputes', { replace: true });
    } catch (problem) {
      setFailure(errorText(problem, t('disputes.openFailed')));
    } finally {
      setBusy(false);
    }
  };

  const body = () => {
    if (managerId === null) return <EmptyState message={t('disputes.notFound')} />;
    if (disputable.status === 'loading') return <LoadingState />;
    if (disputable.status === 'error')
      return <ErrorState message={t('common.screenError')} onRetry={disputable.retry} />;
    const answer = disputable.data;
    if (answer.open_dispute)
      return (
        <>
          <p className="small">{t('disputes.alreadyOpen')}</p>
          <DisputeCard dispute={answer.open_dispute} />
          <ButtonLink href="/disputes" variant="secondary" block>
            {t('disputes.myCases')}
          </ButtonLink>
        </>
      );
    if (answer.messages.length === 0)
      return (
        <EmptyState message={t('disputes.noMessages', { count: answer.window_days })}>
          <ButtonLink href="/disputes" variant="secondary">
            {t('disputes.myCases')}
          </ButtonLink>
        </EmptyState>
      );
    const total = answer.messages
      .filter((message) => chosen.has(message.id))
      .reduce((sum, message) => sum + message.refundable_cents, 0);
    return (
      <form className="dispute-form" onSubmit={(e) => void submit(e)}>
        <p className="small muted">{t('disputes.intro', { count: answer.window_days })}</p>
        <fieldset className="dispute-choices">
          <legend>{t('disputes.chooseMessages')}</legend>
          {answer.messages.map((message) => (
            <label key={message.id} className="dispute-choice">
              <input
                type="checkbox"
                checked={chosen.has(message.id)}
                onChange={() => toggle(message.id)}
              />
              <span className="dispute-choice-text">
                <span className="dispute-message-text">{message.text}</span>
                <span className="small muted">
                  {formatDate(new Date(message.created_at), WHEN)} ·{' '}
                  {formatMoney(message.refundable_cents, locale)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <label htmlFor="dispute-text" className="dispute-label">
          {t('disputes.whatWentWrong')}
        </label>
        <textarea
          id="dispute-text"
          className="input"
          rows={4}
          maxLength={DISPUTE_LIMITS.textMaxLength * 2}
          placeholder={t('disputes.textPlaceholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        {failure && (
          <p className="field-error" role="alert">
            {failure}
          </p>
        )}
        <Button
          type="submit"
          block
          busy={busy}
          busyLabel={t('disputes.opening')}
          disabled={chosen.size === 0 || !text.trim()}
        >
          {chosen.size === 0
            ? t('disputes.open')
            : t('disputes.openFor', { count: chosen.size, amount: formatMoney(total, locale) })}
        </Button>
      </form>
    );
  };

  return (
    <div className="page disputes">
      <PageHeader title={t('disputes.newTitle')} back />
      {body()}
    </div>
  );
}
