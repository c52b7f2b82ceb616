/**
 * /workspace/chat/:telegramUserId: one user's dialog as the advisor sees it, live, with the
 * client card, messages grouped by day, quick replies and the reply box.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useParams } from 'wouter';
import { useT } from '../../lib/i18n';
import { connectAsAdvisor, sendTyping, watchAdvisorDialog } from '../../lib/socket';
import { useLiveDialog } from '../../shared/live-dialog/use-live-dialog';
import { Button } from '../../shared/ui/button';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, ErrorState, LoadingState } from '../../shared/ui/states';
import { AdvisorGate } from './advisor-gate';
import { useInbox } from './api/get-chats';
import { useAdvisorDialog } from './api/get-messages';
import { markDialogRead } from './api/mark-read';
import { sendReply } from './api/send-message';
import { ReplyComposer } from './reply-composer';
import { ClientCard } from './client-card';
import { useClientCard } from './api/get-client-card';
import { useQuickReplies } from './api/get-quick-replies';
import { QuickRepliesEditor } from './quick-replies-editor';
import { WorkspaceMessages } from './workspace-messages';
import './workspace.css';

function WorkspaceChat({ advisorId, userId }: { advisorId: number; userId: number }) {
  const t = useT();
  const dialog = useAdvisorDialog(userId);
  const inbox = useInbox();
  const card = useClientCard(userId);
  const quickReplies = useQuickReplies();
  const [editingQuickReplies, setEditingQuickReplies] = useState(false);
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
    card.data?.card.name ??
    inbox.data?.chats.find((chat) => chat.telegram_user_id === userId)?.name ??
    t('workspace.userNumber', { id: userId });
  // The client's language first: those are the chips offered; the editor has every language.
  const clientLanguage = card.data?.card.language ?? 'en';
  const allReplies = quickReplies.data?.quick_replies ?? [];
  const chips = allReplies.filter((reply) => reply.language === clientLanguage);

  const send = async (content: { text: string; imageId?: string }) => {
    add(await sendReply(userId, content));
  };

  return (
    <div className="page workspace workspace-chat">
      <PageHeader title={name} back />
      <ClientCard userId={userId} />
      {dialog.status === 'loading' && <LoadingState />}
      {dialog.status === 'error' && (
        <ErrorState message={t('workspace.dialogError')} onRetry={dialog.retry} />
      )}
      {dialog.status === 'success' &&
        (messages.length === 0 ? (
          <EmptyState message={t('workspace.dialogEmpty')} />
        ) : (
          <WorkspaceMessages messages={messages} scroller={scroller} />
        ))}
      {quickReplies.status === 'success' && (
        <div className="workspace-quick-replies-bar">
          <Button variant="ghost" onClick={() => setEditingQuickReplies((open) => !open)}>
            {t(
              editingQuickReplies ? 'clientCard.doneQuickReplies' : 'clientCard.manageQuickReplies',
            )}
          </Button>
        </div>
      )}
      {editingQuickReplies && <QuickRepliesEditor replies={allReplies} language={clientLanguage} />}
      <ReplyComposer
        onSend={send}
        onTyping={() => sendTyping(userId, advisorId)}
        quickReplies={chips}
      />
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
