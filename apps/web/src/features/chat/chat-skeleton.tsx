/** The chat's shape while its messages load (decision 055): a header, bubbles and the reply box. */
import { useT } from '../../lib/i18n';
import styles from './chat.module.css';

const BUBBLES = [
  { mine: false, width: 62 },
  { mine: true, width: 48 },
  { mine: false, width: 74 },
  { mine: true, width: 36 },
  { mine: false, width: 55 },
];

export function ChatSkeleton() {
  const t = useT();
  return (
    <section className={styles.chat} aria-busy="true" data-testid="chat-skeleton">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div className={styles.header} aria-hidden="true">
        <span className={`skeleton ${styles.skeletonAvatar}`} />
        <div className={styles.who}>
          <span className={`skeleton ${styles.skeletonLine}`} style={{ width: '45%' }} />
          <span className={`skeleton ${styles.skeletonLine}`} style={{ width: '25%' }} />
        </div>
      </div>
      <div className={styles.messages} aria-hidden="true">
        <ul className={styles.dayMessages}>
          {BUBBLES.map((bubble, index) => (
            <li
              key={index}
              className={`skeleton ${styles.skeletonBubble} ${bubble.mine ? styles.mine : styles.theirs}`}
              style={{ width: `${bubble.width}%` }}
            />
          ))}
        </ul>
      </div>
      <div className={styles.composer} aria-hidden="true">
        <span className={`skeleton ${styles.skeletonInput}`} />
      </div>
    </section>
  );
}
