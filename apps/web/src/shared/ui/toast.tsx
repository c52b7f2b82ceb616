/** Short messages at the bottom of the screen (the app's alerts): showToast(text). */
import { useSyncExternalStore } from 'react';
import { haptic } from '../../lib/telegram';

export type ToastKind = 'info' | 'success' | 'error';
interface Toast {
  id: number;
  text: string;
  kind: ToastKind;
}

const TOAST_MS = 3500;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showToast(text: string, kind: ToastKind = 'info'): void {
  const toast = { id: nextId++, text, kind };
  toasts = [...toasts.slice(-2), toast];
  if (kind !== 'info') haptic.notify(kind === 'success' ? 'success' : 'error');
  emit();
  setTimeout(() => {
    toasts = toasts.filter((item) => item.id !== toast.id);
    emit();
  }, TOAST_MS);
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
  return (
    <div className="toasts" aria-live="polite" role="status">
      {list.map((toast) => (
        <div key={toast.id} className={`toast toast-${toast.kind}`}>
          {toast.text}
        </div>
      ))}
    </div>
  );
}
