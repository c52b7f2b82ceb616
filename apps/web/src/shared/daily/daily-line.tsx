/** The home horoscope card's line of the day for the user's sign (GetDailyLine, from the sky). */
import { callApi } from '../../lib/api-client';
import { useLocale, useT } from '../../lib/i18n';
import { useData } from '../../lib/use-data';
import { Skeleton, SkeletonLine } from '../ui/skeleton';
import { deviceTimeZone } from '../../lib/device-time-zone';
import './daily.css';

export function DailyLine() {
  const t = useT();
  const locale = useLocale();
  const line = useData(`daily:line:${locale}`, () =>
    callApi('GetDailyLine', { query: { lang: locale, tz: deviceTimeZone() } }),
  );
  // Its place is kept while it loads, so the cards below it do not jump when it arrives.
  if (line.status === 'loading')
    return (
      <Skeleton className="daily-line" testId="daily-line-skeleton">
        <SkeletonLine width="45%" />
        <SkeletonLine width="90%" />
      </Skeleton>
    );
  if (!line.data) return null;
  return (
    <div className="daily-line" data-testid="daily-line">
      <p className="daily-line-sign small">
        {line.data.sign
          ? t('daily.line.yourSign', { sign: t(`zodiac.${line.data.sign}`) })
          : t('daily.line.title')}
      </p>
      <p className="daily-line-text">{line.data.line}</p>
    </div>
  );
}
