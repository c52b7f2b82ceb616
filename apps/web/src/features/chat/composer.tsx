/**
 * The message input: text up to 50 characters, emoji, a picture. The text is the chat's draft
 * (kept by the chat page, so a top-up does not lose it). Out of funds the input stays open: a
 * send opens the top-up sheet, and the main action is "Add Balance"; after a top-up with a draft
 * waiting, the main action is "Send now" (decision 055).
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import {
  LIMITS,
  cleanText,
  countCharacters,
  fitText,
  isBlankText,
  textTooLong,
} from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { haptic } from '../../lib/telegram';
import { invalidate } from '../../lib/use-data';
import { MainButton } from '../../shared/ui/main-button';
import { openModal } from '../../shared/ui/modal';
import { showToast } from '../../shared/ui/toast';
import { ImageIcon, SendIcon, SmileIcon } from '../../shared/ui/icons';
import { navigate } from '../../lib/navigation';
import { UPLOADABLE_IMAGE_TYPES, uploadPicture } from '../../lib/image-upload';
import type { OutgoingContent, SendResult } from './outbox';
import styles from './chat.module.css';
import { errorText } from '../../lib/error-text';

const EmojiPicker = lazy(() => import('./emoji-picker'));

interface ComposerProps {
  /** No free messages and too little balance: a send opens the top-up instead. */
  outOfFunds: boolean;
  /** The chat's draft. */
  text: string;
  setText: (update: string | ((current: string) => string)) => void;
  /** Sends a message through the chat's outbox. */
  send: (content: OutgoingContent) => Promise<SendResult>;
  /** Opens the top-up sheet over the chat. */
  onNeedsTopUp: () => void;
  /** The user has just topped up with a draft waiting: "Send now" is the main action. */
  offerSendNow: boolean;
}

/** A refused send says why (by its error code); no answer at all → the generic "error sending message". */
function sendErrorText(error: unknown, t: (key: string) => string): string {
  if (isApiError(error) && error.status !== 0) return errorText(error, t('chat.sendError'));
  return t('chat.sendError');
}

export function Composer({
  outOfFunds,
  text,
  setText,
  send,
  onNeedsTopUp,
  offerSendNow,
}: ComposerProps) {
  const t = useT();
  const formId = useId();
  const [sending, setSending] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [emojiOpen, setEmojiOpen] = useState(false);
  /** A paste (or drop) that did not fit was cut: said inline, so the user checks it before sending. */
  const [cut, setCut] = useState(false);
  const pasting = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  // Enter pressed while the previous message is still on its way: sent as soon as that one is.
  const sendNext = useRef(false);
  useEffect(() => {
    if (sending || !sendNext.current) return;
    sendNext.current = false;
    form.current?.requestSubmit();
  }, [sending]);
  const fileInput = useRef<HTMLInputElement>(null);

  /** What the send's outcome asks of the composer; true when the message is on its way or sent. */
  const afterSend = (result: SendResult): boolean => {
    switch (result.kind) {
      case 'sent':
        invalidate('chats');
        haptic.notify('success');
        return true;
      case 'failed':
        // The bubble stays, 'Not sent · tap to retry'.
        haptic.notify('error');
        return true;
      case 'topUp':
        onNeedsTopUp();
        return false;
      case 'spendingLimit':
        openModal({ variant: 'spendingLimit', onAction: () => navigate('/settings/limits') });
        return false;
      case 'refused':
        showToast(sendErrorText(result.error, t), 'error');
        return false;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // What the server will store: trimmed of invisible ends, without bidi controls.
    const cleaned = cleanText(text, { multiline: true });
    if (!cleaned) return;
    if (sending) {
      // One send at a time keeps the messages in the order they were written.
      sendNext.current = true;
      return;
    }
    if (outOfFunds) {
      // The draft stays where it is; the sheet offers the top-up over the chat.
      onNeedsTopUp();
      return;
    }
    setSending(true);
    setEmojiOpen(false);
    setCut(false);
    // The text leaves the box at once; it comes back if the server refuses it, so nothing typed is lost.
    setText('');
    const delivered = afterSend(await send({ text: cleaned }));
    if (!delivered) setText((current) => current || cleaned);
    setSending(false);
    input.current?.focus();
  };

  const sendImage = async (file: File) => {
    if (outOfFunds) {
      onNeedsTopUp();
      return;
    }
    setUploading(true);
    try {
      const image = await uploadPicture(file);
      const previewUrl = URL.createObjectURL(file);
      afterSend(await send({ text: '', imageId: image.id, previewUrl }));
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

  const busy = sending || uploading;
  const count = countCharacters(text);
  const sendNow = offerSendNow && !outOfFunds && !isBlankText(text);
  return (
    <form
      ref={form}
      id={formId}
      className={styles.composer}
      data-composer=""
      onSubmit={(event) => void submit(event)}
    >
      {outOfFunds && (
        <div className={styles.outOfFunds} data-testid="out-of-funds">
          <p className="small muted">{t('chat.noFundsDraft')}</p>
          <MainButton text={t('chat.addBalance')} onClick={onNeedsTopUp} />
        </div>
      )}
      {sendNow && (
        <div className={styles.outOfFunds} data-testid="send-now">
          <p className="small muted">{t('chat.sendNowHint')}</p>
          <MainButton text={t('chat.sendNow')} form={formId} progress={sending} />
        </div>
      )}
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
