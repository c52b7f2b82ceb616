/** One case as its user sees it: the advisor, the status, the messages and amounts, staff's words. */
import { formatMoney, type Dispute } from '@seer/contract';
import { formatDate, useLocale, useT } from '../../lib/i18n';

const WHEN: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
};

export function DisputeCard({ dispute }: { dispute: Dispute }) {
  const t = useT();
  const locale = useLocale();
  const money = (cents: number) => formatMoney(cents, locale);
  return (
    <article
      className="card dispute-card"
      data-testid="dispute"
      data-status={dispute.status}
      aria-labelledby={`dispute-${dispute.id}`}
    >
      <header className="dispute-head">
        <h2 id={`dispute-${dispute.id}`}>
          {t('disputes.caseWith', { name: dispute.advisor_name })}
        </h2>
        <span className="dispute-status" data-status={dispute.status}>
          {t(`disputes.status.${dispute.status}`)}
        </span>
      </header>
      <p className="small muted">
        {t('disputes.openedAt', { when: formatDate(new Date(dispute.created_at), WHEN) })}
      </p>
      <p className="dispute-text">{dispute.text}</p>
      <ul className="dispute-messages" aria-label={t('disputes.messages')}>
        {dispute.messages.map((message) => (
          <li key={message.id}>
            <span className="dispute-message-text">{message.text}</span>
            <span className="small muted">
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
      {dispute.status === 'open' && <p className="small">{t('disputes.openHint')}</p>}
      {(dispute.status === 'refunded' || dispute.status === 'partly_refunded') && (
        <p data-testid="dispute-outcome">
          {t('disputes.refundedOutcome', {
            amount: money(dispute.refunded_cents),
            claimed: money(dispute.claimed_cents),
          })}
        </p>
      )}
      {dispute.status === 'refused' && <p>{t('disputes.refusedOutcome')}</p>}
      {dispute.resolution_note && (
        <blockquote className="dispute-note">{dispute.resolution_note}</blockquote>
      )}
    </article>
  );
}
