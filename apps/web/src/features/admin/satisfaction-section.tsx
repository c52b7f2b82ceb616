/** Satisfaction credits, read-only: each offer after a 1 or 2 star rating, what it pays back, and whether the user took it. */
import type { AdminSatisfactionCredit } from '@seer/contract';
import { formatMoney } from '@seer/contract';
import { formatDate, useLocale, useT } from '../../lib/i18n';
import { useSatisfactionCredits } from './api/satisfaction-credits';
import { AdminList } from './admin-list';

const DATE_TIME: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

function CreditRow({ credit }: { credit: AdminSatisfactionCredit }) {
  const t = useT();
  const locale = useLocale();
  const expired = credit.claimed_at === null && Date.parse(credit.expires_at) <= Date.now();
  const state =
    credit.claimed_at !== null
      ? t('admin.credits.claimed', { when: formatDate(new Date(credit.claimed_at), DATE_TIME) })
      : expired
        ? t('admin.credits.expired')
        : t('admin.credits.open');
  return (
    <li className="card" data-claimed={credit.claimed_at !== null}>
      <strong>{formatMoney(credit.amount_cents, locale)}</strong>
      <span className="small admin-block">{state}</span>
      <span className="small muted admin-block">
        {`${credit.user_name || t('admin.credits.noName')} · #${credit.user_id} → ${credit.advisor_name}`}
      </span>
      <span className="small admin-block">
        {t('admin.credits.details', {
          stars: credit.rating,
          messages: credit.message_count,
          cost: formatMoney(credit.messages_cents, locale),
        })}
      </span>
      <span className="small muted admin-block">
        {t('admin.credits.offered', { when: formatDate(new Date(credit.offered_at), DATE_TIME) })}
      </span>
    </li>
  );
}

export function SatisfactionSection() {
  const t = useT();
  const locale = useLocale();
  const credits = useSatisfactionCredits();
  return (
    <section aria-label={t('admin.section.credits')}>
      <p className="small muted">{t('admin.credits.hint')}</p>
      <AdminList
        data={credits}
        items={(answer) => answer.credits}
        empty={t('admin.credits.none')}
        header={(answer) => (
          <p className="small">
            {t('admin.credits.total', { amount: formatMoney(answer.claimed_cents, locale) })}
          </p>
        )}
      >
        {(credit) => <CreditRow key={credit.id} credit={credit} />}
      </AdminList>
    </section>
  );
}
