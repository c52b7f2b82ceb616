/** /tarot — tap to draw one of 16 entries; the card flips, cannot be redrawn, and is read for love, career, finances and advice. */
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { useReducedMotion } from '../../lib/motion';
import { haptic } from '../../lib/telegram';
import { PageHeader } from '../../shared/ui/page-header';
import { LoadingState } from '../../shared/ui/states';
import { RequestForm } from '../../shared/advisor-request/request-form';
import { CardBack, CardFace } from '../../shared/tarot-art/card-art';
import { useTarotTexts } from './tarot-content';
import {
  drawCard,
  loadTodaysDraw,
  saveTodaysDraw,
  type TarotDraw,
} from '../../shared/tarot-art/tarot-deck';
import { TarotShare } from './tarot-share';
import styles from './tarot.module.css';

const ASPECTS = ['love', 'career', 'finances', 'advice'] as const;

export default function TarotPage() {
  const t = useT();
  const texts = useTarotTexts();
  const reducedMotion = useReducedMotion();
  const [draw, setDraw] = useState<TarotDraw | null>(() => loadTodaysDraw());
  // A card already drawn earlier today is shown face up at once, without the flip.
  const [flipped, setFlipped] = useState(draw !== null);

  const reveal = () => {
    if (draw) return;
    const next = drawCard();
    saveTodaysDraw(next);
    haptic.impact('medium');
    setDraw(next);
    // With less motion asked for, the face is simply shown; otherwise it turns over.
    if (reducedMotion) setFlipped(true);
    else requestAnimationFrame(() => setFlipped(true));
  };

  const card = draw && texts ? texts[draw.card] : null;
  const reading = card && draw ? (draw.reversed ? card.reversed : card.upright) : null;
  const orientation = draw ? t(draw.reversed ? 'tarot.reversed' : 'tarot.upright') : '';

  return (
    <div className="page">
      <PageHeader title={t('tarot.title')} back />
      <p className="muted">{t('tarot.intro')}</p>

      <div className={styles.stage}>
        <button
          type="button"
          className={`${styles.card} ${flipped ? styles.flipped : ''} ${reducedMotion ? styles.still : ''}`}
          data-motion={reducedMotion ? 'off' : 'flip'}
          onClick={reveal}
          disabled={draw !== null}
          aria-label={draw ? t('tarot.drawn') : t('tarot.tap')}
          data-testid="tarot-card"
        >
          <span className={styles.inner}>
            <span className={styles.back}>
              <CardBack />
            </span>
            <span className={styles.face}>
              {draw && (
                <CardFace
                  card={draw.card}
                  reversed={draw.reversed}
                  label={card ? `${card.name}, ${orientation}` : ''}
                />
              )}
            </span>
          </span>
        </button>
        <p className={styles.hint} aria-live="polite">
          {draw ? t('tarot.comeBack') : t('tarot.tap')}
        </p>
      </div>

      {draw && !texts && <LoadingState />}
      {draw && card && reading && (
        <section className="card" aria-labelledby="tarot-card-name">
          <h2 id="tarot-card-name" className={styles.cardName}>
            {card.name}
            <span className={`badge ${styles.orientation}`}>{orientation}</span>
          </h2>
          <p className="muted">{reading.keywords}</p>
          {ASPECTS.map((aspect) => (
            <div key={aspect} className={styles.aspect}>
              <h3>{t(`tarot.${aspect}`)}</h3>
              <p>{reading[aspect]}</p>
            </div>
          ))}
        </section>
      )}

      {draw && card && <TarotShare draw={draw} cardName={`${card.name} (${orientation})`} />}

      {draw && card && (
        <RequestForm
          requestType="tarot"
          context={t('tarot.requestContext', { card: card.name, orientation })}
          texts={{
            title: t('tarot.formTitle'),
            messageLabel: t('tarot.messageLabel'),
            placeholder: t('tarot.placeholder'),
            messageRequired: t('tarot.messageRequired'),
            advisorLabel: t('tarot.advisorLabel'),
            advisorRequired: t('tarot.advisorRequired'),
            noAdvisors: t('tarot.noAdvisors'),
          }}
        />
      )}
    </div>
  );
}
