/**
 * /horoscope?day=today|tomorrow — Today and Tomorrow tabs. With a birth date: the reading computed
 * from the sky (sky-reading.tsx); without one: the sign-of-the-day text (Aries while unknown).
 */
import { useEffect, useState } from 'react';
import { Link, useSearch } from 'wouter';
import { SELF_SERVICE_CATEGORY_ID } from '@seer/contract';
import { formatDate, useLocale, useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { useCurrentUser } from '../../lib/user';
import { navigate } from '../../lib/navigation';
import { ButtonLink } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { LoadingState } from '../../shared/ui/states';
import { dailyHoroscope, signOrDefault, type HoroscopeTexts } from './horoscope-text';
import { SkyReading } from './sky-reading';
import styles from './horoscope.module.css';

const files = import.meta.glob<HoroscopeTexts>('../../locales/*/content/horoscope.json', {
  import: 'default',
});

function useHoroscopeTexts(): HoroscopeTexts | null {
  const locale = useLocale();
  const [loaded, setLoaded] = useState<{ locale: string; texts: HoroscopeTexts } | null>(null);
  useEffect(() => {
    let active = true;
    void files[`../../locales/${locale}/content/horoscope.json`]?.().then((texts) => {
      if (active) setLoaded({ locale, texts });
    });
    return () => {
      active = false;
    };
  }, [locale]);
  return loaded?.locale === locale ? loaded.texts : null;
}

type Day = 'today' | 'tomorrow';
const DAYS: readonly Day[] = ['today', 'tomorrow'];

export default function HoroscopePage() {
  const t = useT();
  const search = useSearch();
  const day: Day = new URLSearchParams(search).get('day') === 'tomorrow' ? 'tomorrow' : 'today';
  const user = useCurrentUser();
  const texts = useHoroscopeTexts();
  const locale = useLocale();
  const profile = user.status === 'success' ? user.data : null;
  // The birth data the reading depends on: an edited profile asks the server again.
  const birthKey = profile?.birthdate
    ? [profile.birthdate, profile.time_of_birth ?? '', profile.birth_place ?? ''].join('|')
    : null;

  const date = new Date();
  if (day === 'tomorrow') date.setDate(date.getDate() + 1);

  const selectDay = (next: Day) => {
    if (next === day) return;
    haptic.selection();
    navigate(`/horoscope?day=${next}`, { replace: true });
  };

  // The sign comes from the profile; a failed profile load still shows Aries rather than nothing.
  const { sign, known } = signOrDefault(user.status === 'success' ? user.data.horoscope : null);
  const ready = texts && user.status !== 'loading';
  const signTexts = texts?.signs[sign];
  const reading = texts ? dailyHoroscope(texts, sign, date) : null;

  return (
    <div className="page">
      <PageHeader title={t('horoscope.title')} back />

      <div className={styles.tabs} role="tablist" aria-label={t('horoscope.dayChoice')}>
        {DAYS.map((option) => (
          <button
            key={option}
            type="button"
            role="tab"
            id={`horoscope-tab-${option}`}
            aria-selected={day === option}
            aria-controls="horoscope-panel"
            className={day === option ? styles.activeTab : undefined}
            onClick={() => selectDay(option)}
          >
            {t(`horoscope.${option}`)}
          </button>
        ))}
      </div>

      <section id="horoscope-panel" role="tabpanel" aria-labelledby={`horoscope-tab-${day}`}>
        {birthKey ? (
          <SkyReading day={day} locale={locale} birthKey={birthKey} />
        ) : !ready || !signTexts || !reading ? (
          <LoadingState />
        ) : (
          <>
            <div className={`card card-hero ${styles.hero}`}>
              <span className={styles.glyph} aria-hidden="true">
                {t(`horoscope.glyph.${sign}`)}
              </span>
              <div>
                <h2 className={styles.signName}>{signTexts.name}</h2>
                <p className={styles.signMeta}>
                  {signTexts.dates} · {signTexts.element}
                </p>
                <p className={styles.date}>
                  {formatDate(date, { weekday: 'long', day: 'numeric', month: 'long' })}
                </p>
              </div>
            </div>
            {!known && (
              <p className="small muted">
                {t('horoscope.defaultSign')}{' '}
                <Link href="/profile-settings">{t('horoscope.addBirthDate')}</Link>
              </p>
            )}
            <article className="card">
              <p className={styles.lead}>
                {reading.focus} {reading.mood}
              </p>
              <h3>{t('horoscope.love')}</h3>
              <p>{reading.love}</p>
              <h3>{t('horoscope.work')}</h3>
              <p>{reading.work}</p>
              <h3>{t('horoscope.advice')}</h3>
              <p>{reading.advice}</p>
              <p className={styles.lucky}>
                <span>{t('horoscope.luckyNumber', { number: reading.luckyNumber })}</span>
                <span>{t('horoscope.luckyColor', { color: reading.luckyColor })}</span>
              </p>
            </article>
          </>
        )}
      </section>

      <section className="card">
        <h2>{t('horoscope.personalTitle')}</h2>
        <p className="muted">{t('horoscope.personalText')}</p>
        <ButtonLink href={`/operators/${SELF_SERVICE_CATEGORY_ID}`} block>
          {t('horoscope.toAdvisors')}
        </ButtonLink>
      </section>
    </div>
  );
}
