/**
 * Runs work that nothing on screen waits for (telling the server the time zone, warming caches)
 * once the browser has a quiet moment after the first screen, instead of inside the first render's
 * effects where it would lengthen the task that makes the page answer taps. Returns a cancel.
 */
export function whenIdle(work: () => void, latestMs = 5_000): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => work(), { timeout: latestMs });
    return () => window.cancelIdleCallback(handle);
  }
  // Safari (Telegram's iOS and macOS web views) has no requestIdleCallback: after the first frames.
  const timer = window.setTimeout(work, Math.min(latestMs, 1_500));
  return () => window.clearTimeout(timer);
}
