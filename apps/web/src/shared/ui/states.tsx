/** Loading and error states shared by every screen. */
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { Button, ButtonLink } from './button';

export function LoadingState({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="state" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="muted">{label ?? t('common.loading')}</p>
    </div>
  );
}

interface ErrorStateProps {
  /** This screen's own error text, already translated. */
  message: string;
  onRetry?: () => void;
  children?: ReactNode;
}

export function ErrorState({ message, onRetry, children }: ErrorStateProps) {
  const t = useT();
  return (
    <div className="state" role="alert">
      <p>{message}</p>
      {children}
      {onRetry && (
        <Button variant="secondary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

/** An empty list's message with an optional action. */
export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="state">
      <p className="muted">{message}</p>
      {children}
    </div>
  );
}

/**
 * A designed "not found" for an advisor (profile or chat) that does not exist or left Seer:
 * a title, a short explanation and the advisors list offered instead.
 */
export function AdvisorNotFound() {
  const t = useT();
  return (
    <div className="state not-found" role="status">
      <div className="not-found-mark" aria-hidden="true">
        ?
      </div>
      <h2>{t('common.advisorNotFound.title')}</h2>
      <p className="muted">{t('common.advisorNotFound.message')}</p>
      <ButtonLink href="/operators">{t('common.advisorNotFound.action')}</ButtonLink>
    </div>
  );
}
