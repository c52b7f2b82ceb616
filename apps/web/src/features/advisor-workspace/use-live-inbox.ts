/**
 * Keeps the inbox current while it is on screen: a message or read receipt in one of the advisor's
 * dialogs is applied to the cached list from the frame itself; a dialog the list does not hold yet
 * (a new user) or a reconnect reloads it.
 */
import { useEffect } from 'react';
import type { CallAnswer } from '@seer/contract';
import { onConnectionState, onSocketFrame } from '../../lib/socket';
import { getCachedData, setCachedData } from '../../lib/use-data';
import { inboxWithMessage, inboxWithRead } from '../../shared/live-dialog/live-lists';
import { inboxKey } from './api/keys';

type Inbox = CallAnswer<'ManagerGetChats'>;

export function useLiveInbox(advisorId: number, refetch: () => Promise<void>): void {
  useEffect(() => {
    const update = (change: (inbox: Inbox) => Inbox['chats'] | null) => {
      const current = getCachedData<Inbox>(inboxKey);
      const next = current ? change(current) : null;
      if (current && next) setCachedData(inboxKey, { ...current, chats: next });
      else void refetch();
    };
    const stops = [
      onSocketFrame('new_message', ({ data }) => {
        if (data.manager_id === advisorId) update((inbox) => inboxWithMessage(inbox.chats, data));
      }),
      onSocketFrame('read', ({ data }) => {
        if (data.manager_id === advisorId) update((inbox) => inboxWithRead(inbox.chats, data));
      }),
      onConnectionState((state) => {
        if (state === 'open') void refetch();
      }),
    ];
    return () => stops.forEach((stop) => stop());
  }, [advisorId, refetch]);
}
