/**
 * Open overlays (modals, sheets, menus), newest last. Telegram's BackButton closes the top one
 * before it leaves a screen, and the screen's MainButton hides while one is open (decision 053).
 */
import { useEffect, useRef, useSyncExternalStore } from 'react';

const stack: Array<{ close: () => void }> = [];
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

/** Registers an open overlay with the function that closes it; returns the unregister. */
export function pushOverlay(close: () => void): () => void {
  const entry = { close };
  stack.push(entry);
  emit();
  return () => {
    const index = stack.indexOf(entry);
    if (index === -1) return;
    stack.splice(index, 1);
    emit();
  };
}

/** Closes the newest overlay; false when none is open. */
export function closeTopOverlay(): boolean {
  const top = stack[stack.length - 1];
  if (!top) return false;
  top.close();
  return true;
}

export function overlayCount(): number {
  return stack.length;
}

export function onOverlaysChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any overlay is open, re-rendering when that changes. */
export function useOverlayOpen(): boolean {
  return useSyncExternalStore(
    onOverlaysChange,
    () => stack.length > 0,
    () => false,
  );
}

/** Keeps an overlay registered while `open`; `close` is read when the BackButton is pressed. */
export function useOverlay(open: boolean, close: () => void): void {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => (open ? pushOverlay(() => latest.current()) : undefined), [open]);
}
