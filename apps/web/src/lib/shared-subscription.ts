/**
 * One subscription shared by every screen that needs it: `start` runs when the first user joins
 * and its stop when the last one leaves. Each join returns its own leave, safe to call twice.
 */
export function sharedSubscription(start: () => () => void): () => () => void {
  let users = 0;
  let stop: (() => void) | null = null;
  return () => {
    users += 1;
    if (users === 1) stop = start();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      users -= 1;
      if (users === 0) {
        stop?.();
        stop = null;
      }
    };
  };
}
