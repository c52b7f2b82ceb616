/** Home: welcome, daily tarot, horoscope, dreams, yes/no, advisor of the day, top love-life advisors, how we choose advisors. */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Link } from 'wouter';
import type { Advisor } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { useLocale, useT } from '../../lib/i18n';
import { pickRandom } from '../../lib/random';
import { hasFreeMessages, isDemoGuest, useCurrentUser } from '../../lib/user';
import { useData } from '../../lib/use-data';
import { Avatar } from '../../shared/ui/avatar';
import { ButtonLink } from '../../shared/ui/button';
import { DreamIcon, HoroscopeIcon, YesNoIcon } from '../../shared/ui/icons';
import { StarRating } from '../../shared/ui/star-rating';
import { CardBack } from '../../shared/tarot-art/card-back';
import { loadTodaysDraw } from '../../shared/tarot-art/tarot-deck';
import { Skeleton, SkeletonBlock, SkeletonCircle, SkeletonLine } from '../../shared/ui/skeleton';
import { AdvisorCarousel, AdvisorCarouselSkeleton } from './advisor-carousel';
import { FavouritesRow } from './favourites-row';
import { OnboardingCard } from '../../shared/daily/onboarding-card';
import { DailyLine } from '../../shared/daily/daily-line';
import './home.css';

/** The carousel shows advisors of this category first ("Top Love Life Advice Advisors"). */
const LOVE_LIFE_CATEGORY_ID = 1;
const CAROUSEL_SIZE = 4;

type Day = 'today' | 'tomorrow';

// The faces are drawn art the home screen needs only once a card has been drawn today.
const CardFace = lazy(() =>
  import('../../shared/tarot-art/card-art').then((module) => ({ default: module.CardFace })),
);

/** Daily tarot: the back until today's card is drawn, then today's card face up (reversed if it fell so). */
function TarotCard() {
  const t = useT();
  const [drawn] = useState(() => loadTodaysDraw());
  return (
    <section className="card card-hero home-card" aria-labelledby="home-tarot">
      <div className="home-card-icon home-card-tarot" data-testid="home-tarot-art">
        {drawn ? (
          <Suspense fallback={<CardBack />}>
            <CardFace
              card={drawn.card}
              reversed={drawn.reversed}
              label={t('home.tarotDrawnLabel')}
            />
          </Suspense>
        ) : (
          <CardBack />
        )}
      </div>
      <h2 id="home-tarot">{t('home.tarotTitle')}</h2>
      <p>{drawn ? t('home.tarotDrawnText') : t('home.tarotText')}</p>
      <ButtonLink href="/tarot" variant="light" block>
        {drawn ? t('home.tarotDrawnAction') : t('home.tarotAction')}
      </ButtonLink>
    </section>
  );
}

function HoroscopeCard() {
  const t = useT();
  const [day, setDay] = useState<Day>('today');
  return (
    <section className="card home-card" aria-labelledby="home-horoscope">
      <div className="home-card-icon">
        <HoroscopeIcon size="1em" />
      </div>
      <h2 id="home-horoscope">{t('home.horoscopeTitle')}</h2>
      <p className="muted">{t('home.horoscopeText')}</p>
      <DailyLine />
      <div className="segmented" role="group" aria-label={t('home.horoscopeDay')}>
        {(['today', 'tomorrow'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={day === option}
            onClick={() => setDay(option)}
          >
            {t(`home.${option}`)}
          </button>
        ))}
      </div>
      <ButtonLink href={`/horoscope?day=${day}`} block>
        {t('home.horoscopeRead')}
      </ButtonLink>
    </section>
  );
}

function AdvisorOfTheDay({ advisor, freeMessages }: { advisor: Advisor; freeMessages: boolean }) {
  const t = useT();
  return (
    <section className="card home-advisor-day" aria-labelledby="home-advisor-day">
      <h2 id="home-advisor-day">{t('home.advisorOfTheDay')}</h2>
      <Link href={`/chat/${advisor.manager_id}`} className="home-advisor-day-link">
        <span className="home-advisor-day-row">
          <Avatar src={advisor.avatar} alt="" size={64} online={advisor.isOnline} />
          <span className="home-advisor-day-text">
            <strong>{advisor.name}</strong>
            <StarRating rating={advisor.rating} count={advisor.reviews} />
          </span>
        </span>
        <span className="button button-primary button-block">
          {freeMessages ? t('common.startForFree') : t('common.message')}
        </span>
      </Link>
    </section>
  );
}

