/** /chat/:id — the live chat with one advisor (docs/product-rules.md#chat). */
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { isApiError } from '../../lib/api-client';
import { formatAmount, formatPricePerMessage, useT } from '../../lib/i18n';
import { disableVerticalSwipes, hasNativeBackButton } from '../../lib/telegram';
import { useCurrentUser, useLiveBalance } from '../../lib/user';
import { goBack } from '../../lib/navigation';
import { Avatar } from '../../shared/ui/avatar';
import { BackIcon } from '../../shared/ui/icons';
import { AdvisorNotFound, ErrorState } from '../../shared/ui/states';
import { ConfirmDialog } from '../../shared/ui/dialog';
import { openModal } from '../../shared/ui/modal';
import { showToast } from '../../shared/ui/toast';
import { createReview } from './api/create-review';
import { offerSatisfactionCredit } from './satisfaction-offer';
import { deleteChat } from './api/delete-chat';
import { ChatMenu } from './chat-menu';
import { ChatSearch } from './chat-search';
import { sendTranscriptToTelegram } from './transcript';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { OfflineWait } from './offline-wait';
import { AdvisorAway } from '../../shared/advisor-hours/advisor-hours';
import { BirthDataQuestion } from './birth-data-question';
import { unlockSound } from './chat-sound';
import { useChat } from './use-chat';
import { useDraft } from './draft';
import { useOutbox } from './outbox';
import { useConnectionLost, useRetryWhileFailed } from './use-connection';
import { ChatSkeleton } from './chat-skeleton';
import { MoneyMoment } from './money-moment';
import styles from './chat.module.css';
import { errorText } from '../../lib/error-text';
import { invalidate } from '../../lib/use-data';
import { ReportDialog } from '../../shared/safety/report-dialog';
import { BlockedNotice } from '../../shared/safety/blocked-notice';
import { setBlock, useBlockState, type ReportTarget } from '../../shared/safety/safety-api';
import '../../shared/safety/safety.css';

// Loaded when a blocked chat asks for a top-up: the home route does not carry it.
const TopUpSheet = lazy(() => import('../../shared/top-up/top-up-sheet'));

