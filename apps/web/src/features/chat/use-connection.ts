/**
 * Whether the app has lost its live connection: the socket closed and is being retried, or the
 * browser says it is offline (decision 055). The chat's header says so instead of the advisor's
 * presence, which cannot be known meanwhile.
 */
import { useEffect, useState } from 'react';
import { isConnectionLost, onConnectionState } from '../../lib/socket';

function lost(): boolean {
  return isConnectionLost() || (typeof navigator !== 'undefined' && navigator.onLine === false);
}

export function useConnectionLost(): boolean {
  const [value, setValue] = useState(lost);
  useEffect(() => {
    const update = () => setValue(lost());
    const stop = onConnectionState(update);
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    update();
    return () => {
      stop();
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return value;
}

/**
 * Calls `retry` by itself while `failed`: when the connection or the browser comes back, and
 * every `everyMs` meanwhile — a screen that could not load tries again without a reload.
 */
export function useRetryWhileFailed(failed: boolean, retry: () => void, everyMs = 8000): void {
  useEffect(() => {
    if (!failed) return;
    const stop = onConnectionState((state) => {
      if (state === 'open') retry();
    });
    window.addEventListener('online', retry);
    const timer = setInterval(retry, everyMs);
    return () => {
      stop();
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [failed, retry, everyMs]);
}
