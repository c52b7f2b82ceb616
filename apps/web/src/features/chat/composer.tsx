/** The message input: text up to 50 characters, emoji, a picture; or "Add Balance" when the user cannot pay. */
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import {
  LIMITS,
  cleanText,
  countCharacters,
  fitText,
  isBlankText,
  textTooLong,
  type ERROR_CODES,
  type Message,
} from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { invalidate } from '../../lib/use-data';
import { useMainButton } from '../../shared/ui/main-button';
import { openModal } from '../../shared/ui/modal';
import { showToast } from '../../shared/ui/toast';
import { ImageIcon, SendIcon, SmileIcon } from '../../shared/ui/icons';
import { navigate } from '../../lib/navigation';
import { sendPaidMessage } from '../../shared/live-dialog/send-message';
import { UPLOADABLE_IMAGE_TYPES, uploadPicture } from '../../lib/image-upload';
import styles from './chat.module.css';
import { errorText } from '../../lib/error-text';

const EmojiPicker = lazy(() => import('./emoji-picker'));

// A literal rather than ERROR_CODES itself: importing a value from the contract's api module
// would pull zod's schemas into this chunk.
const INSUFFICIENT_FUNDS: (typeof ERROR_CODES)['insufficientFunds'] = 'insufficient_funds';
const SPENDING_LIMIT: (typeof ERROR_CODES)['spendingLimitReached'] = 'spending_limit_reached';

interface ComposerProps {
  advisorId: number;
  /** No free messages and too little balance: the input is disabled and "Add Balance" shown. */
  blocked: boolean;
  onSent: (message: Message) => void;
}

/** A refused send says why (by its error code); no answer at all → the generic "error sending message". */
function sendErrorText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error) && error.status !== 0) return errorText(error, t('chat.sendError'));
  return t('chat.sendError');
}

/**
 * No free messages and too little balance: the reply box is shut and the main action is the
 * top-up (Telegram's MainButton inside Telegram, an in-page button elsewhere).
 */
function OutOfFunds() {
  const t = useT();
  const topUp = useMainButton({ text: t('chat.addBalance'), href: '/balance' });
  return (
    <div className={styles.blocked}>
      <p className="small muted">{t('chat.noFunds')}</p>
      <input
        className={`input ${styles.blockedInput}`}
        disabled
        aria-label={t('chat.placeholder')}
        placeholder={t('chat.placeholder')}
      />
      {topUp}
    </div>
  );
}

