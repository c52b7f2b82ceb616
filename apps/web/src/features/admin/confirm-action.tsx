/**
 * A button whose action asks first: the question and Confirm / Cancel replace it until answered.
 * Money actions (credits, assignments, refunds, payouts) go through it. A failed action shows
 * the server's reason under the buttons and stays open for another try.
 */
import { useState, type ReactNode } from 'react';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { Button, type ButtonVariant } from '../../shared/ui/button';

interface ConfirmActionProps {
  label: ReactNode;
  question: string;
  onConfirm: () => Promise<void>;
  variant?: ButtonVariant;
  disabled?: boolean;
}

/** The server's reason for a refused request (4xx): admins see the rule as the server words it. */
export function refusalText(error: unknown, fallback: string): string {
  return isApiError(error) && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

export function ConfirmAction({
  label,
  question,
  onConfirm,
  variant = 'primary',
  disabled,
}: ConfirmActionProps) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!asking) {
    return (
      <Button variant={variant} disabled={disabled} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  }
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setAsking(false);
    } catch (failure) {
      setError(refusalText(failure, t('admin.genericError')));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="admin-confirm" role="group" aria-label={question}>
      <p>{question}</p>
      <div className="admin-actions">
        <Button
          variant="danger"
          busy={busy}
          busyLabel={t('admin.working')}
          onClick={() => void confirm()}
        >
          {t('admin.confirm')}
        </Button>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => {
            setAsking(false);
            setError(null);
          }}
        >
          {t('common.cancel')}
        </Button>
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
