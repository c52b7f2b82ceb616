/**
 * "Usually answers in about 5 minutes": an advisor's median first-response time as people say it
 * (docs/product-rules.md#response-times), on advisor cards, the profile and the chat.
 */
import { responseTimeWording } from '@seer/contract';
import type { t as translate } from '../../lib/i18n';
import { useT } from '../../lib/i18n';
import { ClockIcon } from '../ui/icons';
import styles from './response-time.module.css';

/** "in under a minute" / "in about 5 minutes" ("меньше чем за минуту" / "примерно за 5 минут"). */
export function responseWait(t: typeof translate, seconds: number): string {
  const wording = responseTimeWording(seconds);
  return wording.unit === 'underMinute'
    ? t('responseTimes.wait.underMinute')
    : t(`responseTimes.wait.${wording.unit}`, { count: wording.count });
}

/** One line with a clock; nothing while the advisor has too few answers to tell. */
export function ResponseTime({ seconds }: { seconds: number | null }) {
  const t = useT();
  if (seconds === null) return null;
  return (
    <span className={`${styles.line} small muted`} data-testid="response-time">
      <ClockIcon aria-hidden="true" className={styles.icon} />
      <span>{t('responseTimes.usually', { wait: responseWait(t, seconds) })}</span>
    </span>
  );
}
