/**
 * The chat's "more" menu: rate, view profile, report a reading that went wrong, report or block
 * the advisor (decision 048), delete chat.
 */
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { useOverlay } from '../../lib/overlays';
import { haptic } from '../../lib/telegram';
import {
  BanIcon,
  FlagIcon,
  MoreIcon,
  SearchIcon,
  StarIcon,
  TranscriptIcon,
  TrashIcon,
  UserIcon,
  WarningIcon,
} from '../../shared/ui/icons';
import styles from './chat.module.css';

interface ChatMenuProps {
  onRate: () => void;
  onViewProfile: () => void;
  /** "Something went wrong with this reading": opens a case about paid messages (disputes). */
  onDispute: () => void;
  /** "Send transcript to Telegram": the bot sends the chat as a file (decision 050). */
  onTranscript: () => void;
  /** Search in this chat's text. */
  onSearch: () => void;
  /** Report the advisor to Seer's team. */
  onReport: () => void;
  /** Whether the user blocked this advisor (the item then unblocks). */
  blocked: boolean;
  onToggleBlock: () => void;
  onDelete: () => void;
}

export function ChatMenu({
  onRate,
  onViewProfile,
  onDispute,
  onTranscript,
  onSearch,
  onReport,
  blocked,
  onToggleBlock,
  onDelete,
}: ChatMenuProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  // Telegram's BackButton closes the open menu before it leaves the chat.
  useOverlay(open, () => setOpen(false));

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
          <button type="button" role="menuitem" onClick={choose(onSearch)}>
            <SearchIcon size="1.1em" /> {t('privacy.search.menu')}
          </button>
          <button type="button" role="menuitem" onClick={choose(onTranscript)}>
            <TranscriptIcon size="1.1em" /> {t('privacy.transcript.menu')}
          </button>
          <button type="button" role="menuitem" onClick={choose(onDispute)}>
            <WarningIcon size="1.1em" /> {t('chat.dispute')}
          </button>
          <button type="button" role="menuitem" onClick={choose(onReport)}>
            <FlagIcon size="1.1em" /> {t('safety.report.reportAdvisor')}
          </button>
          <button
            type="button"
            role="menuitem"
            className={blocked ? undefined : styles.danger}
            onClick={choose(onToggleBlock)}
          >
            <BanIcon size="1.1em" />{' '}
            {t(blocked ? 'safety.block.unblockAdvisor' : 'safety.block.blockAdvisor')}
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
