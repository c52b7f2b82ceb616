/**
 * Referral credits: the free messages paid to inviters and invitees at an invitee's first top-up,
 * newest first, optionally of one user; each can be reversed once with a reason (what is left of
 * it is taken back; spent free messages stay spent).
 */
import { AdminList } from './admin-list';
import { useState } from 'react';
import { Link } from 'wouter';
import { formatDate, useT } from '../../lib/i18n';
import { showToast } from '../../shared/ui/toast';
import {
  reverseReferral,
  useReferralCredits,
  type AdminReferralCreditRow,
} from './api/referral-credits';
import { ConfirmAction } from './confirm-action';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

function CreditRow({ credit, reason }: { credit: AdminReferralCreditRow; reason: string }) {
  const t = useT();
  const who = credit.user_name
    ? `${credit.user_name} (#${credit.telegram_user_id})`
    : `#${credit.telegram_user_id}`;
  return (
    <li className="card" data-ledger-id={credit.ledger_id}>
      <div className="admin-row">
        <span className="admin-grow">
          <strong>
            <Link href={`/admin/user/${credit.telegram_user_id}`}>{who}</Link>
          </strong>
          <span className="small muted admin-block">
            {credit.role === 'inviter'
              ? t('links.admin.asInviter', { invitee: credit.invitee_id })
              : t('links.admin.asInvitee', { inviter: credit.inviter_id })}
            {' · '}
            {formatDate(new Date(credit.created_at), DATE_TIME)}
          </span>
        </span>
        <span className="small">
          {t('links.admin.freeMessages', { count: credit.free_messages })}
        </span>
      </div>
      {credit.reversed_free_messages !== null ? (
        <span className="small muted admin-block">
          {t('links.admin.reversed', { count: credit.reversed_free_messages })}
        </span>
      ) : (
        <div className="admin-actions">
          <ConfirmAction
            variant="secondary"
            label={t('links.admin.reverse')}
            disabled={!reason.trim()}
            question={t('links.admin.confirmReverse', { count: credit.free_messages, who })}
            onConfirm={async () => {
              const answer = await reverseReferral(credit.ledger_id, reason.trim());
              showToast(
                t('links.admin.reverseDone', {
                  count: answer.taken_back,
                  used: answer.already_used,
                }),
                'success',
              );
            }}
          />
        </div>
      )}
    </li>
  );
}

export function ReferralsSection() {
  const t = useT();
  const [userText, setUserText] = useState('');
  const [reason, setReason] = useState('');
  const userId = /^\d{1,15}$/.test(userText.trim()) ? Number(userText.trim()) : null;
  const credits = useReferralCredits(userId);
  return (
    <section aria-label={t('admin.section.referrals')}>
      <p className="small muted">{t('links.admin.hint')}</p>
      <div className="field">
        <label htmlFor="referral-user">{t('links.admin.filter')}</label>
        <input
          id="referral-user"
          className="input"
          inputMode="numeric"
          value={userText}
          onChange={(event) => setUserText(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="referral-reason">{t('links.admin.reason')}</label>
        <input
          id="referral-reason"
          className="input"
          value={reason}
          maxLength={1000}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      <AdminList data={credits} items={(answer) => answer.credits} empty={t('links.admin.none')}>
        {(credit) => <CreditRow key={credit.ledger_id} credit={credit} reason={reason} />}
      </AdminList>
    </section>
  );
}
