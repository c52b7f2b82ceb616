/**
 * When an advisor is usually online, in the user's own time zone, and their away message: on the
 * advisor's profile and in the chat (docs/decisions/045-advisors-own-profile.md).
 */
import type { CallAnswer } from '@seer/contract';
import { useLocale, useT } from '../../lib/i18n';
import { useAdvisorHours } from './get-advisor-hours';
import './advisor-hours.css';

type HoursAnswer = CallAnswer<'GetAdvisorHours'>;

function weekdayOf(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

/** "Usually online 18:00–23:00", or each day's hours when they differ; nothing without hours. */
export function HoursSummary({ hours }: { hours: HoursAnswer }) {
  const t = useT();
  const locale = useLocale();
  if (hours.usually)
    return (
      <p className="small advisor-hours" data-testid="advisor-hours">
        {t('advisorHours.usually', { from: hours.usually.start, until: hours.usually.end })}
      </p>
    );
  if (hours.days.length === 0) return null;
  const byDate = new Map<string, string[]>();
  for (const day of hours.days)
    byDate.set(day.date, [...(byDate.get(day.date) ?? []), `${day.start}–${day.end}`]);
  return (
    <div className="small advisor-hours" data-testid="advisor-hours">
      <p>{t('advisorHours.title')}</p>
      <ul className="advisor-hours-days">
        {[...byDate].map(([date, ranges]) => (
          <li key={date}>
            <span className="advisor-hours-day">{weekdayOf(date, locale)}</span> {ranges.join(', ')}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The advisor's away message, shown while they are away or offline. */
export function AwayMessage({ hours, inChat }: { hours: HoursAnswer; inChat?: boolean }) {
  const t = useT();
  if (!hours.away_message) return null;
  return (
    <p
      className={inChat ? 'advisor-away advisor-away-chat' : 'advisor-away'}
      data-testid="advisor-away"
    >
      <span className="small muted">{t('advisorHours.awayMessage')}</span> {hours.away_message}
    </p>
  );
}

/** The advisor's hours in the user's time zone (one request, shared with AdvisorAway). */
export function AdvisorHours({ advisorId }: { advisorId: number }) {
  const hours = useAdvisorHours(advisorId, useLocale());
  return hours.status === 'success' ? <HoursSummary hours={hours.data} /> : null;
}

export function AdvisorAway({ advisorId, inChat }: { advisorId: number; inChat?: boolean }) {
  const hours = useAdvisorHours(advisorId, useLocale());
  return hours.status === 'success' ? <AwayMessage hours={hours.data} inChat={inChat} /> : null;
}
