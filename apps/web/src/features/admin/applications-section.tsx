/**
 * Advisor applications: each with its form and sample reading, moved forward through the
 * screening steps, a thread with the applicant, approval into a trial, refusal with a reason.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  APPLICATION_STAGES,
  OPEN_APPLICATION_STAGES,
  findCategory,
  formatCents,
  parseMoney,
  type AdminApplication,
  type ApplicationStage,
} from '@seer/contract';
import { formatDate, useLocale, useT } from '../../lib/i18n';
import { Avatar } from '../../shared/ui/avatar';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/toast';
import { AdminList } from './admin-list';
import { refusalText } from './confirm-action';
import {
  approveApplication,
  endTrial,
  moveApplication,
  refuseApplication,
  useApplications,
  writeApplicationNote,
} from './api/applications';
import './applications-section.css';

const WHEN: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

/** A screening step by its article name; a decided application by its outcome. */
function stageLabel(t: ReturnType<typeof useT>, stage: ApplicationStage): string {
  return (OPEN_APPLICATION_STAGES as readonly string[]).includes(stage)
    ? t(`apply.stage.${stage}`)
    : t(`apply.admin.outcome.${stage}`);
}

/** Runs a staff action, says it was saved or why not. */
function useAction() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>): Promise<boolean> => {
    setBusy(true);
    try {
      await action();
      showToast(t('apply.admin.done'), 'success');
      return true;
    } catch (error) {
      showToast(
        `${t('apply.admin.failed')} ${refusalText(error, t('common.genericError'))}`,
        'error',
      );
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function TextAction({
  id,
  label,
  submit,
  variant = 'secondary',
  extra,
  onSubmit,
}: {
  id: string;
  label: string;
  submit: string;
  variant?: 'secondary' | 'danger';
  extra?: ReactNode;
  onSubmit: (text: string) => Promise<boolean>;
}) {
  const [text, setText] = useState('');
  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSubmit(text)) setText('');
  };
  return (
    <form className="field" onSubmit={(e) => void send(e)}>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        className="input"
        rows={2}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {extra}
      <Button type="submit" variant={variant} disabled={!text.trim()}>
        {submit}
      </Button>
    </form>
  );
}

