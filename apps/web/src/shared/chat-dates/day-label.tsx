/** A day separator's words: "Today", "Yesterday", or the date (with the year when not this one). */
import { formatDate, useT } from '../../lib/i18n';
import type { DayLabel } from './chat-dates';

export function DayLabelText({ label }: { label: DayLabel }) {
  const t = useT();
  if (label.kind === 'today') return <>{t('chat.today')}</>;
  if (label.kind === 'yesterday') return <>{t('chat.yesterday')}</>;
  return (
    <>
      {formatDate(
        label.date,
        label.sameYear
          ? { day: 'numeric', month: 'long' }
          : { day: 'numeric', month: 'long', year: 'numeric' },
      )}
    </>
  );
}
