/** The dialog's messages with day labels, kept scrolled to the newest. */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { Message } from '@seer/contract';
import { formatDate, useT } from '../../lib/i18n';
import { sizedImage } from '../../lib/image-sizes';
import { ReadIcon, SentIcon } from '../../shared/ui/icons';
import { groupByDay, TIME_FORMAT } from '../../shared/chat-dates/chat-dates';
import { DayLabelText } from '../../shared/chat-dates/day-label';
import styles from './chat.module.css';

/** About the widest a picture is shown in a bubble (CSS pixels); the link opens the original. */
const CHAT_IMAGE_WIDTH = 280;

function MessageBubble({
  message,
  onReport,
}: {
  message: Message;
  /** Report the advisor's message (decision 048): a tap on the bubble offers it. */
  onReport?: (messageId: number) => void;
}) {
  const t = useT();
  const [actions, setActions] = useState(false);
  const mine = message.sender === 'user';
  const time = formatDate(new Date(message.message_date), TIME_FORMAT);
  const reportable = !mine && onReport !== undefined;
  return (
    <li
      className={`${styles.bubble} ${mine ? styles.mine : styles.theirs}`}
      data-sender={message.sender}
      onClick={
        reportable
          ? (event) => {
              if ((event.target as HTMLElement).closest('a, button')) return;
              setActions((open) => !open);
            }
          : undefined
      }
      onContextMenu={
        reportable
          ? (event) => {
              event.preventDefault();
              setActions(true);
            }
          : undefined
      }
    >
      {(message.kind === 'tarot' || message.kind === 'dream') && (
        <span className={styles.kind}>
          {t(message.kind === 'tarot' ? 'chat.tarotRequest' : 'chat.dreamRequest')}
        </span>
      )}
      {message.image_url && (
        <a href={message.image_url} target="_blank" rel="noreferrer" className={styles.imageLink}>
          <img
            {...sizedImage(message.image_url, CHAT_IMAGE_WIDTH)}
            alt={t('chat.image')}
            className={styles.image}
            loading="lazy"
            decoding="async"
          />
        </a>
      )}
      {message.message_text && <span className={styles.text}>{message.message_text}</span>}
      <span className={styles.meta}>
        <time dateTime={message.message_date}>{time}</time>
        {mine && (
          <span
            className={styles.receipt}
            aria-label={message.read ? t('chat.read') : t('chat.sent')}
            role="img"
          >
            {message.read ? (
              <ReadIcon aria-hidden="true" focusable="false" />
            ) : (
              <SentIcon aria-hidden="true" focusable="false" />
            )}
          </span>
        )}
      </span>
      {reportable && actions && (
        <span className="message-actions">
          <button
            type="button"
            onClick={() => {
              setActions(false);
              onReport(message.id);
            }}
          >
            {t('safety.report.action')}
          </button>
        </span>
      )}
    </li>
  );
}

export function MessageList({
  messages,
  advisorName,
  onReport,
}: {
  messages: readonly Message[];
  advisorName: string;
  onReport?: (messageId: number) => void;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const newest = messages[messages.length - 1]?.id;

  // The view scrolls to the newest message — on open and whenever one arrives.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  // Images load after layout and push the bottom down; follow them while the user is at the bottom.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onLoad = () => {
      if (element.scrollHeight - element.scrollTop - element.clientHeight < 400)
        element.scrollTop = element.scrollHeight;
    };
    element.addEventListener('load', onLoad, true);
    return () => element.removeEventListener('load', onLoad, true);
  }, []);

  const groups = groupByDay(messages);
  return (
    <div
      className={styles.messages}
      ref={scroller}
      role="log"
      aria-live="polite"
      aria-label={t('chat.conversation', { name: advisorName })}
    >
      {groups.length === 0 && (
        <p className={styles.empty}>{t('chat.empty', { name: advisorName })}</p>
      )}
      {groups.map((group) => (
        <div key={group.day} className={styles.day}>
          <p className={styles.dayLabel}>
            <DayLabelText label={group.label} />
          </p>
          <ul className={styles.dayMessages}>
            {group.messages.map((message) => (
              <MessageBubble key={message.id} message={message} onReport={onReport} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
