/** Keeps the inbox fresh while it is on screen: a message or read receipt in any of the advisor's dialogs, or a reconnect, reloads it quietly. */
import { useEffect } from 'react';
import { onConnectionState, onSocketFrame } from '../../lib/socket';

export function useLiveInbox(advisorId: number, refetch: () => Promise<void>): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    // A burst of frames (several messages at once) becomes one reload.
    const reload = () => {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        void refetch();
      }, 200);
    };
    const stops = [
      onSocketFrame('new_message', ({ data }) => {
        if (data.manager_id === advisorId) reload();
      }),
      onSocketFrame('read', ({ data }) => {
        if (data.manager_id === advisorId) reload();
      }),
      onConnectionState((state) => {
        if (state === 'open') reload();
      }),
    ];
    return () => {
      if (timer !== null) clearTimeout(timer);
      for (const stop of stops) stop();
    };
  }, [advisorId, refetch]);
}
