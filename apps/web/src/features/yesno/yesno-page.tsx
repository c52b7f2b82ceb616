/** /yesno — tap for a random answer, 'Yes' or 'Wait', and a way to a real advisor. */
import { useState } from 'react';
import { SELF_SERVICE_CATEGORY_ID } from '@seer/contract';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { useMainButton } from '../../shared/ui/main-button';
import { PageHeader } from '../../shared/ui/page-header';
import { drawAnswer, type YesNoAnswer } from './yesno-answer';
import styles from './yesno.module.css';

export default function YesNoPage() {
  const t = useT();
  // Asking an advisor is the screen's main action: Telegram's MainButton inside Telegram.
  const toAdvisors = useMainButton({
    text: t('yesno.toAdvisors'),
    href: `/operators/${SELF_SERVICE_CATEGORY_ID}`,
  });
  const [answer, setAnswer] = useState<YesNoAnswer | null>(null);
  // Counts draws so the reveal animation runs again on every new answer.
  const [round, setRound] = useState(0);

  const ask = () => {
    haptic.impact('medium');
    setAnswer(drawAnswer());
    setRound((value) => value + 1);
  };

  return (
    <div className="page">
      <PageHeader title={t('yesno.title')} back />
      <p className="muted">{t('yesno.intro')}</p>

      <button
        type="button"
        className={`${styles.orb} ${answer ? styles[answer] : ''}`}
        onClick={ask}
        aria-describedby="yesno-result"
      >
        <span
          key={round}
          className={`${styles.orbText} ${answer && t(`yesno.${answer}`).length > 6 ? styles.longAnswer : ''}`}
        >
          {answer ? t(`yesno.${answer}`) : t('yesno.tap')}
        </span>
      </button>

      <div id="yesno-result" className={styles.result} aria-live="polite">
        {answer && (
          <>
            <p className={styles.answerLine}>{t(`yesno.${answer}Meaning`)}</p>
            <p className="small muted">{t('yesno.again')}</p>
          </>
        )}
      </div>

      <section className="card">
        <h2>{t('yesno.deeperTitle')}</h2>
        <p className="muted">{t('yesno.deeperText')}</p>
        {toAdvisors}
      </section>
    </div>
  );
}
