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
import { ConfirmDialog } from '../../shared/ui/dialog';
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
import { ReportDialog } from '../../shared/safety/report-dialog';
import { BlockedNotice } from '../../shared/safety/blocked-notice';
import { setBlock, useBlockState, type ReportTarget } from '../../shared/safety/safety-api';
import { showToast } from '../../shared/ui/toast';
import { errorText } from '../../lib/error-text';
import '../../shared/safety/safety.css';
import './workspace.css';

function WorkspaceChat({ advisorId, userId }: { advisorId: number; userId: number }) {
  const t = useT();
  const dialog = useAdvisorDialog(userId);
  const inbox = useInbox();
  const card = useClientCard(userId);
  const quickReplies = useQuickReplies();
  const [editingQuickReplies, setEditingQuickReplies] = useState(false);
  const scroller = useRef<HTMLUListElement>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const block = useBlockState({ side: 'manager', userId });
  const blockState = block.status === 'success' ? block.data : null;
  const blocked = blockState !== null && (blockState.you_blocked || blockState.blocked_you);

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

  const changeBlock = async (value: boolean) => {
    try {
      await setBlock({ side: 'manager', userId }, value);
      showToast(
        t(value ? 'safety.block.blockedClientToast' : 'safety.block.unblockedToast'),
        'success',
      );
    } catch (error) {
      showToast(errorText(error, t('safety.block.failed')), 'error');
    } finally {
      setConfirmingBlock(false);
    }
  };

  return (
    <div className="page workspace workspace-chat">
      <PageHeader title={name} back>
        {blockState && (
          <button
            type="button"
            className="button button-ghost workspace-block-button"
            onClick={() =>
              blockState.you_blocked ? void changeBlock(false) : setConfirmingBlock(true)
            }
          >
            {t(blockState.you_blocked ? 'safety.block.unblockClient' : 'safety.block.blockClient')}
          </button>
        )}
      </PageHeader>
      <ClientCard userId={userId} />
      {dialog.status === 'loading' && <LoadingState />}
      {dialog.status === 'error' && (
        <ErrorState message={t('workspace.dialogError')} onRetry={dialog.retry} />
      )}
      {dialog.status === 'success' &&
        (messages.length === 0 ? (
          <EmptyState message={t('workspace.dialogEmpty')} />
        ) : (
          <WorkspaceMessages
            messages={messages}
            scroller={scroller}
            onReport={(id) => setReporting({ kind: 'message', id })}
          />
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
      {blocked && blockState ? (
        <BlockedNotice
          state={blockState}
          side="manager"
          onUnblock={() => void changeBlock(false)}
        />
      ) : (
        <ReplyComposer
          onSend={send}
          onTyping={() => sendTyping(userId, advisorId)}
          quickReplies={chips}
        />
      )}
      {reporting && <ReportDialog target={reporting} onClose={() => setReporting(null)} />}
      {confirmingBlock && (
        <ConfirmDialog
          title={t('safety.block.confirmClientTitle')}
          message={t('safety.block.confirmClient', { name })}
          confirmLabel={t('safety.block.confirm')}
          onConfirm={() => void changeBlock(true)}
          onCancel={() => setConfirmingBlock(false)}
        />
      )}
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
