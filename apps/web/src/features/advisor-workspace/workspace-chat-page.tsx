/** /workspace/chat/:telegramUserId: one user's dialog as the advisor sees it, live, with the reply box. */
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { useParams } from 'wouter';
import type { Message } from '@seer/contract';
import { formatDate, useT } from '../../lib/i18n';
import { sizedImage } from '../../lib/image-sizes';
import { connectAsAdvisor, sendTyping, watchAdvisorDialog } from '../../lib/socket';
import { useLiveDialog } from '../../shared/live-dialog/use-live-dialog';
import { ReadIcon, SentIcon } from '../../shared/ui/icons';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { AdvisorGate } from './advisor-gate';
import { useInbox } from './api/get-chats';
import { useAdvisorDialog } from './api/get-messages';
import { markDialogRead } from './api/mark-read';
import { sendReply } from './api/send-message';
import { ReplyComposer } from './reply-composer';
import './workspace.css';

function Bubble({ message }: { message: Message }) {
  const t = useT();
  const mine = message.sender === 'manager';
  return (
    <li
      className={`workspace-bubble ${mine ? 'workspace-bubble-mine' : ''}`}
      data-sender={message.sender}
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
          {formatDate(new Date(message.message_date), {
            day: 'numeric',
            month: 'short',
            hour: '2-digit',
            minute: '2-digit',
          })}
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
    </li>
  );
}

function WorkspaceChat({ advisorId, userId }: { advisorId: number; userId: number }) {
  const t = useT();
  const dialog = useAdvisorDialog(userId);
  const inbox = useInbox();
  const scroller = useRef<HTMLUListElement>(null);

  useEffect(() => connectAsAdvisor(advisorId), [advisorId]);
  useEffect(() => watchAdvisorDialog(userId, advisorId), [userId, advisorId]);

  const markSeen = useCallback((upToId?: number) => markDialogRead(userId, upToId), [userId]);
  const { messages, add } = useLiveDialog({
    side: 'manager',
    advisorId,
    userId,
    history: dialog.status === 'success' ? dialog.data.messages : undefined,
    refetch: dialog.refetch,
    markRead: markSeen,
    showOwnEchoes: true,
  });
  const newest = messages[messages.length - 1]?.id;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, [newest]);

  const name =
    inbox.data?.chats.find((chat) => chat.telegram_user_id === userId)?.name ??
    t('workspace.userNumber', { id: userId });

  const send = async (content: { text: string; imageId?: string }) => {
    add(await sendReply(userId, content));
  };

  return (
    <div className="page workspace workspace-chat">
      <PageHeader title={name} back />
      {dialog.status === 'loading' && <LoadingState />}
      {dialog.status === 'error' && (
        <ErrorState message={t('workspace.dialogError')} onRetry={dialog.retry} />
      )}
      {dialog.status === 'success' &&
        (messages.length === 0 ? (
          <EmptyState message={t('workspace.dialogEmpty')} />
        ) : (
          <ul className="workspace-messages" ref={scroller} aria-label={t('workspace.messages')}>
            {messages.map((message) => (
              <Bubble key={message.id} message={message} />
            ))}
          </ul>
        ))}
      <ReplyComposer onSend={send} onTyping={() => sendTyping(userId, advisorId)} />
    </div>
  );
}

export default function WorkspaceChatPage() {
  const t = useT();
  const params = useParams<{ telegramUserId: string }>();
  const userId = Number(params.telegramUserId);
  if (!Number.isSafeInteger(userId) || userId <= 0)
    return <ErrorState message={t('workspace.badDialog')} />;
  return (
    <AdvisorGate>
      {(advisorId) => <WorkspaceChat advisorId={advisorId} userId={userId} />}
    </AdvisorGate>
  );
}
