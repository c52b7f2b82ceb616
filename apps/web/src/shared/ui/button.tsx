/** Buttons and button-styled links of the design system. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link } from 'wouter';
import { haptic } from '../../lib/telegram';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'light';

function classes(
  variant: ButtonVariant,
  block: boolean | undefined,
  extra: string | undefined,
): string {
  return ['button', `button-${variant}`, block ? 'button-block' : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  block?: boolean;
  /** Shows `busyLabel` and blocks clicks while an action runs. */
  busy?: boolean;
  busyLabel?: string;
}

export function Button({
  variant = 'primary',
  block,
  busy,
  busyLabel,
  className,
  children,
  onClick,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes(variant, block, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      onClick={(event) => {
        haptic.impact('light');
        onClick?.(event);
      }}
      {...rest}
    >
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}

interface ButtonLinkProps {
  href: string;
  variant?: ButtonVariant;
  block?: boolean;
  className?: string;
  children: ReactNode;
  'aria-label'?: string;
}

/** An in-app link that looks like a button. */
export function ButtonLink({
  href,
  variant = 'primary',
  block,
  className,
  children,
  ...rest
}: ButtonLinkProps) {
  return (
    <Link
      href={href}
      className={classes(variant, block, className)}
      onClick={() => haptic.impact('light')}
      {...rest}
    >
      {children}
    </Link>
  );
}
