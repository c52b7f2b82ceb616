/**
 * A screen's main action, declared once (decision 053): inside Telegram it is Telegram's own
 * MainButton (and SecondaryButton for a second action) in Seer's colours; in a browser it is an
 * in-page button where the screen places it. Hidden while an overlay is open over the screen.
 */
import { useEffect, useId, useRef, type ReactElement } from 'react';
import { onOverlaysChange, overlayCount } from '../../lib/overlays';
import {
  hasNativeBottomButton,
  setBottomButton,
  type BottomButtonKind,
  type BottomButtonState,
} from '../../lib/telegram';
import { navigate } from '../../lib/navigation';
import { Button, ButtonLink } from './button';

export interface MainActionOptions {
  text: string;
  /** Runs on a press; with `form` the form is submitted instead (its onSubmit runs). */
  onClick?: () => void;
  /** An in-app address the button opens (a link in the page). */
  href?: string;
  /** The id of the form this button submits. */
  form?: string;
  disabled?: boolean;
  /** The action is running: Telegram's spinner, or `progressText` on the in-page button. */
  progress?: boolean;
  progressText?: string;
  /** Extra class names for the in-page button. */
  className?: string;
}

interface Claim {
  id: string;
  state: BottomButtonState;
}

// The newest mounted screen owns each button; when it goes, the one before it gets it back.
const claims: Record<BottomButtonKind, Claim[]> = { main: [], secondary: [] };

function publish(kind: BottomButtonKind): void {
  const top = claims[kind][claims[kind].length - 1];
  setBottomButton(
    kind,
    top ? { ...top.state, hidden: Boolean(top.state.hidden) || overlayCount() > 0 } : null,
  );
}

let followingOverlays = false;

function claim(kind: BottomButtonKind, id: string, state: BottomButtonState): void {
  if (!followingOverlays) {
    followingOverlays = true;
    onOverlaysChange(() => {
      publish('main');
      publish('secondary');
    });
  }
  const list = claims[kind];
  const existing = list.find((entry) => entry.id === id);
  if (existing) existing.state = state;
  else list.push({ id, state });
  publish(kind);
}

function release(kind: BottomButtonKind, id: string): void {
  claims[kind] = claims[kind].filter((entry) => entry.id !== id);
  publish(kind);
}

/**
 * Drives Telegram's button of `kind` with `options` while mounted (null: this screen has no such
 * action now). Returns whether Telegram draws it, so the caller draws its own button otherwise.
 */
export function useTelegramButton(
  kind: BottomButtonKind,
  options: MainActionOptions | null,
): boolean {
  const id = useId();
  const native = hasNativeBottomButton(kind);
  const latest = useRef(options);
  latest.current = options;
  const active = options !== null;
  const { text, disabled, progress } = options ?? { text: '' };

  useEffect(() => {
    if (!native || !active) return;
    claim(kind, id, {
      text,
      disabled,
      progress,
      onClick: () => {
        const current = latest.current;
        if (!current) return;
        if (current.href) navigate(current.href);
        else if (current.form) {
          const element = document.getElementById(current.form);
          if (element instanceof HTMLFormElement) element.requestSubmit();
        } else current.onClick?.();
      },
    });
  }, [native, active, kind, id, text, disabled, progress]);

  useEffect(
    () => (native && active ? () => release(kind, id) : undefined),
    [native, active, kind, id],
  );
  return native;
}

function useBottomButton(kind: BottomButtonKind, options: MainActionOptions): ReactElement | null {
  const native = useTelegramButton(kind, options);
  const latest = useRef(options);
  latest.current = options;
  const { text, disabled, progress } = options;

  if (native) return null;
  const variant = kind === 'main' ? 'primary' : 'secondary';
  if (options.href)
    return (
      <ButtonLink href={options.href} variant={variant} block className={options.className}>
        {text}
      </ButtonLink>
    );
  return (
    <Button
      type={options.form ? 'submit' : 'button'}
      form={options.form}
      variant={variant}
      block
      className={options.className}
      disabled={disabled}
      busy={progress}
      busyLabel={options.progressText}
      onClick={options.form ? undefined : () => latest.current.onClick?.()}
    >
      {text}
    </Button>
  );
}

/** Telegram's MainButton inside Telegram (returns null), the in-page primary button elsewhere. */
export function useMainButton(options: MainActionOptions): ReactElement | null {
  return useBottomButton('main', options);
}

/** Telegram's SecondaryButton inside Telegram (returns null), an in-page secondary button elsewhere. */
export function useSecondaryButton(options: MainActionOptions): ReactElement | null {
  return useBottomButton('secondary', options);
}

export function MainButton(props: MainActionOptions) {
  return useMainButton(props);
}

export function SecondaryButton(props: MainActionOptions) {
  return useSecondaryButton(props);
}
