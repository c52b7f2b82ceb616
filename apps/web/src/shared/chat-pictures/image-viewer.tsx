/**
 * A chat picture full screen, inside the app (decision 055), for users and advisors alike: the
 * original over a dark backdrop; a tap outside it, the close button, Escape or Telegram's
 * BackButton closes it. Nothing leaves Telegram for a browser tab.
 */
import { useEffect, useRef } from 'react';
import { useT } from '../../lib/i18n';
import { useOverlay } from '../../lib/overlays';
import { CloseIcon } from '../../shared/ui/icons';
import styles from './image-viewer.module.css';

export default function ImageViewer({ url, onClose }: { url: string; onClose: () => void }) {
  const t = useT();
  const close = useRef<HTMLButtonElement>(null);
  useOverlay(true, onClose);
  useEffect(() => {
    close.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div
      className={styles.viewer}
      role="dialog"
      aria-modal="true"
      aria-label={t('chat.viewer.title')}
      data-testid="image-viewer"
      onClick={(event) => event.target === event.currentTarget && onClose()}
    >
      <button
        ref={close}
        type="button"
        className={`icon-button ${styles.viewerClose}`}
        aria-label={t('chat.viewer.close')}
        onClick={onClose}
      >
        <CloseIcon aria-hidden="true" focusable="false" />
      </button>
      <img src={url} alt={t('chat.image')} className={styles.viewerImage} />
    </div>
  );
}