function ApplicationCard({ application }: { application: AdminApplication }) {
  const t = useT();
  const locale = useLocale();
  const { busy, run } = useAction();
  const [internal, setInternal] = useState(false);
  const [price, setPrice] = useState('');
  const [category, setCategory] = useState(application.category_ids[0] ?? 1);
  const open = (OPEN_APPLICATION_STAGES as readonly string[]).includes(application.stage);
  // Only an open application has a next step; a decided one shows its outcome instead.
  const next = open
    ? OPEN_APPLICATION_STAGES[OPEN_APPLICATION_STAGES.indexOf(application.stage as never) + 1]
    : undefined;
  const id = application.id;
  return (
    <li
      className="card admin-application"
      data-testid={`application-${id}`}
      data-stage={application.stage}
    >
      <div className="admin-application-head">
        <Avatar src={application.photo} alt="" size={48} />
        <span>
          <strong>{application.name}</strong>
          <span className="small muted admin-block">
            {t('apply.admin.applicant', { id: application.telegram_user_id })}
            {application.username ? ` · @${application.username}` : ''} ·{' '}
            {formatDate(new Date(application.created_at), WHEN)}
          </span>
        </span>
      </div>
      <p className="small admin-block">
        <strong>{stageLabel(t, application.stage)}</strong>
        {' · '}
        {t('apply.admin.experience', { count: application.experience })} ·{' '}
        {application.languages.map((l) => t(`apply.language.${l}`)).join(', ')} ·{' '}
        {application.category_ids
          .map((c) => t(`categories.${findCategory(c)?.slug ?? ''}`))
          .join(', ')}
      </p>
      {Object.entries(application.about).map(([language, text]) => (
        <p key={language} lang={language} className="small admin-pre">
          {text}
        </p>
      ))}
      <details>
        <summary>{t('apply.admin.reading')}</summary>
        <p className="small muted">
          {t('apply.admin.question')}: {application.sample_question}
        </p>
        <p className="small admin-pre">{application.sample_reading}</p>
      </details>
      {!open && (
        <div
          className="admin-application-outcome"
          data-testid={`outcome-${id}`}
          data-outcome={application.stage}
        >
          <strong>{stageLabel(t, application.stage)}</strong>
          <span className="small admin-block">
            {application.stage === 'refused'
              ? t('apply.admin.outcomeText.refused')
              : t(`apply.admin.outcomeText.${application.stage as 'trial' | 'accepted'}`, {
                  id: application.advisor_id ?? '',
                })}
          </span>
          {application.refusal_reason && (
            <span className="small admin-block admin-pre">{application.refusal_reason}</span>
          )}
        </div>
      )}

      {application.notes.length > 0 && (
        <ul className="list admin-application-notes">
          {application.notes.map((note) => (
            <li key={note.id} className="small" data-from={note.from}>
              <span className="muted">
                {t(`apply.from.${note.from}`)}
                {note.internal ? ` · ${t('apply.admin.internal')}` : ''} ·{' '}
                {formatDate(new Date(note.created_at), WHEN)}
              </span>
              <span className="admin-block admin-pre">{note.text}</span>
            </li>
          ))}
        </ul>
      )}

      {next && (
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => void run(() => moveApplication({ id, stage: next }))}
        >
          {t('apply.admin.moveTo', { stage: t(`apply.stage.${next}`) })}
        </Button>
      )}
      <TextAction
        id={`note-${id}`}
        label={t('apply.admin.note')}
        submit={t('apply.admin.addNote')}
        extra={
          <label className="small">
            <input
              type="checkbox"
              checked={internal}
              onChange={(e) => setInternal(e.target.checked)}
            />{' '}
            {t('apply.admin.internal')}
          </label>
        }
        onSubmit={(text) => run(() => writeApplicationNote({ id, text, internal }))}
      />
      {application.stage === 'interview' && (
        <form
          className="admin-application-approve"
          onSubmit={(event) => {
            event.preventDefault();
            // Read the way the admin's language writes it ("1,50" in Russian); what is no
            // amount goes as typed, for the server to name the problem.
            const parsed = parseMoney(price, locale);
            const dollars = parsed.ok ? formatCents(parsed.cents) : price.trim();
            void run(() => approveApplication({ id, price: dollars, category_id: category }));
          }}
        >
          <div className="field">
            <label htmlFor={`price-${id}`}>{t('apply.admin.price')}</label>
            <input
              id={`price-${id}`}
              className="input"
              inputMode="decimal"
              value={price}
              onChange={(e) => setPrice(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor={`category-${id}`}>{t('apply.admin.category')}</label>
            <select
              id={`category-${id}`}
              className="input"
              value={category}
              onChange={(e) => setCategory(Number(e.target.value))}
            >
              {application.category_ids.map((c) => (
                <option key={c} value={c}>
                  {t(`categories.${findCategory(c)?.slug ?? ''}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={busy || !price.trim()}>
            {t('apply.admin.approve')}
          </Button>
        </form>
      )}
      {open && (
        <TextAction
          id={`refuse-${id}`}
          label={t('apply.admin.reason')}
          submit={t('apply.admin.refuse')}
          variant="danger"
          onSubmit={(reason) => run(() => refuseApplication({ id, reason }))}
        />
      )}
      {application.stage === 'trial' && (
        <Button variant="secondary" disabled={busy} onClick={() => void run(() => endTrial(id))}>
          {t('apply.admin.endTrial')}
        </Button>
      )}
    </li>
  );
}

export function ApplicationsSection() {
  const t = useT();
  const [stage, setStage] = useState<ApplicationStage | null>(null);
  const applications = useApplications(stage);
  return (
    <section aria-label={t('admin.section.applications')}>
      <p className="small muted">{t('apply.admin.hint')}</p>
      <div className="field">
        <select
          className="input"
          aria-label={t('admin.section.applications')}
          value={stage ?? ''}
          onChange={(e) => setStage((e.target.value || null) as ApplicationStage | null)}
        >
          <option value="">{t('apply.admin.all')}</option>
          {APPLICATION_STAGES.map((s) => (
            <option key={s} value={s}>
              {stageLabel(t, s)}
            </option>
          ))}
        </select>
      </div>
      <AdminList
        data={applications}
        items={(answer) => answer.applications}
        empty={t('apply.admin.none')}
      >
        {(application) => <ApplicationCard key={application.id} application={application} />}
      </AdminList>
    </section>
  );
}
