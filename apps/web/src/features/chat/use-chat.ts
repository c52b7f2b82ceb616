/**
 * One dialog as the user's chat screen sees it: the shared live dialog (history plus socket
 * frames, read receipts both ways) and the advisor's presence badge.
 */
import { useCallback, useEffect, useState } from 'react';
import { watchDialog, onSocketFrame } from '../../lib/socket';
import { useLiveDialog } from '../../shared/live-dialog/use-live-dialog';
import { useDialog } from './api/get-all-messages';
import { markRead } from './api/mark-read';
import { playMessageSound } from './chat-sound';

export function useChat(advisorId: number | null) {
  const dialog = useDialog(advisorId);
  const [online, setOnline] = useState<boolean | null>(null);

  useEffect(() => {
    setOnline(null);
    if (advisorId === null) return;
    const stopWatching = watchDialog(advisorId);
    const stopPresence = onSocketFrame('presence', ({ data }) => {
      if (data.manager_id === advisorId) setOnline(data.isOnline);
    });
    return () => {
      stopPresence();
      stopWatching();
    };
  }, [advisorId]);

  const markSeen = useCallback(
    () => (advisorId === null ? Promise.resolve() : markRead(advisorId)),
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
    addOwnMessage: add,
  };
}
