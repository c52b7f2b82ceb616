/** A small emoji grid for the chat (its own list, loaded only when opened: no emoji library). */
import { useT } from '../../lib/i18n';
import styles from './chat.module.css';

const EMOJI_GROUPS: ReadonlyArray<{ key: string; emoji: readonly string[] }> = [
  {
    key: 'smileys',
    emoji: [
      '😀',
      '😊',
      '🙂',
      '😉',
      '😂',
      '🥰',
      '😍',
      '😘',
      '😇',
      '🤗',
      '🤔',
      '😌',
      '😅',
      '🥺',
      '😢',
      '😭',
      '😮',
      '😱',
      '😴',
      '😎',
      '🙄',
      '😔',
      '😤',
      '🤍',
    ],
  },
  {
    key: 'hearts',
    emoji: [
      '❤️',
      '💔',
      '💕',
      '💖',
      '💘',
      '💞',
      '💌',
      '💍',
      '🌹',
      '👍',
      '👎',
      '👏',
      '🙏',
      '🤝',
      '💪',
      '🙌',
    ],
  },
  {
    key: 'mystic',
    emoji: [
      '✨',
      '🔮',
      '🌙',
      '⭐',
      '🌟',
      '💫',
      '☀️',
      '🌈',
      '🃏',
      '🕯️',
      '🧿',
      '🍀',
      '🌸',
      '🦋',
      '♈',
      '♉',
      '♊',
      '♋',
      '♌',
      '♍',
      '♎',
      '♏',
      '♐',
      '♑',
      '♒',
      '♓',
    ],
  },
];

export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useT();
  return (
    <div className={styles.emojiPicker} role="group" aria-label={t('chat.emoji')}>
      {EMOJI_GROUPS.map((group) => (
        <div key={group.key} className={styles.emojiGroup}>
          {group.emoji.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className={styles.emojiButton}
              onClick={() => onPick(emoji)}
              aria-label={emoji}
            >
              {emoji}
            </button>
          ))}
        </div>
      ))}
    </div>
  );
}
