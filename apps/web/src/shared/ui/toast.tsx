/**
 * Short messages at the bottom of the screen (the app's alerts): showToast(text). One at a time
 * (a new one replaces the last), above the chat's reply box when one is on screen, and gone when
 * the user moves to another screen — unless it was said on the way there ("Chat deleted").
 */
import { useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'wouter';
import { haptic } from '../../lib/telegram';

export type ToastKind = 'info' | 'success' | 'error';
interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
  shownAt: number;
}

const TOAST_MS = 3500;
/** A toast said this shortly before a move to another screen is about that move and goes along. */
const SAID_ON_THE_WAY_MS = 600;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(text: string, kind: ToastKind = 'info'): void {
  const toast = { id: nextId++, text, kind, shownAt: Date.now() };
  toasts = [toast];
  if (kind !== 'info') haptic.notify(kind === 'success' ? 'success' : 'error');
  emit();
  setTimeout(() => {
    toasts = toasts.filter((item) => item.id !== toast.id);
    emit();
  }, TOAST_MS);
}

/** Drops the toasts said before a move to another screen. */
function leaveScreen(now = Date.now()): void {
  const kept = toasts.filter((toast) => now - toast.shownAt < SAID_ON_THE_WAY_MS);
  if (kept.length === toasts.length) return;
  toasts = kept;
  emit();
}

/** How far above the window's bottom edge toasts sit: over a reply box when there is one. */
function bottomOffset(): number | null {
  const composer = document.querySelector('[data-composer]');
  if (!composer) return null;
  const top = composer.getBoundingClientRect().top;
  const height = document.documentElement.clientHeight || window.innerHeight;
  return Math.max(0, height - top) + 8;
}

export function Toasts() {
  const list = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
    () => toasts,
  );
  const [location] = useLocation();
  const first = useRef(true);
  const [bottom, setBottom] = useState<number | null>(null);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    leaveScreen();
  }, [location]);

  useLayoutEffect(() => {
    if (list.length > 0) setBottom(bottomOffset());
  }, [list, location]);

  return (
    <div
      className="toasts"
      aria-live="polite"
      role="status"
      style={bottom === null ? undefined : { bottom: `${bottom}px` }}
    >
      {list.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}
