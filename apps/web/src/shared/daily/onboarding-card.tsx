/**
 * The first-open onboarding's place on the home screen (decision 054). The form and what it needs
 * (birth places, the time lists) are a chunk of their own, fetched only for someone the server
 * still offers the onboarding to, and only as the card nears the screen: it sits below the first
 * screen, so the first screen neither waits for it nor moves when it arrives.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useData } from '../../lib/use-data';
import { RITUAL_KEY, loadRitual } from './daily-api';
import './daily.css';

const OnboardingForm = lazy(() => import('./onboarding-form'));

export function OnboardingCard() {
  const ritual = useData(RITUAL_KEY, loadRitual);
  const offered = ritual.data?.onboarding === true;
  const [near, setNear] = useState(false);
  const place = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!offered || near) return;
    const element = place.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      // Once its top is well inside the screen: at first it only peeks in above the tab bar.
      { rootMargin: '0px 0px -120px 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [offered, near]);

  if (!offered) return null;
  // Still shapes, not a loading skeleton: it waits for the user, not for the network.
  const placeholder = (
    <div
      ref={place}
      className="card onboarding-placeholder"
      data-testid="onboarding-placeholder"
      aria-hidden="true"
    >
      <span style={{ width: '60%' }} />
      <span style={{ width: '90%' }} />
      <span style={{ width: '80%' }} />
    </div>
  );
  return near ? (
    <Suspense fallback={placeholder}>
      <OnboardingForm />
    </Suspense>
  ) : (
    placeholder
  );
}
