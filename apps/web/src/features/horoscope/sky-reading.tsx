/**
 * The horoscope computed on the server from the sky: "Your Sun in …, Moon in …", then the day's
 * transits of the Sun, Moon, Mercury, Venus and Mars to the natal Sun and Moon, strongest first.
 */
import { Link } from 'wouter';
import type { CallAnswer } from '@seer/contract';
import { formatDate, formatNumber, useT } from '../../lib/i18n';
import { ErrorState, LoadingState } from '../../shared/ui/states';
import { useHoroscope, type HoroscopeDay } from './api/get-horoscope';
import type { Locale } from '@seer/contract';
import styles from './horoscope.module.css';

type Answer = CallAnswer<'GetHoroscope'>;

/** YYYY-MM-DD as a local calendar date (not UTC midnight, which may be the day before here). */
function calendarDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

function Reading({ answer }: { answer: Answer }) {
  const t = useT();
  const natal = answer.natal!;
  const reading = answer.reading!;
  const sign = natal.sun.sign;
  return (
    <>
      <div className={`card card-hero ${styles.hero}`}>
        <span className={styles.glyph} aria-hidden="true">
          {t(`horoscope.glyph.${sign}`)}
        </span>
        <div>
          <h2 className={styles.headline}>{natal.headline}</h2>
          <p className={styles.date}>
            {formatDate(calendarDate(answer.date), {
              weekday: 'long',
              day: 'numeric',
              month: 'long',
            })}
          </p>
        </div>
      </div>
      {natal.note && (
        <p className="small muted">
          {natal.note} <Link href="/profile-settings">{t('horoscope.completeBirthData')}</Link>
        </p>
      )}
      <article className="card">
        <p className={styles.lead}>{reading.intro}</p>
        {reading.transits.map((transit) => (
          <section
            key={`${transit.body}-${transit.aspect}-${transit.point}`}
            className={styles.transit}
          >
            <h3>{transit.title}</h3>
            <p className={styles.orb}>
              {t('horoscope.orb', { degrees: formatNumber(transit.orb) })}
            </p>
            <p>{transit.text}</p>
          </section>
        ))}
        <p className={`small muted ${styles.source}`}>{t('horoscope.fromTheSky')}</p>
      </article>
    </>
  );
}

export function SkyReading({
  day,
  locale,
  birthKey,
}: {
  day: HoroscopeDay;
  locale: Locale;
  birthKey: string;
}) {
  const t = useT();
  const horoscope = useHoroscope(day, locale, birthKey);
  if (horoscope.status === 'loading') return <LoadingState />;
  if (horoscope.status === 'error' || !horoscope.data.natal || !horoscope.data.reading)
    return <ErrorState message={t('horoscope.loadFailed')} onRetry={horoscope.retry} />;
  return <Reading answer={horoscope.data} />;
}
