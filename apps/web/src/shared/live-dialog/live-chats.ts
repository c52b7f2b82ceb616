/**
 * The user's chat list (GetAllChats) kept live for every screen that shows it: the history page
 * and the unread badge on the Chats tab. One subscription for all of them, so a frame is applied
 * once: an advisor's message raises the dialog's unread count, unless that chat is on screen
 * (it is read there at once); opening a chat clears its count.
 */
import { useEffect } from 'react';
import type { CallAnswer, ChatSummary } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { onConnectionState, onSocketFrame } from '../../lib/socket';
import { getCachedData, setCachedData, useData } from '../../lib/use-data';
import { sharedSubscription } from '../../lib/shared-subscription';
import { chatsWithMessage } from './live-lists';

export const CHATS_KEY = 'chats';
type Chats = CallAnswer<'GetAllChats'>;

/** The advisor whose chat is mounted, if any (see `viewingNow`). */
let viewing: number | null = null;
/** The newest loader's refetch (a frame about a dialog the list lacks reloads it). */
let reload: (() => Promise<void>) | null = null;

function withoutUnread(chats: readonly ChatSummary[], advisorId: number): ChatSummary[] {
  return chats.map((chat) =>
    chat.manager_id === advisorId && chat.unread !== 0 ? { ...chat, unread: 0 } : chat,
  );
}

/** The dialog with this advisor has been read: its count goes at once (a reload agrees later). */
export function clearUnread(advisorId: number): void {
  const current = getCachedData<Chats>(CHATS_KEY);
  if (current?.chats.some((chat) => chat.manager_id === advisorId && chat.unread !== 0))
    setCachedData(CHATS_KEY, { ...current, chats: withoutUnread(current.chats, advisorId) });
}

/**
 * The advisor whose chat is on screen now. A chat page stays mounted (hidden) for a moment after
 * the user has left it, while the next page's code or texts load; the address has changed at once.
 */
function viewingNow(): number | null {
  return viewing !== null && window.location.pathname === `/chat/${viewing}` ? viewing : null;
}

/** Whether the chat with this advisor is on screen now. */
export function isViewingChat(advisorId: number): boolean {
  return viewingNow() === advisorId;
}

/** The chat with this advisor is on screen; its unread count is cleared. Returns the undo. */
export function viewChat(advisorId: number): () => void {
  viewing = advisorId;
  clearUnread(advisorId);
  return () => {
    if (viewing === advisorId) viewing = null;
  };
}

const follow = sharedSubscription(() => {
  const stops = [
    onSocketFrame('new_message', ({ data }) => {
      const current = getCachedData<Chats>(CHATS_KEY);
      let next = current ? chatsWithMessage(current.chats, data) : null;
      if (!current || !next) {
        void reload?.();
        return;
      }
      if (viewingNow() === data.manager_id) next = withoutUnread(next, data.manager_id);
      setCachedData(CHATS_KEY, { ...current, chats: next });
    }),
    // Back from a lost connection: counts may have changed meanwhile.
    onConnectionState((state) => {
      if (state === 'open') void reload?.();
    }),
  ];
  return () => stops.forEach((stop) => stop());
});

/** The user's dialogs, loaded once and kept live while any screen uses them. */
export function useLiveChats() {
  const chats = useData(CHATS_KEY, () => callApi('GetAllChats'));
  const { refetch } = chats;
  useEffect(() => {
    reload = refetch;
    return follow();
  }, [refetch]);
  // A reload answered before the open chat's messages were marked read does not count them.
  const data = chats.data;
  useEffect(() => {
    const onScreen = viewingNow();
    if (data && onScreen !== null) clearUnread(onScreen);
  }, [data]);
  return chats;
}

/**
 * Unread advisor messages over all dialogs. The chat on screen never counts: its messages are read
 * there, whatever order a reload's answer and its mark-read come back in.
 */
export function unreadTotal(chats: readonly ChatSummary[] | undefined): number {
  const onScreen = viewingNow();
  return (chats ?? []).reduce(
    (sum, chat) => (chat.manager_id === onScreen ? sum : sum + chat.unread),
    0,
  );
}
