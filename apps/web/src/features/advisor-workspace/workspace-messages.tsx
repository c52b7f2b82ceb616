/** A workspace dialog's messages, one separator per day ("Today", "Yesterday", a date), each message with its time. */
import { Fragment, useState, type RefObject } from 'react';
import type { Message } from '@seer/contract';
import { formatDate, useT } from '../../lib/i18n';
import { sizedImage } from '../../lib/image-sizes';
import { groupByDay, TIME_FORMAT } from '../../shared/chat-dates/chat-dates';
import { DayLabelText } from '../../shared/chat-dates/day-label';
import { ReadIcon, SentIcon } from '../../shared/ui/icons';

function Bubble({
  message,
  onReport,
}: {
  message: Message;
  /** Report the client's message (decision 048): a tap on the bubble offers it. */
  onReport?: (messageId: number) => void;
}) {
  const t = useT();
  const [actions, setActions] = useState(false);
  const mine = message.sender === 'manager';
  const reportable = !mine && onReport !== undefined;
  return (
    <li
      className={`workspace-bubble ${mine ? 'workspace-bubble-mine' : ''}`}
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
        <span className="small muted">{t(`workspace.kind.${message.kind}`)}</span>
      )}
      {message.image_url && (
        <a href={message.image_url} target="_blank" rel="noreferrer">
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
  return (
    <ul className="workspace-messages" ref={scroller} aria-label={t('workspace.messages')}>
      {groupByDay(messages).map((group) => (
        <Fragment key={group.day}>
          <li className="workspace-day" role="separator">
            <span>
              <DayLabelText label={group.label} />
            </span>
          </li>
          {group.messages.map((message) => (
            <Bubble key={message.id} message={message} onReport={onReport} />
          ))}
        </Fragment>
      ))}
    </ul>
  );
}