/** The advisor of the day and the top advisors' row while the advisors load, in their places. */
function AdvisorsSkeleton() {
  const t = useT();
  return (
    <Skeleton testId="home-advisors-skeleton">
      <div className="card home-advisor-day">
        <h2>{t('home.advisorOfTheDay')}</h2>
        <div className="home-advisor-day-link">
          <span className="home-advisor-day-row">
            <SkeletonCircle size={64} />
            <span className="home-advisor-day-text">
              <SkeletonLine width="50%" />
              <SkeletonLine width={96} />
            </span>
          </span>
          <SkeletonBlock height="var(--tap)" />
        </div>
      </div>
      <div className="home-carousel">
        <h2>{t('home.topLoveLife')}</h2>
        <AdvisorCarouselSkeleton count={CAROUSEL_SIZE} />
      </div>
    </Skeleton>
  );
}

export default function HomePage() {
  const t = useT();
  const user = useCurrentUser();
  const locale = useLocale();
  const advisors = useData(`advisors:${locale}`, () =>
    callApi('GetAllManagers', { query: { lang: locale } }),
  );
  const list = advisors.data?.data.managers;

  // Chosen once per visit of the page, not on every render.
  const picks = useMemo(() => {
    if (!list?.length) return null;
    const loveLife = list.filter((advisor) => advisor.category_id === LOVE_LIFE_CATEGORY_ID);
    const others = list.filter((advisor) => advisor.category_id !== LOVE_LIFE_CATEGORY_ID);
    const carousel = [
      ...pickRandom(loveLife, CAROUSEL_SIZE),
      ...pickRandom(others, CAROUSEL_SIZE),
    ].slice(0, CAROUSEL_SIZE);
    return { advisorOfTheDay: pickRandom(list, 1)[0]!, carousel };
  }, [list]);

  if (advisors.status === 'error') console.error('Home: advisors failed to load', advisors.error);
  const freeMessages = hasFreeMessages(user.data);
  const name = isDemoGuest(user.data)
    ? t('common.guestName')
    : user.data?.name || user.data?.first_name;

  return (
    <div className="page home">
      <header className="home-welcome">
        <h1>{name ? t('home.welcomeName', { name }) : t('home.welcome')}</h1>
        <p className="muted">{t('home.welcomeText')}</p>
      </header>

      <FavouritesRow
        advisors={list}
        loading={advisors.status === 'loading'}
        freeMessages={freeMessages}
      />

      <TarotCard />

      <HoroscopeCard />
      {/* Below the horoscope it makes personal, and below the first screen: its arrival moves
          nothing the user is looking at. */}
      <OnboardingCard />

      <section className="card home-card" aria-labelledby="home-dream">
        <div className="home-card-icon">
          <DreamIcon size="1em" />
        </div>
        <h2 id="home-dream">{t('home.dreamTitle')}</h2>
        <Link href="/dream" className="home-prompt">
          {t('home.dreamPrompt')}
        </Link>
      </section>

      <section className="card home-card" aria-labelledby="home-yesno">
        <div className="home-card-icon">
          <YesNoIcon size="1em" />
        </div>
        <h2 id="home-yesno">{t('home.yesNoTitle')}</h2>
        <p className="muted">{t('home.yesNoText')}</p>
        <ButtonLink href="/yesno" variant="secondary" block>
          {t('home.yesNoAction')}
        </ButtonLink>
      </section>

      {advisors.status === 'loading' && <AdvisorsSkeleton />}
      {picks && (
        <>
          <AdvisorOfTheDay advisor={picks.advisorOfTheDay} freeMessages={freeMessages} />
          <section className="home-carousel" aria-labelledby="home-top-love">
            <h2 id="home-top-love">{t('home.topLoveLife')}</h2>
            <AdvisorCarousel advisors={picks.carousel} freeMessages={freeMessages} />
          </section>
        </>
      )}

      <section className="card home-card" aria-labelledby="home-article">
        <h2 id="home-article">{t('home.articleTitle')}</h2>
        <p className="muted">{t('home.articleText')}</p>
        <ButtonLink href="/article" variant="outline">
          {t('home.articleAction')}
        </ButtonLink>
      </section>
    </div>
  );
}
