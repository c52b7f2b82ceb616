/** /history: the user's dialogs (avatar, name, time, last message, unread count), live. */
import { Link } from 'wouter';
import type { ChatSummary } from '@seer/contract';
import { formatDate, useT } from '../../lib/i18n';
import { useLiveChats } from '../../shared/live-dialog/live-chats';
import { Avatar } from '../../shared/ui/avatar';
import { ButtonLink } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { ListRowSkeleton, Skeleton, skeletonKeys } from '../../shared/ui/skeleton';
import { EmptyState, ErrorState } from '../../shared/ui/states';
import './history.css';
import { MessagePreview } from '../../shared/ui/message-preview';

/** Rows drawn while the dialogs load: about a screenful. */
const SKELETON_ROWS = 6;

/** Today's messages show the time, this week's the weekday, older ones the date. */
export function chatTime(iso: string | null, now = new Date()): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameDay = date.toDateString() === now.toDateString();
  if (sameDay) return formatDate(date, { hour: '2-digit', minute: '2-digit' });
  const days = (now.getTime() - date.getTime()) / 86_400_000;
  if (days < 6) return formatDate(date, { weekday: 'short' });
  return formatDate(date, { day: '2-digit', month: '2-digit', year: '2-digit' });
}

function ChatRow({ chat }: { chat: ChatSummary }) {
  const t = useT();
  return (
    <li>
      <Link href={`/chat/${chat.manager_id}`} className="row-link chat-row">
        <Avatar src={chat.avatar} alt="" size={52} online={chat.isOnline} />
        <span className="chat-row-body">
          <span className="chat-row-top">
            <strong>{chat.name}</strong>
            <time className="small muted" dateTime={chat.message_date ?? undefined}>
              {chatTime(chat.message_date)}
            </time>
          </span>
          <span className="chat-row-bottom">
            <span className="chat-row-last small muted">
              <MessagePreview text={chat.last_message} empty={t('history.noMessages')} />
            </span>
            {chat.unread > 0 && (
              <span
                className="badge badge-count"
                aria-label={t('history.unread', { count: chat.unread })}
              >
                {chat.unread}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}

function ChatsSkeleton() {
  return (
    <Skeleton testId="chats-skeleton">
      <ul className="list card chat-list">
        {skeletonKeys(SKELETON_ROWS).map((key) => (
          <ListRowSkeleton
            key={key}
            avatar={52}
            lines={['45%', '75%']}
            className="row-link chat-row"
          />
        ))}
      </ul>
    </Skeleton>
  );
}

export default function HistoryPage() {
  const t = useT();
  // A new message in any dialog changes the order, last message and unread count: applied from
  // the frame itself; only a dialog the list does not hold yet, or a reconnect, reloads the list.
  const chats = useLiveChats();

  return (
    <div className="page">
      <PageHeader title={t('history.title')} />
      {chats.status === 'loading' && <ChatsSkeleton />}
      {chats.status === 'error' && (
        <ErrorState message={t('history.loadFailed')} onRetry={chats.retry} />
      )}
      {chats.status === 'success' &&
        (chats.data.chats.length === 0 ? (
          <EmptyState message={t('history.empty')}>
            <ButtonLink href="/operators">{t('history.chooseAdvisor')}</ButtonLink>
          </EmptyState>
        ) : (
          <ul className="list card chat-list">
            {chats.data.chats.map((chat) => (
              <ChatRow key={chat.manager_id} chat={chat} />
            ))}
          </ul>
        ))}
    </div>
  );
}
