/**
 * The modal system: one modal at a time, opened from anywhere with openModal({variant}).
 * Texts come from modals.{variant}.{title|message|action}; <ModalHost/> renders it.
 */
import {
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ComponentType,
  type ReactNode,
} from 'react';
import type { LucideProps } from 'lucide-react';
import { LIMITS, cleanText, fitText } from '@seer/contract';
import { useT, type TranslateParams } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { useOverlay } from '../../lib/overlays';
import { Button } from './button';
import {
  CloseIcon,
  ErrorIcon,
  SparklesIcon,
  StarIcon,
  SuccessIcon,
  TonIcon,
  WarningIcon,
} from './icons';
import { StarInput } from './star-rating';

export type ModalVariant =
  | 'warn'
  | 'success'
  | 'error'
  | 'operator'
  | 'review'
  | 'tonWallet'
  /** A card brand's button: says the payment goes through Telegram Stars, then opens the invoice. */
  | 'stars'
  /** A paid send over the user's own spending limit; the action opens Settings. */
  | 'spendingLimit'
  /** After a low rating: the offer of a satisfaction credit, accepted with one tap. */
  | 'credit';

/** The review modal starts at 3 stars (docs/product-rules.md#advisors-and-categories). */
const DEFAULT_REVIEW_RATING = 3;

export interface ModalOptions {
  variant: ModalVariant;
  /** Values for placeholders in the variant's texts. */
  params?: TranslateParams;
  /** The main button (after it the modal closes). Without it the button just closes. */
  onAction?: () => void | Promise<void>;
  /** Review variant: called with the chosen stars and optional text; the modal closes when it resolves. */
  onReviewSubmit?: (rating: number, text: string) => void | Promise<void>;
  /** Extra content under the message (for example the TON wallet details). */
  content?: ReactNode;
  onClose?: () => void;
}

const ICONS: Record<ModalVariant, ComponentType<LucideProps>> = {
  warn: WarningIcon,
  success: SuccessIcon,
  error: ErrorIcon,
  operator: SparklesIcon,
  review: StarIcon,
  tonWallet: TonIcon,
  stars: StarIcon,
  spendingLimit: WarningIcon,
  credit: SparklesIcon,
};

let current: ModalOptions | null = null;
/** Counts openings, so reopening the same variant starts fresh (stars back at 3). */
let opening = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function openModal(options: ModalOptions): void {
  current = options;
  opening += 1;
  if (options.variant === 'success') haptic.notify('success');
  else if (options.variant === 'error' || options.variant === 'warn') haptic.notify('warning');
  emit();
}

export function closeModal(): void {
  const closing = current;
  current = null;
  emit();
  closing?.onClose?.();
}

function useCurrentModal(): ModalOptions | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => current,
    () => null,
  );
}

function ModalBody({ options }: { options: ModalOptions }) {
  const t = useT();
  const { variant, params } = options;
  const [rating, setRating] = useState(DEFAULT_REVIEW_RATING);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const dialog = useRef<HTMLDivElement>(null);
  // Telegram's BackButton closes the modal before it leaves the screen under it.
  useOverlay(true, closeModal);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') closeModal();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus?.();
    };
  }, []);

  const VariantIcon = ICONS[variant];

  const act = async () => {
    setError(null);
    setBusy(true);
    try {
      if (variant === 'review')
        await options.onReviewSubmit?.(rating, cleanText(text, { multiline: true }));
      else await options.onAction?.();
      if (current === options) closeModal();
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : t('common.genericError'),
      );
    } finally {
      setBusy(false);
    }
  };

  const titleId = `modal-title-${variant}`;
  return (
    <div className="modal-backdrop">
      <div
        className={`modal modal-sheet modal-${variant}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        ref={dialog}
      >
        <button
          type="button"
          className="icon-button modal-close"
          aria-label={t('common.close')}
          onClick={closeModal}
        >
          <CloseIcon />
        </button>
        {/* A long body scrolls; the action stays in view on the smallest phones. */}
        <div className="modal-body">
          <div className={`modal-icon modal-icon-${variant}`}>
            <VariantIcon size="1em" />
          </div>
          <h2 id={titleId}>{t(`modals.${variant}.title`, params)}</h2>
          <p className="muted">{t(`modals.${variant}.message`, params)}</p>
          {options.content}
          {variant === 'review' && (
            <>
              <StarInput value={rating} onChange={setRating} />
              <label className="visually-hidden" htmlFor="review-text">
                {t('modals.review.comment')}
              </label>
              <textarea
                id="review-text"
                className="input"
                rows={3}
                placeholder={t('modals.review.comment')}
                value={text}
                onChange={(event) =>
                  setText(fitText(event.target.value, LIMITS.reviewTextMaxLength))
                }
                style={{ marginTop: 12 }}
              />
            </>
          )}
          {error && (
            <p className="field-error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="modal-actions">
          <Button
            variant="primary"
            onClick={() => void act()}
            busy={busy}
            busyLabel={t('common.sending')}
          >
            {t(`modals.${variant}.action`, params)}
          </Button>
        </div>
      </div>
    </div>
  );
}

/** Renders the open modal; placed once in the app. */
export function ModalHost() {
  const options = useCurrentModal();
  if (!options) return null;
  return <ModalBody key={opening} options={options} />;
}
