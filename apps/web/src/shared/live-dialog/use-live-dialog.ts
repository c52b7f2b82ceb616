/**
 * One live dialog, as the user's chat and the advisor's workspace both show it: the loaded history
 * plus what arrives over the socket (messages, read receipts), without duplicates; the other
 * side's messages are marked read while the dialog is on screen; anything missed while the
 * socket was away or the app was hidden is fetched again.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Message } from '@seer/contract';
import { onConnectionState, onSocketFrame } from '../../lib/socket';
import { applyReadUpTo, mergeMessages } from './merge';

export interface LiveDialogOptions {
  /** Whose screen this is: 'user' (the chat) or 'manager' (the advisor's workspace). */
  side: Message['sender'];
  advisorId: number | null;
  /** The dialog's user; null on the user's own screen (every frame there is theirs). */
  userId: number | null;
  history: readonly Message[] | undefined;
  refetch: () => Promise<void>;
  /** Tells the server this side has seen the other side's messages up to `upToId`. */
  markRead: (upToId?: number) => Promise<unknown>;
  /**
   * Whether this side's own messages arriving over the socket are shown. The user's chat ignores
   * the echo (the send's answer already put the message on screen); the workspace shows replies
   * sent from the advisor's other devices.
   */
  showOwnEchoes: boolean;
  /** A message from the other side arrived (the chat plays a sound). */
  onIncoming?: (message: Message) => void;
}

export function useLiveDialog(options: LiveDialogOptions) {
  const { side, advisorId, userId, history, refetch, showOwnEchoes } = options;
  const other: Message['sender'] = side === 'user' ? 'manager' : 'user';
  const [added, setAdded] = useState<Message[]>([]);
  /** The other side has read this side's messages up to this id. */
  const [readUpTo, setReadUpTo] = useState(0);
  const markTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The mark waiting in its batching pause: this dialog's markRead, taken when it was scheduled. */
  const pendingMark = useRef<((upToId?: number) => Promise<unknown>) | null>(null);
  /** The newest message of the other side on screen (what a mark-read covers). */
  const newestSeen = useRef<number | undefined>(undefined);
  /**
   * The dialog's address. The page stays mounted (hidden) for a moment after the user has left it,
   * while the next page loads: what arrives then was not seen.
   */
  const ownPath = useRef(window.location.pathname);
  const onScreen = useCallback(
    () => document.visibilityState === 'visible' && window.location.pathname === ownPath.current,
    [],
  );
  const latest = useRef(options);
  latest.current = options;

  const sendMark = useCallback(() => {
    const mark = pendingMark.current;
    if (markTimer.current !== null) clearTimeout(markTimer.current);
    markTimer.current = null;
    pendingMark.current = null;
    if (mark && newestSeen.current !== undefined) void mark(newestSeen.current).catch(() => {});
  }, []);

  // Another dialog starts from its own history. A mark still waiting when the dialog closes is
  // sent then: it names the newest message that was on screen, so a reply that comes after the
  // reader has left stays unread.
  useEffect(() => {
    setAdded([]);
    setReadUpTo(0);
    ownPath.current = window.location.pathname;
    return () => {
      sendMark();
      newestSeen.current = undefined;
    };
  }, [advisorId, userId, sendMark]);

  /** Batched, and only while the dialog is on screen. */
  const scheduleMarkRead = useCallback(() => {
    if (markTimer.current !== null || !onScreen()) return;
    pendingMark.current = latest.current.markRead;
    markTimer.current = setTimeout(sendMark, 300);
  }, [sendMark, onScreen]);

  useEffect(() => {
    if (advisorId === null) return;
    const mine = (frame: { manager_id: number; telegram_user_id: number }) =>
      frame.manager_id === advisorId && (userId === null || frame.telegram_user_id === userId);
    const stops = [
      onSocketFrame('new_message', ({ data }) => {
        if (!mine(data)) return;
        if (data.sender === side && !showOwnEchoes) return;
        setAdded((list) => mergeMessages(list, [data.full]));
        if (data.sender === other) {
          latest.current.onIncoming?.(data.full);
          scheduleMarkRead();
        }
      }),
      onSocketFrame('read', ({ data }) => {
        if (mine(data) && data.reader === other)
          setReadUpTo((upTo) => Math.max(upTo, data.up_to_id));
      }),
      // Back from a lost connection: catch up on what arrived meanwhile.
      onConnectionState((state) => {
        if (state === 'open') void refetch();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [advisorId, userId, side, other, showOwnEchoes, scheduleMarkRead, refetch]);

  // Coming back to the app: the same catch-up.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refetch();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [refetch]);

  // Unread messages of the other side in the loaded history are read now that the dialog is open.
  useEffect(() => {
    if (history?.some((message) => message.sender === other && !message.read)) scheduleMarkRead();
  }, [history, other, scheduleMarkRead]);

  const messages = useMemo(
    () => applyReadUpTo(mergeMessages(history ?? [], added), side, readUpTo),
    [history, added, side, readUpTo],
  );
  useEffect(() => {
    if (!onScreen()) return;
    for (const message of messages)
      if (
        message.sender === other &&
        message.manager_id === advisorId &&
        (userId === null || message.telegram_user_id === userId) &&
        message.id > (newestSeen.current ?? 0)
      )
        newestSeen.current = message.id;
  }, [messages, other, advisorId, userId, onScreen]);

  /** A message this side just sent (from the send's answer). */
  const add = useCallback(
    (message: Message) => setAdded((list) => mergeMessages(list, [message])),
    [],
  );

  return { messages, add };
}
