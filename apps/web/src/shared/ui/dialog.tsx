/**
 * A dialog over the screen: a report form, a confirmation. A tap on the backdrop, Escape or
 * Telegram's BackButton closes it; the BackButton closes it before it leaves the screen under it,
 * and the screen's MainButton hides while it is open (decision 053, lib/overlays).
 */
import {
  useEffect,
  useId,
  useRef,
  useState,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { useT } from '../../lib/i18n';
import { useOverlay } from '../../lib/overlays';

interface DialogProps {
  onClose: () => void;
  /** `alertdialog` for a question that needs an answer (a confirmation). */
  role?: 'dialog' | 'alertdialog';
  /** The id of the dialog's title. */
  labelledBy: string;
  describedBy?: string;
  /** Classes beside `modal`. */
  className?: string;
  /** False while an action is under way: nothing closes it then (the BackButton does nothing). */
  dismissible?: boolean;
  /** Given, the dialog is a form sent with it. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

export function Dialog({
  onClose,
  role = 'dialog',
  labelledBy,
  describedBy,
  className = '',
  dismissible = true,
  onSubmit,
  children,
}: DialogProps) {
  const panel = useRef<HTMLElement>(null);
  // Read before the dialog's own autoFocus moves the focus, so closing gives it back.
  const [opener] = useState(() => document.activeElement as HTMLElement | null);
  const close = () => {
    if (dismissible) onClose();
  };
  useOverlay(true, close);

  useEffect(() => {
    // A screen reader and the keyboard start inside the dialog (on its own autoFocus if it has one).
    if (!panel.current?.contains(document.activeElement)) panel.current?.focus();
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  const props = {
    className: `modal ${className}`,
    role,
    'aria-modal': true,
    'aria-labelledby': labelledBy,
    'aria-describedby': describedBy,
    tabIndex: -1,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      // Only this dialog closes, not one under it.
      event.stopPropagation();
      close();
    },
  };
  return (
    <div
      className="modal-backdrop"
      onClick={(event) => event.target === event.currentTarget && close()}
    >
      {onSubmit ? (
        <form {...props} ref={panel as RefObject<HTMLFormElement>} onSubmit={onSubmit}>
          {children}
        </form>
      ) : (
        <div {...props} ref={panel as RefObject<HTMLDivElement>}>
          {children}
        </div>
      )}
    </div>
  );
}

interface ConfirmDialogProps {
  title: string;
  message: string;
  /** The action's words ("Block", "Delete"); the action is a destructive one. */
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** "Are you sure?": the action in red, Cancel focused, and every way out cancels. */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const t = useT();
  const titleId = useId();
  const messageId = useId();
  return (
    <Dialog role="alertdialog" labelledBy={titleId} describedBy={messageId} onClose={onCancel}>
      <h2 id={titleId}>{title}</h2>
      <p id={messageId} className="muted">
        {message}
      </p>
      <button type="button" className="button button-danger" onClick={onConfirm}>
        {confirmLabel}
      </button>
      <button type="button" className="button button-secondary" onClick={onCancel} autoFocus>
        {t('common.cancel')}
      </button>
    </Dialog>
  );
}
