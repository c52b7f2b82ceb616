/**
 * The dialog's messages with day labels, kept scrolled to the newest; the user's messages on their
 * way after them ('Sending…', or 'Not sent · tap to retry'); a picture opens in the app's own
 * viewer (loaded on demand), never in a new browser tab.
 */
import {
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { Message } from '@seer/contract';
import { formatDate, useT } from '../../lib/i18n';
import { sizedImage } from '../../lib/image-sizes';
import { ClockIcon, ErrorIcon, ReadIcon, SentIcon } from '../../shared/ui/icons';
import { useMessageActions } from '../../shared/safety/message-actions';
import type { Outgoing } from './outbox';
import { groupByDay, TIME_FORMAT } from '../../shared/chat-dates/chat-dates';
import { DayLabelText } from '../../shared/chat-dates/day-label';
import styles from './chat.module.css';

const ImageViewer = lazy(() => import('../../shared/chat-pictures/image-viewer'));

/** About the widest a picture is shown in a bubble (CSS pixels); the viewer shows the original. */
const CHAT_IMAGE_WIDTH = 280;

function MessageBubble({
  message,
  onReport,
  onOpenImage,
}: {
  message: Message;
  /** Report the advisor's message (decision 048): a tap on the bubble offers it. */
  onReport?: (messageId: number) => void;
  onOpenImage: (url: string) => void;
}) {
  const t = useT();
  const mine = message.sender === 'user';
  const time = formatDate(new Date(message.message_date), TIME_FORMAT);
  const actions = useMessageActions(!mine && onReport !== undefined);
  return (
    <li
      className={`${styles.bubble} ${mine ? styles.mine : styles.theirs}`}
      data-sender={message.sender}
      {...actions.bubbleProps}
    >
      {(message.kind === 'tarot' || message.kind === 'dream') && (
        <span className={styles.kind}>
          {t(message.kind === 'tarot' ? 'chat.tarotRequest' : 'chat.dreamRequest')}
        </span>
      )}
      {message.image_url && (
        <a
          href={message.image_url}
          className={styles.imageLink}
          onClick={(event) => {
            event.preventDefault();
            onOpenImage(message.image_url!);
          }}
        >
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
      {actions.open && onReport && (
        <span className="message-actions">
          <button
            type="button"
            onClick={() => {
              actions.close();
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

/** The user's message on its way: sending, or failed with a tap to send it again. */
function OutgoingBubble({
  item,
  onRetry,
}: {
  item: Outgoing;
  onRetry: (clientId: string) => void;
}) {
  const t = useT();
  const failed = item.state === 'failed';
  const content = (
    <>
      {item.previewUrl && (
        <img src={item.previewUrl} alt={t('chat.image')} className={styles.image} />
      )}
      {item.text && <span className={styles.text}>{item.text}</span>}
      <span className={`${styles.meta} ${failed ? styles.notSent : ''}`}>
        {failed ? (
          <>
            <ErrorIcon aria-hidden="true" focusable="false" />
            <span>{t('chat.notSent')}</span>
          </>
        ) : (
          <>
            <ClockIcon aria-hidden="true" focusable="false" />
            <span>{t('chat.sending')}</span>
          </>
        )}
      </span>
    </>
  );
  return (
    <li
      className={`${styles.bubble} ${styles.mine} ${failed ? styles.failed : styles.pending}`}
      data-sender="user"
      data-state={item.state}
    >
      {failed ? (
        <button
          type="button"
          className={styles.retry}
          aria-label={`${t('chat.notSentLabel')}: ${item.text || t('chat.image')}`}
          onClick={() => onRetry(item.clientId)}
        >
          {content}
        </button>
      ) : (
        content
      )}
    </li>
  );
}

export function MessageList({
  messages,
  outgoing = [],
  onRetry = () => {},
  advisorName,
  onReport,
  footer,
}: {
  messages: readonly Message[];
  /** The user's messages on their way (the chat's outbox). */
  outgoing?: readonly Outgoing[];
  onRetry?: (clientId: string) => void;
  advisorName: string;
  onReport?: (messageId: number) => void;
  /** Shown after the messages (the money moment's card). */
  footer?: ReactNode;
}) {
  const t = useT();
  const scroller = useRef<HTMLDivElement>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const newest = messages[messages.length - 1]?.id;
  const outgoingCount = outgoing.length;

  // The view scrolls to the newest message — on open and whenever one arrives or is sent.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest, outgoingCount]);

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
    <>
      <div
        className={styles.messages}
        ref={scroller}
        role="log"
        aria-live="polite"
        aria-label={t('chat.conversation', { name: advisorName })}
      >
        {groups.length === 0 && outgoing.length === 0 && (
          <p className={styles.empty}>{t('chat.empty', { name: advisorName })}</p>
        )}
        {groups.map((group) => (
          <div key={group.day} className={styles.day}>
            <p className={styles.dayLabel}>
              <DayLabelText label={group.label} />
            </p>
            <ul className={styles.dayMessages}>
              {group.messages.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  onReport={onReport}
                  onOpenImage={setViewing}
                />
              ))}
            </ul>
          </div>
        ))}
        {outgoing.length > 0 && (
          <ul className={styles.dayMessages} data-testid="outgoing">
            {outgoing.map((item) => (
              <OutgoingBubble key={item.clientId} item={item} onRetry={onRetry} />
            ))}
          </ul>
        )}
        {footer}
      </div>
      {viewing && (
        <Suspense fallback={null}>
          <ImageViewer url={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
