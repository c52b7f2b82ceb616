/** /apply: "Become an advisor" — the form, or the applicant's application: its stage, the thread with staff, the outcome. */
import { useState, type FormEvent } from 'react';
import { APPLICATION_LIMITS, type Application, type MyApplicationAnswer } from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { formatDate, useT } from '../../lib/i18n';
import { Button, ButtonLink } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { replyToApplication, useMyApplication } from './api/application';
import { ApplyForm } from './apply-form';
import './apply.css';

/** The screening steps the applicant sees, in order (the article's four). */
const STEPS = ['submitted', 'practical_test', 'work_history', 'interview', 'trial'] as const;

const WHEN: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

function Steps({ application }: { application: Application }) {
  const t = useT();
  const reached =
    application.stage === 'accepted'
      ? STEPS.length
      : STEPS.indexOf(application.stage as (typeof STEPS)[number]);
  return (
    <ol className="apply-steps" aria-label={t('apply.stepsLabel')}>
      {STEPS.map((step, index) => (
        <li
          key={step}
          data-state={index < reached ? 'done' : index === reached ? 'current' : 'next'}
          aria-current={index === reached ? 'step' : undefined}
        >
          {t(`apply.stage.${step}`)}
        </li>
      ))}
    </ol>
  );
}

function Thread({ application }: { application: Application }) {
  const t = useT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = ['submitted', 'practical_test', 'work_history', 'interview'].includes(
    application.stage,
  );
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setBusy(true);
    setFailure(null);
    try {
      await replyToApplication(text);
      setText('');
    } catch (problem) {
      setFailure(isApiError(problem) ? errorText(problem) : t('apply.errors.failed'));
    } finally {
      setBusy(false);
    }
  };
  if (!open && application.notes.length === 0) return null;
  return (
    <section className="card apply-section" aria-labelledby="apply-thread">
      <h2 id="apply-thread">{t('apply.thread')}</h2>
      {application.notes.length === 0 && <p className="small muted">{t('apply.threadEmpty')}</p>}
      <ul className="apply-notes">
        {application.notes.map((note) => (
          <li key={note.id} data-from={note.from}>
            <span className="small muted">
              {t(`apply.from.${note.from}`)} · {formatDate(new Date(note.created_at), WHEN)}
            </span>
            <p>{note.text}</p>
          </li>
        ))}
      </ul>
      {open && (
        <form onSubmit={(e) => void send(e)} className="apply-reply">
          <label htmlFor="apply-reply" className="visually-hidden">
            {t('apply.reply')}
          </label>
          <textarea
            id="apply-reply"
            className="input"
            rows={3}
            maxLength={APPLICATION_LIMITS.noteMaxLength}
            placeholder={t('apply.reply')}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          {failure && (
            <p className="field-error" role="alert">
              {failure}
            </p>
          )}
          <Button type="submit" variant="secondary" disabled={busy || !text.trim()}>
            {t('apply.send')}
          </Button>
        </form>
      )}
    </section>
  );
}

function Status({
  answer,
  application,
}: {
  answer: MyApplicationAnswer;
  application: Application;
}) {
  const t = useT();
  return (
    <>
      <section
        className="card apply-section"
        data-testid="apply-status"
        data-stage={application.stage}
      >
        <h2>{t(`apply.status.${application.stage}`)}</h2>
        <Steps application={application} />
        {application.stage === 'refused' && (
          <>
            <p>{t('apply.refusedBecause')}</p>
            <blockquote className="apply-question">{application.refusal_reason}</blockquote>
            {answer.reapply_after && (
              <p className="small muted">
                {t('apply.reapplyAfter', {
                  date: formatDate(new Date(answer.reapply_after), {
                    day: 'numeric',
                    month: 'long',
                    year: 'numeric',
                  }),
                })}
              </p>
            )}
          </>
        )}
        {(application.stage === 'trial' || application.stage === 'accepted') && (
          <ButtonLink href="/workspace" block>
            {t('apply.openWorkspace')}
          </ButtonLink>
        )}
      </section>
      <Thread application={application} />
    </>
  );
}

export default function ApplyPage() {
  const t = useT();
  const mine = useMyApplication();
  return (
    <div className="page apply">
      <PageHeader title={t('apply.title')} back />
      {mine.status === 'loading' && <LoadingState />}
      {mine.status === 'error' && (
        <ErrorState message={t('apply.errors.load')} onRetry={mine.retry} />
      )}
      {mine.status === 'success' && (
        <>
          {mine.data.application && !mine.data.can_apply && (
            <Status answer={mine.data} application={mine.data.application} />
          )}
          {mine.data.can_apply && (
            <>
              <p>{t('apply.intro')}</p>
              <ApplyForm question={mine.data.sample_question} />
            </>
          )}
        </>
      )}
    </div>
  );
}