export function Composer({ advisorId, blocked, onSent }: ComposerProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  /** A paste (or drop) that did not fit was cut: said inline, so the user checks it before sending. */
  const [cut, setCut] = useState(false);
  const pasting = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The insufficient-funds alert is the warn modal, whose "Top up" leads to /balance.
  const insufficientFunds = () =>
    openModal({ variant: 'warn', onAction: () => navigate('/balance') });

  const deliver = async (content: { text: string; imageId?: string }): Promise<boolean> => {
    try {
      const message = await sendPaidMessage(advisorId, content);
      onSent(message);
      invalidate('chats');
      haptic.notify('success');
      return true;
    } catch (error) {
      if (isApiError(error) && error.code === INSUFFICIENT_FUNDS) insufficientFunds();
      else if (isApiError(error) && error.code === SPENDING_LIMIT)
        openModal({ variant: 'spendingLimit', onAction: () => navigate('/settings') });
      else showToast(sendErrorText(error, t), 'error');
      return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // What the server will store: trimmed of invisible ends, without bidi controls.
    const cleaned = cleanText(text, { multiline: true });
    if (!cleaned || sending) return;
    if (blocked) {
      insufficientFunds();
      return;
    }
    setSending(true);
    setEmojiOpen(false);
    setCut(false);
    // The text leaves the box at once; it comes back if the send fails, so nothing typed is lost.
    setText('');
    const sent = await deliver({ text: cleaned });
    if (!sent) setText((current) => current || cleaned);
    setSending(false);
    input.current?.focus();
  };

  const sendImage = async (file: File) => {
    if (blocked) {
      insufficientFunds();
      return;
    }
    setUploading(true);
    try {
      const image = await uploadPicture(file);
      await deliver({ text: '', imageId: image.id });
    } catch (error) {
      const reason =
        isApiError(error) && error.code === 'unsupported_type'
          ? t('chat.imageType')
          : isApiError(error) && error.code === 'too_large'
            ? t('chat.imageTooLarge')
            : isApiError(error) && error.status !== 0
              ? errorText(error, t('chat.uploadNetwork'))
              : t('chat.uploadNetwork');
      showToast(t('chat.uploadError', { reason }), 'error');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const addEmoji = (emoji: string) => {
    const element = input.current;
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + emoji + text.slice(end);
    // The same 50-character rule as typing, counted in characters as people see them, like the server.
    if (textTooLong(next, LIMITS.chatMessageMaxLength)) {
      haptic.notify('warning');
      return;
    }
    setText(next);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  if (blocked) return <OutOfFunds />;

  const busy = sending || uploading;
  const count = countCharacters(text);
  return (
    <form className={styles.composer} onSubmit={(event) => void submit(event)}>
      {emojiOpen && (
        <Suspense fallback={<div className={styles.emojiPicker} aria-hidden="true" />}>
          <EmojiPicker onPick={addEmoji} />
        </Suspense>
      )}
      <div className={styles.composerRow}>
        <button
          type="button"
          className="icon-button"
          aria-label={t('chat.emoji')}
          aria-expanded={emojiOpen}
          onClick={() => setEmojiOpen((open) => !open)}
        >
          <SmileIcon aria-hidden="true" focusable="false" />
        </button>
        <button
          type="button"
          className="icon-button"
          aria-label={t('chat.attachImage')}
          disabled={busy}
          onClick={() => fileInput.current?.click()}
        >
          <ImageIcon aria-hidden="true" focusable="false" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={UPLOADABLE_IMAGE_TYPES.join(',')}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void sendImage(file);
          }}
        />
        <div className={styles.inputWrap}>
          <input
            ref={input}
            className="input"
            value={text}
            // No maxLength: it counts UTF-16 units, and one emoji can take eleven of them.
            onPaste={() => {
              pasting.current = true;
            }}
            onDrop={() => {
              pasting.current = true;
            }}
            onChange={(event) => {
              const typed = event.target.value;
              const fitted = fitText(typed, LIMITS.chatMessageMaxLength);
              // Typing stops at the limit; a longer paste is cut there and the user is told so.
              if (fitted !== typed) {
                if (pasting.current) setCut(true);
                else haptic.notify('warning');
              } else if (countCharacters(typed) < countCharacters(text)) setCut(false);
              pasting.current = false;
              setText(fitted);
            }}
            placeholder={uploading ? t('chat.uploading') : t('chat.placeholder')}
            aria-label={t('chat.placeholder')}
            aria-describedby={cut ? 'chat-counter chat-cut' : 'chat-counter'}
            enterKeyHint="send"
            autoComplete="off"
          />
        </div>
        <button
          type="submit"
          className={`icon-button ${styles.send}`}
          aria-label={t('chat.send')}
          disabled={isBlankText(text) || busy}
        >
          <SendIcon aria-hidden="true" focusable="false" />
        </button>
      </div>
      {(text.length > 0 || cut) && (
        <div className={styles.composerMeta}>
          {cut ? (
            <p id="chat-cut" className={styles.cutNotice} role="status">
              {t('chat.pasteCut', { max: LIMITS.chatMessageMaxLength })}
            </p>
          ) : (
            <span />
          )}
          {/* Beside the input, never over the text; read out once the limit is near. */}
          <span
            id="chat-counter"
            className={styles.counter}
            aria-live={count >= LIMITS.chatMessageMaxLength - 10 ? 'polite' : 'off'}
          >
            {t('chat.counter', { count, max: LIMITS.chatMessageMaxLength })}
          </span>
        </div>
      )}
    </form>
  );
}
