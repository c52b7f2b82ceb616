/**
 * One dialog as the chat screen sees it: the history from GetAllMessages plus what arrives live
 * over the socket (advisor messages, presence, read receipts), without duplicates.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Message } from '@seer/contract';
import { onSocketFrame, watchDialog } from '../../lib/socket';
import { useDialog } from './api/get-all-messages';
import { markRead } from './api/mark-read';
import { playMessageSound } from './chat-sound';

/** Merges message lists by id (later copies win, so a read flag can update). */
export function mergeMessages(...lists: ReadonlyArray<readonly Message[]>): Message[] {
  const byId = new Map<number, Message>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort(
    (a, b) => Date.parse(a.message_date) - Date.parse(b.message_date) || a.id - b.id,
  );
}

export function useChat(advisorId: number | null) {
  const dialog = useDialog(advisorId);
  const [added, setAdded] = useState<Message[]>([]);
  const [online, setOnline] = useState<boolean | null>(null);
  /** The advisor has read the user's messages up to this id. */
  const [readUpTo, setReadUpTo] = useState(0);
  const markTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  // A new advisor (another /chat/:id) starts from its own history.
  useEffect(() => {
    setAdded([]);
    setOnline(null);
    setReadUpTo(0);
  }, [advisorId]);

  /** Tells the server the advisor's messages were seen; batched, and only while the page is visible. */
  const scheduleMarkRead = useCallback(() => {
    if (advisorId === null || markTimer.current !== null) return;
    markTimer.current = setTimeout(() => {
      markTimer.current = null;
      if (document.visibilityState === 'visible') void markRead(advisorId).catch(() => {});
    }, 300);
  }, [advisorId]);

  useEffect(
    () => () => {
      if (markTimer.current !== null) clearTimeout(markTimer.current);
      markTimer.current = null;
    },
    [advisorId],
  );

  useEffect(() => {
    if (advisorId === null) return;
    const stopWatching = watchDialog(advisorId);
    const stopMessages = onSocketFrame('new_message', ({ data }) => {
      if (data.manager_id !== advisorId) return;
      // Spec: the user's own message comes back as an echo and is ignored; the screen already
      // shows it from the CreateMessage answer.
      if (data.sender === 'user') return;
      setAdded((list) => mergeMessages(list, [data.full]));
      playMessageSound();
      scheduleMarkRead();
    });
    const stopPresence = onSocketFrame('presence', ({ data }) => {
      if (data.manager_id === advisorId) setOnline(data.isOnline);
    });
    const stopRead = onSocketFrame('read', ({ data }) => {
      if (data.manager_id === advisorId && data.reader === 'manager')
        setReadUpTo((upTo) => Math.max(upTo, data.up_to_id));
    });
    return () => {
      stopMessages();
      stopPresence();
      stopRead();
      stopWatching();
    };
  }, [advisorId, scheduleMarkRead]);

  const history = dialog.status === 'success' ? dialog.data.messages : undefined;

  // Unread advisor messages in the loaded history are read now that the chat is open.
  useEffect(() => {
    if (history?.some((message) => message.sender === 'manager' && !message.read))
      scheduleMarkRead();
  }, [history, scheduleMarkRead]);

  // Coming back to the app: catch up on anything missed while the socket was away.
  const { refetch } = dialog;
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);

  const messages = useMemo(() => {
    const merged = mergeMessages(history ?? [], added);
    if (readUpTo === 0) return merged;
    return merged.map((message) =>
      message.sender === 'user' && !message.read && message.id <= readUpTo
        ? { ...message, read: true }
        : message,
    );
  }, [history, added, readUpTo]);

  const addOwnMessage = useCallback(
    (message: Message) => setAdded((list) => mergeMessages(list, [message])),
    [],
  );

  const advisor = dialog.status === 'success' ? dialog.data.manager : undefined;
  return {
    dialog,
    advisor,
    messages,
    online: online ?? advisor?.isOnline ?? false,
    addOwnMessage,
  };
}