function parseAdvisorId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export default function ChatPage() {
  const t = useT();
  const params = useParams<{ id: string }>();
  const advisorId = parseAdvisorId(params.id);
  const [, setLocation] = useLocation();
  const chat = useChat(advisorId);
  const user = useCurrentUser();
  useLiveBalance();
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [searching, setSearching] = useState(false);
  const [confirmingBlock, setConfirmingBlock] = useState(false);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const block = useBlockState(advisorId === null ? null : { side: 'user', advisorId });
  const draft = useDraft(advisorId);
  const outbox = useOutbox(advisorId ?? 0, chat.addOwnMessage);
  const connectionLost = useConnectionLost();
  const [sheetOpen, setSheetOpen] = useState(false);
  /** Topped up from the sheet with a draft waiting: the composer offers "Send now". */
  const [toppedUp, setToppedUp] = useState(false);
  const closeSheet = useCallback(() => setSheetOpen(false), []);
  const dialogFailed = chat.dialog.status === 'error';
  useRetryWhileFailed(dialogFailed, chat.dialog.retry);

  // Inside Telegram a downward swipe would close the app while scrolling the messages.
  useEffect(() => disableVerticalSwipes(), []);

  // Audio may only start after a gesture: the first tap anywhere in the chat allows the chime.
  useEffect(() => {
    const unlock = () => unlockSound();
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, []);

  const { dialog, advisor, messages, online, typing } = chat;
  if (
    advisorId === null ||
    (dialog.status === 'error' && isApiError(dialog.error) && dialog.error.status === 404)
  ) {
    return <AdvisorNotFound />;
  }

  if (dialog.status === 'loading') return <ChatSkeleton />;
  if (dialog.status === 'error') {
    // 'Failed to fetch messages' when the server refused, 'Error fetching messages' when it could not be reached.
    const network = isApiError(dialog.error) && dialog.error.status === 0;
    return (
      <ErrorState
        message={t(network ? 'chat.fetchError' : 'chat.fetchFailed')}
        onRetry={dialog.retry}
      />
    );
  }
  if (!advisor) return null;

  const profile = user.status === 'success' ? user.data : undefined;
  const freeMessages = profile?.free_messages ?? 0;
  const balanceCents = profile?.balance_cents ?? 0;
  // No free messages left and a balance below the price → input disabled, "Add Balance".
  const outOfFunds =
    profile !== undefined && freeMessages <= 0 && balanceCents < advisor.price_cents;

  const needsTopUp = () => {
    setSheetOpen(true);
    setToppedUp(false);
  };

  const retrySend = async (clientId: string) => {
    const failed = outbox.items.find((item) => item.clientId === clientId);
    const result = await outbox.retry(clientId);
    if (!result || !failed || result.kind === 'sent' || result.kind === 'failed') {
      if (result?.kind === 'sent') invalidate('chats');
      return;
    }
    // Refused now (no funds any more, a limit, a block): the text goes back to the composer.
    if (failed.text) draft.setText((current) => current || failed.text);
    if (result.kind === 'topUp') needsTopUp();
    else if (result.kind === 'spendingLimit')
      openModal({ variant: 'spendingLimit', onAction: () => setLocation('/settings/limits') });
    else showToast(errorText(result.error, t('chat.sendError')), 'error');
  };

  const rate = () =>
    openModal({
      variant: 'review',
      onReviewSubmit: async (rating, text) => {
        let offer;
        try {
          offer = (await createReview(advisor.manager_id, rating, text)).satisfaction_offer;
        } catch (error) {
          // 403: no message to this advisor yet. Say so in the user's language; otherwise the server's words.
          if (isApiError(error) && error.code === 'forbidden')
            throw new Error(t('chat.rateNeedsMessage'));
          if (isApiError(error)) throw new Error(errorText(error));
          throw error;
        }
        showToast(t('chat.reviewThanks'), 'success');
        offerSatisfactionCredit(offer);
      },
    });

  const remove = async () => {
    try {
      await deleteChat(advisor.manager_id);
      showToast(t('chat.deleted'), 'success');
      setLocation('/history', { replace: true });
    } catch (error) {
      showToast(errorText(error, t('chat.deleteError')), 'error');
    } finally {
      setConfirmingDelete(false);
    }
  };

  const blockState = block.status === 'success' ? block.data : null;
  const blocked = blockState !== null && (blockState.you_blocked || blockState.blocked_you);
  const changeBlock = async (value: boolean) => {
    try {
      await setBlock({ side: 'user', advisorId: advisor.manager_id }, value);
      showToast(
        value
          ? t('safety.block.blockedAdvisorToast', { name: advisor.name })
          : t('safety.block.unblockedToast'),
        'success',
      );
    } catch (error) {
      showToast(errorText(error, t('safety.block.failed')), 'error');
    } finally {
      setConfirmingBlock(false);
    }
  };

  return (
    <section className={styles.chat} aria-labelledby="chat-title">
      <header className={styles.header}>
        {!hasNativeBackButton() && (
          <button
            type="button"
            className="icon-button"
            aria-label={t('common.back')}
            onClick={goBack}
          >
            <BackIcon />
          </button>
        )}
        <Avatar src={advisor.avatar} alt="" size={40} online={online} />
        <div className={styles.who}>
          <h1 id="chat-title" className={styles.name}>
            {advisor.name}
          </h1>
          <p
            className={`${styles.status} ${(online || typing) && !connectionLost ? styles.statusOnline : ''}`}
            aria-live="polite"
          >
            {typing && !connectionLost ? (
              <span className={styles.typing} data-testid="typing">
                <span className="visually-hidden">
                  {t('chat.typingName', { name: advisor.name })}
                </span>
                <span aria-hidden="true">{t('chat.typing')}</span>
                <span className={styles.typingDots} aria-hidden="true">
                  <span />
                  <span />
                  <span />
                </span>
              </span>
            ) : connectionLost ? (
              <span className={styles.reconnecting} data-testid="reconnecting">
                {t('chat.reconnecting')}
              </span>
            ) : online ? (
              t('chat.online')
            ) : (
              t('chat.offline')
            )}
          </p>
        </div>
        <ChatMenu
          onRate={rate}
          onViewProfile={() => setLocation(`/operator/${advisor.manager_id}`)}
          onDispute={() => setLocation(`/disputes/new/${advisor.manager_id}`)}
          onSearch={() => setSearching(true)}
          onTranscript={() => void sendTranscriptToTelegram(advisor.manager_id, t)}
          onReport={() => setReporting({ kind: 'advisor', id: advisor.manager_id })}
          blocked={blockState?.you_blocked ?? false}
          onToggleBlock={() =>
            blockState?.you_blocked ? void changeBlock(false) : setConfirmingBlock(true)
          }
          onDelete={() => setConfirmingDelete(true)}
        />
      </header>
      {searching && (
        <ChatSearch
          advisorId={advisor.manager_id}
          advisorName={advisor.name}
          onClose={() => setSearching(false)}
        />
      )}

      <p className={styles.pricing}>
        {formatPricePerMessage(advisor.price_cents)}
        {profile &&
          (freeMessages > 0
            ? ` · ${t('chat.freeLeft', { count: freeMessages })}`
            : ` · ${t('chat.balance', { balance: formatAmount(balanceCents) })}`)}
      </p>

      {!online && (
        <OfflineWait
          name={advisor.name}
          medianSeconds={advisor.median_response_seconds}
          allowsWriteToPm={profile?.allows_write_to_pm}
        />
      )}
      {!online && <AdvisorAway advisorId={advisor.manager_id} inChat />}

      <MessageList
        messages={messages}
        outgoing={outbox.items}
        onRetry={(clientId) => void retrySend(clientId)}
        advisorName={advisor.name}
        onReport={(id) => setReporting({ kind: 'message', id })}
        footer={
          profile && !blocked ? (
            <MoneyMoment
              advisorName={advisor.name}
              priceCents={advisor.price_cents}
              freeMessages={freeMessages}
              balanceCents={balanceCents}
            />
          ) : null
        }
      />

      {messages.length > 0 && <BirthDataQuestion />}

      {blocked && blockState ? (
        <BlockedNotice state={blockState} side="user" onUnblock={() => void changeBlock(false)} />
      ) : (
        <Composer
          outOfFunds={outOfFunds}
          text={draft.text}
          setText={draft.setText}
          send={(content) => {
            setToppedUp(false);
            return outbox.send(content);
          }}
          onNeedsTopUp={needsTopUp}
          offerSendNow={toppedUp}
        />
      )}

      {sheetOpen && (
        <Suspense fallback={null}>
          <TopUpSheet
            advisorName={advisor.name}
            priceCents={advisor.price_cents}
            onClose={closeSheet}
            onPaid={(newBalance) => {
              setSheetOpen(false);
              setToppedUp(true);
              void user.refetch();
              showToast(
                t('chat.toppedUp', {
                  balance: formatAmount(newBalance ?? balanceCents),
                }),
                'success',
              );
            }}
          />
        </Suspense>
      )}

      {reporting && <ReportDialog target={reporting} onClose={() => setReporting(null)} />}
      {confirmingBlock && (
        <ConfirmDialog
          title={t('safety.block.confirmAdvisorTitle', { name: advisor.name })}
          message={t('safety.block.confirmAdvisor', { name: advisor.name })}
          confirmLabel={t('safety.block.confirm')}
          onConfirm={() => void changeBlock(true)}
          onCancel={() => setConfirmingBlock(false)}
        />
      )}

      {confirmingDelete && (
        <ConfirmDialog
          title={t('chat.deleteConfirmTitle')}
          message={t('chat.deleteConfirmMessage')}
          confirmLabel={t('chat.deleteConfirm')}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmingDelete(false)}
        />
      )}
    </section>
  );
}
