/**
 * The money moment inside the chat (decision 055): one message before the free ones run out — or
 * before the balance stops covering this advisor's price — a card in the chat says what the next
 * messages cost, so the top-up never comes as a surprise.
 */
import { formatAmount, useT } from '../../lib/i18n';
import styles from './chat.module.css';

export function MoneyMoment({
  advisorName,
  priceCents,
  freeMessages,
  balanceCents,
}: {
  advisorName: string;
  priceCents: number;
  freeMessages: number;
  balanceCents: number;
}) {
  const t = useT();
  const lastFree = freeMessages === 1;
  const lastPaid =
    freeMessages <= 0 &&
    priceCents > 0 &&
    balanceCents >= priceCents &&
    balanceCents < 2 * priceCents;
  if (!lastFree && !lastPaid) return null;
  const key = lastFree ? 'chat.lastFree' : 'chat.lastPaid';
  return (
    <aside className={styles.moneyMoment} data-testid="money-moment">
      <p className={styles.moneyMomentTitle}>{t(`${key}.title`)}</p>
      <p className="small">
        {t(`${key}.text`, {
          name: advisorName,
          price: formatAmount(priceCents),
          balance: formatAmount(balanceCents),
        })}
      </p>
    </aside>
  );
}
