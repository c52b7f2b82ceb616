/**
 * One dialog as the user's chat screen sees it: the shared live dialog (history plus socket
 * frames, read receipts both ways), the advisor's presence badge and "is typing" (a socket frame
 * from the advisor, shown until their message arrives or LIMITS.typingShownMs pass).
 */
import { useCallback, useEffect, useState } from 'react';
import { LIMITS } from '@seer/contract';
import { watchDialog, onSocketFrame } from '../../lib/socket';
import { useLiveDialog } from '../../shared/live-dialog/use-live-dialog';
import { clearUnread, isViewingChat, viewChat } from '../../shared/live-dialog/live-chats';
import { useDialog } from './api/get-all-messages';
import { markRead } from './api/mark-read';
import { playMessageSound } from './chat-sound';

export function useChat(advisorId: number | null) {
  const dialog = useDialog(advisorId);
  const [online, setOnline] = useState<boolean | null>(null);
  const [typing, setTyping] = useState(false);

  useEffect(() => {
    setOnline(null);
    setTyping(false);
    if (advisorId === null) return;
    let typingTimer: ReturnType<typeof setTimeout> | null = null;
    const stopTyping = () => {
      if (typingTimer !== null) clearTimeout(typingTimer);
      typingTimer = null;
      setTyping(false);
    };
    const stops = [
      watchDialog(advisorId),
      // Its messages are read here: the Chats tab's badge and the list row do not count them.
      viewChat(advisorId),
      onSocketFrame('presence', ({ data }) => {
        if (data.manager_id === advisorId) setOnline(data.isOnline);
      }),
      onSocketFrame('typing', ({ data }) => {
        if (data.manager_id !== advisorId) return;
        if (typingTimer !== null) clearTimeout(typingTimer);
        typingTimer = setTimeout(stopTyping, LIMITS.typingShownMs);
        setTyping(true);
      }),
      // The advisor's message ends their typing.
      onSocketFrame('new_message', ({ data }) => {
        if (data.manager_id === advisorId && data.sender === 'manager') stopTyping();
      }),
    ];
    return () => {
      stops.forEach((stop) => stop());
      if (typingTimer !== null) clearTimeout(typingTimer);
    };
  }, [advisorId]);

  const markSeen = useCallback(
    (upToId?: number) =>
      advisorId === null
        ? Promise.resolve()
        : // A mark sent on the way out of the chat answers after the user has left it: a reply
          // that arrived meanwhile is unread, so only a chat still on screen clears its count.
          markRead(advisorId, upToId).then(() => {
            if (isViewingChat(advisorId)) clearUnread(advisorId);
          }),
    [advisorId],
  );
  const { messages, add } = useLiveDialog({
    side: 'user',
    advisorId,
    userId: null,
    history: dialog.status === 'success' ? dialog.data.messages : undefined,
    refetch: dialog.refetch,
    markRead: markSeen,
    showOwnEchoes: false,
    onIncoming: playMessageSound,
  });

  const advisor = dialog.status === 'success' ? dialog.data.manager : undefined;
  return {
    dialog,
    advisor,
    messages,
    online: online ?? advisor?.isOnline ?? false,
    typing,
    addOwnMessage: add,
  };
}
