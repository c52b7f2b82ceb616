/**
 * Disputes: users' cases about paid messages, open ones first. Staff refund all of a case or part
 * of it (the amount typed in the admin's language), or refuse it with a reason the user is told.
 */
import { useState } from 'react';
import {
  DISPUTE_LIMITS,
  DISPUTE_STATUSES,
  formatMoney,
  parseMoney,
  type AdminDispute,
  type DisputeStatus,
} from '@seer/contract';
import { formatDate, useLocale, useT } from '../../lib/i18n';
import { showToast } from '../../shared/ui/toast';
import { resolveDispute, useAdminDisputes } from './api/disputes';
import { AdminList } from './admin-list';
import { ConfirmAction } from './confirm-action';
import './disputes-section.css';

const WHEN: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

function Decide({ dispute }: { dispute: AdminDispute }) {
  const t = useT();
  const locale = useLocale();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [reason, setReason] = useState('');
  const claimed = formatMoney(dispute.claimed_cents, locale);
  const parsed = amount.trim() ? parseMoney(amount, locale) : null;
  const partCents =
    parsed?.ok && parsed.cents > 0 && parsed.cents <= dispute.claimed_cents ? parsed.cents : null;
  const name = dispute.user_name || t('disputes.admin.noName');
  const decided = (already: boolean) =>
    showToast(t(already ? 'disputes.admin.alreadyDone' : 'disputes.admin.done'), 'success');

  return (
    <div className="admin-dispute-decide">
      <label className="small" htmlFor={`dispute-note-${dispute.id}`}>
        {t('disputes.admin.note')}
      </label>
      <textarea
        id={`dispute-note-${dispute.id}`}
        className="input"
        rows={2}
        maxLength={DISPUTE_LIMITS.noteMaxLength * 2}
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <div className="admin-actions">
        <ConfirmAction
          label={t('disputes.admin.full', { amount: claimed })}
          question={t('disputes.admin.confirmRefund', { amount: claimed, name })}
          onConfirm={async () => {
            const answer = await resolveDispute({
              id: dispute.id,
              decision: 'refund',
              ...(note.trim() ? { note } : {}),
            });
            decided(answer.already_resolved);
          }}
        />
      </div>
      <label className="small" htmlFor={`dispute-amount-${dispute.id}`}>
        {t('disputes.admin.amount')}
      </label>
      <input
        id={`dispute-amount-${dispute.id}`}
        className="input"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
      />
      {amount.trim() && partCents === null && (
        <p className="field-error">
          {t('disputes.admin.badAmount', { min: formatMoney(1, locale), max: claimed })}
        </p>
      )}
      <div className="admin-actions">
        <ConfirmAction
          variant="secondary"
          disabled={partCents === null}
          label={t('disputes.admin.partial')}
          question={t('disputes.admin.confirmRefund', {
            amount: formatMoney(partCents ?? 0, locale),
            name,
          })}
          onConfirm={async () => {
            const answer = await resolveDispute({
              id: dispute.id,
              decision: 'refund',
              refund_cents: partCents!,
              ...(note.trim() ? { note } : {}),
            });
            decided(answer.already_resolved);
          }}
        />
      </div>
      <label className="small" htmlFor={`dispute-reason-${dispute.id}`}>
        {t('disputes.admin.reason')}
      </label>
      <textarea
        id={`dispute-reason-${dispute.id}`}
        className="input"
        rows={2}
        maxLength={DISPUTE_LIMITS.noteMaxLength * 2}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="admin-actions">
        <ConfirmAction
          variant="danger"
          disabled={!reason.trim()}
          label={t('disputes.admin.refuse')}
          question={t('disputes.admin.confirmRefuse')}
          onConfirm={async () => {
            const answer = await resolveDispute({ id: dispute.id, decision: 'refuse', reason });
            decided(answer.already_resolved);
          }}
        />
      </div>
    </div>
  );
}

function DisputeRow({ dispute }: { dispute: AdminDispute }) {
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <li className="card admin-dispute" data-testid="admin-dispute" data-status={dispute.status}>
      <strong>{t(`disputes.status.${dispute.status}`)}</strong>
      <span className="small admin-block">
        {t('disputes.admin.user', {
          name: dispute.user_name || t('disputes.admin.noName'),
          id: dispute.telegram_user_id,
        })}
      </span>
      <span className="small admin-block">
        {t('disputes.admin.advisor', { name: dispute.advisor_name })}
      </span>
      <span className="small muted admin-block">
        {t('disputes.openedAt', { when: formatDate(new Date(dispute.created_at), WHEN) })}
      </span>
      <p className="admin-dispute-text">{dispute.text}</p>
      <ul className="admin-dispute-messages">
        {dispute.messages.map((message) => (
          <li key={message.id}>
            <span>{message.text}</span>
            <span className="small muted">
              {` #${message.id} · ${formatDate(new Date(message.created_at), WHEN)} · `}
              {message.refunded_cents > 0
                ? t('disputes.messageRefunded', {
                    refunded: money(message.refunded_cents),
                    price: money(message.refundable_cents),
                  })
                : money(message.refundable_cents)}
            </span>
          </li>
        ))}
      </ul>
      <span className="small admin-block">
        {t('disputes.admin.claimed', { amount: money(dispute.claimed_cents) })}
      </span>
      {dispute.status === 'open' ? (
        <Decide dispute={dispute} />
      ) : (
        <>
          {dispute.refunded_cents > 0 && (
            <span className="admin-block">
              {t('disputes.admin.refunded', {
                amount: money(dispute.refunded_cents),
                claimed: money(dispute.claimed_cents),
              })}
            </span>
          )}
          {dispute.resolution_note && (
            <blockquote className="admin-dispute-text">{dispute.resolution_note}</blockquote>
          )}
          {dispute.resolved_at && (
            <span className="small muted admin-block">
              {t('disputes.admin.decidedBy', {
                when: formatDate(new Date(dispute.resolved_at), WHEN),
              })}
            </span>
          )}
        </>
      )}
    </li>
  );
}

export function DisputesSection() {
  const t = useT();
  const [status, setStatus] = useState<DisputeStatus | null>('open');
  const disputes = useAdminDisputes(status);
  return (
    <section aria-label={t('admin.section.disputes')}>
      <p className="small muted">{t('disputes.admin.hint')}</p>
      <label className="small" htmlFor="dispute-filter">
        {t('disputes.admin.filter')}{' '}
        <select
          id="dispute-filter"
          className="input"
          value={status ?? ''}
          onChange={(e) => setStatus((e.target.value || null) as DisputeStatus | null)}
        >
          <option value="">{t('disputes.admin.all')}</option>
          {DISPUTE_STATUSES.map((name) => (
            <option key={name} value={name}>
              {t(`disputes.status.${name}`)}
            </option>
          ))}
        </select>
      </label>
      <AdminList
        data={disputes}
        items={(answer) => answer.disputes}
        empty={t('disputes.admin.none')}
      >
        {(dispute) => <DisputeRow key={dispute.id} dispute={dispute} />}
      </AdminList>
    </section>
  );
}
