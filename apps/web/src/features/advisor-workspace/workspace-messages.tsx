/** A workspace dialog's messages, one separator per day ("Today", "Yesterday", a date), each message with its time. */
import { Fragment, lazy, Suspense, useState, type RefObject } from 'react';
import type { Message } from '@seer/contract';
import { formatDate, useT } from '../../lib/i18n';
import { sizedImage } from '../../lib/image-sizes';
import { groupByDay, TIME_FORMAT } from '../../shared/chat-dates/chat-dates';
import { DayLabelText } from '../../shared/chat-dates/day-label';
import { useMessageActions } from '../../shared/safety/message-actions';
import { ReadIcon, SentIcon } from '../../shared/ui/icons';

const ImageViewer = lazy(() => import('../../shared/chat-pictures/image-viewer'));

function Bubble({
  message,
  onReport,
  onOpenImage,
}: {
  message: Message;
  /** Report the client's message (decision 048): a tap on the bubble offers it. */
  onReport?: (messageId: number) => void;
  onOpenImage: (url: string) => void;
}) {
  const t = useT();
  const mine = message.sender === 'manager';
  const actions = useMessageActions(!mine && onReport !== undefined);
  return (
    <li
      className={`workspace-bubble ${mine ? 'workspace-bubble-mine' : ''}`}
      data-sender={message.sender}
      {...actions.bubbleProps}
    >
      {(message.kind === 'tarot' || message.kind === 'dream') && (
        <span className="small muted">{t(`workspace.kind.${message.kind}`)}</span>
      )}
      {message.image_url && (
        <a
          href={message.image_url}
          onClick={(event) => {
            event.preventDefault();
            onOpenImage(message.image_url!);
          }}
        >
          <img
            {...sizedImage(message.image_url, 280)}
            alt={t('workspace.picture')}
            className="workspace-image"
            loading="lazy"
          />
        </a>
      )}
      {message.message_text && <span className="workspace-text">{message.message_text}</span>}
      <span className="small muted workspace-meta">
        <time dateTime={message.message_date}>
          {formatDate(new Date(message.message_date), TIME_FORMAT)}
        </time>
        {mine && (
          <span
            className="workspace-receipt"
            role="img"
            aria-label={message.read ? t('workspace.read') : t('workspace.sent')}
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

export function WorkspaceMessages({
  messages,
  scroller,
  onReport,
}: {
  messages: readonly Message[];
  scroller?: RefObject<HTMLUListElement | null>;
  onReport?: (messageId: number) => void;
}) {
  const t = useT();
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <>
      <ul className="workspace-messages" ref={scroller} aria-label={t('workspace.messages')}>
        {groupByDay(messages).map((group) => (
          <Fragment key={group.day}>
            <li className="workspace-day" role="separator">
              <span>
                <DayLabelText label={group.label} />
              </span>
            </li>
            {group.messages.map((message) => (
              <Bubble
                key={message.id}
                message={message}
                onReport={onReport}
                onOpenImage={setViewing}
              />
            ))}
          </Fragment>
        ))}
      </ul>
      {viewing && (
        <Suspense fallback={null}>
          <ImageViewer url={viewing} onClose={() => setViewing(null)} />
        </Suspense>
      )}
    </>
  );
}
