/** The start screen: the brand mark, "Seer" and the tagline for 2.5 s. */
import { useEffect, useState } from 'react';
import { TIMINGS } from '@seer/contract';
import { useT } from '../lib/i18n';
import { BrandMark } from './brand-mark';

export function Splash({ onDone }: { onDone: () => void }) {
  const t = useT();
  const [leaving, setLeaving] = useState(false);
  // The HTML splash's mark started fading in at page start; this one carries on from there.
  const [since] = useState(() => performance.now());
  useEffect(() => {
    // index.html painted the same splash at once; this one replaces it and keeps the 2.5 s from page start.
    document.getElementById('boot-splash')?.remove();
    const remaining = Math.max(300, TIMINGS.splashMs - performance.now());
    const fade = setTimeout(() => setLeaving(true), remaining - 300);
    const done = setTimeout(onDone, remaining);
    return () => {
      clearTimeout(fade);
      clearTimeout(done);
    };
  }, [onDone]);
  return (
    <div
      className="splash"
      role="status"
      aria-live="polite"
      style={{ opacity: leaving ? 0 : 1 }}
      data-testid="splash"
    >
      <BrandMark fadeFrom={since} />
      <h1>{t('common.appName')}</h1>
      <p>{t('common.tagline')}</p>
    </div>
  );
}
