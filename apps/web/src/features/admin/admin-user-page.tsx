/**
 * /admin/user/:telegramUserId: one user's balance and ledger, with the credit/debit form and
 * "End sessions" (every open app of the user must be reopened from Telegram, decision 034).
 */
import { useState } from 'react';
import { useParams } from 'wouter';
import { formatAmount, formatAmountChange, formatDate, hasText, useT } from '../../lib/i18n';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { AdminGate } from './admin-gate';
import { creditUser } from './api/credit';
import { endSessions } from './api/end-sessions';
import { useUserLedger } from './api/user-ledger';
import { ConfirmAction, refusalText } from './confirm-action';
import { CreditForm } from './credit-form';
import './admin.css';

/** Ends every session of the user after asking; says how many were open. */
function EndSessions({ user }: { user: { telegram_user_id: number; name: string } }) {
  const t = useT();
  const [ended, setEnded] = useState<number | null>(null);
  return (
    <section className="card">
      <p className="small muted">{t('admin.users.endSessionsHint')}</p>
      <ConfirmAction
        label={t('admin.users.endSessions')}
        variant="secondary"
        question={t('admin.users.confirmEndSessions', {
          name: user.name,
          id: user.telegram_user_id,
        })}
        onConfirm={async () => {
          setEnded((await endSessions(user.telegram_user_id)).ended);
        }}
      />
      {ended !== null && (
        <p className="small" role="status">
          {t('admin.users.sessionsEnded', { count: ended })}
        </p>
      )}
    </section>
  );
}

function UserLedger({ telegramUserId }: { telegramUserId: number }) {
  const t = useT();
  const ledger = useUserLedger(telegramUserId);
  if (ledger.status === 'loading') return <LoadingState />;
  if (ledger.status === 'error')
    return (
      <ErrorState
        message={refusalText(ledger.error, t('admin.loadError'))}
        onRetry={ledger.retry}
      />
    );
  const { user, ledger: entries } = ledger.data;
  return (
    <>
      <section className="card">
        <strong>{user.name}</strong>
        <div className="small muted">
          #{user.telegram_user_id}
          {user.username ? ` · @${user.username}` : ''} ·{' '}
          {t('admin.users.since', {
            date: formatDate(new Date(user.created_at), {
              day: 'numeric',
              month: 'short',
              year: 'numeric',
            }),
          })}
        </div>
        <p>
          {t('admin.users.balance')}:{' '}
          <strong data-testid="admin-user-balance">{formatAmount(user.balance_cents)}</strong> ·{' '}
          {t('admin.users.freeMessages', { count: user.free_messages })}
        </p>
      </section>
      <CreditForm
        user={user}
        send={(amount, reason) => creditUser(user.telegram_user_id, amount, reason)}
        onDone={() => void ledger.refetch()}
      />
      <EndSessions user={user} />
      <h2 className="admin-subtitle">{t('admin.users.ledger')}</h2>
      {entries.length === 0 ? (
        <EmptyState message={t('admin.users.noLedger')} />
      ) : (
        <ul className="list">
          {entries.map((entry) => (
            <li key={entry.id} className="row-link admin-ledger-row">
              <span className="admin-grow">
                <span>
                  {hasText(`admin.reason.${entry.reason}`)
                    ? t(`admin.reason.${entry.reason}`)
                    : entry.reason}
                </span>
                {entry.note && <span className="small muted"> · {entry.note}</span>}
                <span className="small muted admin-block">
                  {formatDate(new Date(entry.created_at), {
                    day: 'numeric',
                    month: 'short',
                    year: 'numeric',
                    hour: '2-digit',
                    minute: '2-digit',
                  })}
                </span>
              </span>
              <strong className={entry.amount_cents < 0 ? 'admin-negative' : 'admin-positive'}>
                {formatAmountChange(entry.amount_cents)}
              </strong>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

export default function AdminUserPage() {
  const t = useT();
  const params = useParams<{ telegramUserId: string }>();
  const id = Number(params.telegramUserId);
  return (
    <AdminGate>
      <div className="page admin">
        <PageHeader title={t('admin.users.title')} back />
        {Number.isSafeInteger(id) && id > 0 ? (
          <UserLedger telegramUserId={id} />
        ) : (
          <ErrorState message={t('admin.users.badId')} />
        )}
      </div>
    </AdminGate>
  );
}
