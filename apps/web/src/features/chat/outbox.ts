/**
 * The user's messages on their way (decision 055): each is a bubble at once ('sending'); one the
 * server could not be reached for, or failed on, stays as a bubble 'Not sent · tap to retry'
 * ('failed'). Every message has its own client id, sent again with each retry, so the server
 * stores and charges it once however often it is retried. A send the server refused (no funds, a
 * limit, a block) leaves no bubble: its text goes back to the composer.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ERROR_CODES, Message } from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { sendPaidMessage } from '../../shared/live-dialog/send-message';

// Literals rather than ERROR_CODES itself: importing a value from the contract's api module would
// pull zod's schemas into this chunk.
const INSUFFICIENT_FUNDS: (typeof ERROR_CODES)['insufficientFunds'] = 'insufficient_funds';
const SPENDING_LIMIT: (typeof ERROR_CODES)['spendingLimitReached'] = 'spending_limit_reached';

export interface OutgoingContent {
  text: string;
  imageId?: string;
  /** The picture as the user picked it, shown in the bubble while it is on its way. */
  previewUrl?: string;
}

export interface Outgoing extends OutgoingContent {
  clientId: string;
  state: 'sending' | 'failed';
  /** When the user sent it (the bubble's time). */
  at: string;
}

export type SendResult =
  | { kind: 'sent'; message: Message }
  | { kind: 'failed' }
  | { kind: 'topUp' }
  | { kind: 'spendingLimit' }
  | { kind: 'refused'; error: unknown };

/** A new message's own id: a random UUID (version 4). */
export function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Whether the send may have failed on the way (no answer, or the server or database could not
 * finish it): then it is kept to retry. Anything else is the server's answer about this message.
 */
function failedOnTheWay(error: unknown): boolean {
  if (!isApiError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status >= 500;
}

export function useOutbox(advisorId: number, onSent: (message: Message) => void) {
  const [items, setItems] = useState<Outgoing[]>([]);
  const latestSent = useRef(onSent);
  latestSent.current = onSent;

  // Another chat starts with its own outbox.
  useEffect(() => setItems([]), [advisorId]);

  const attempt = useCallback(
    async (item: Outgoing): Promise<SendResult> => {
      setItems((list) =>
        list.some((entry) => entry.clientId === item.clientId)
          ? list.map((entry) =>
              entry.clientId === item.clientId ? { ...entry, state: 'sending' } : entry,
            )
          : [...list, item],
      );
      const drop = () =>
        setItems((list) => list.filter((entry) => entry.clientId !== item.clientId));
      try {
        const message = await sendPaidMessage(advisorId, {
          text: item.text,
          imageId: item.imageId,
          clientId: item.clientId,
        });
        drop();
        latestSent.current(message);
        return { kind: 'sent', message };
      } catch (error) {
        if (failedOnTheWay(error)) {
          setItems((list) =>
            list.map((entry) =>
              entry.clientId === item.clientId ? { ...entry, state: 'failed' } : entry,
            ),
          );
          return { kind: 'failed' };
        }
        drop();
        if (isApiError(error) && error.code === INSUFFICIENT_FUNDS) return { kind: 'topUp' };
        if (isApiError(error) && error.code === SPENDING_LIMIT) return { kind: 'spendingLimit' };
        return { kind: 'refused', error };
      }
    },
    [advisorId],
  );

  /** Sends a new message under a new client id. */
  const send = useCallback(
    (content: OutgoingContent) =>
      attempt({
        ...content,
        clientId: newClientId(),
        state: 'sending',
        at: new Date().toISOString(),
      }),
    [attempt],
  );

  /** Sends a failed message again, under its own client id: stored and charged once at most. */
  const retry = useCallback(
    (clientId: string) => {
      const item = items.find((entry) => entry.clientId === clientId);
      return item && item.state === 'failed' ? attempt(item) : Promise.resolve(null);
    },
    [items, attempt],
  );

  return { items, send, retry };
}
