/** The chat's "more" menu: rate, view profile, report a reading that went wrong, delete chat. */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { MoreIcon, StarIcon, TrashIcon, UserIcon, WarningIcon } from '../../shared/ui/icons';
import styles from './chat.module.css';

interface ChatMenuProps {
  onRate: () => void;
  onViewProfile: () => void;
  /** "Something went wrong with this reading": opens a case about paid messages (disputes). */
  onDispute: () => void;
  onDelete: () => void;
}

export function ChatMenu({ onRate, onViewProfile, onDispute, onDelete }: ChatMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const choose = (action: () => void) => () => {
    setOpen(false);
    haptic.selection();
    action();
  };

  return (
    <div className={styles.menu} ref={root}>
      <button
        type="button"
        className="icon-button"
        aria-label={t('chat.menu')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        <MoreIcon />
      </button>
      {open && (
        <div className={styles.menuList} role="menu">
          <button type="button" role="menuitem" onClick={choose(onRate)}>
            <StarIcon size="1.1em" /> {t('chat.rate')}
          </button>
          <button type="button" role="menuitem" onClick={choose(onViewProfile)}>
            <UserIcon size="1.1em" /> {t('chat.viewProfile')}
          </button>
          <button type="button" role="menuitem" onClick={choose(onDispute)}>
            <WarningIcon size="1.1em" /> {t('chat.dispute')}
          </button>
          <button
            type="button"
            role="menuitem"
            className={styles.danger}
            onClick={choose(onDelete)}
          >
            <TrashIcon size="1.1em" /> {t('chat.deleteChat')}
          </button>
        </div>
      )}
    </div>
  );
}
