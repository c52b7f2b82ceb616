/**
 * The advisor's reply box: up to 1000 characters, an optional picture, Enter sends (Shift+Enter
 * for a new line). Quick replies, when given, are chips above it that put their text in at the cursor.
 */
import { useRef, useState, type FormEvent } from 'react';
import { LIMITS, cleanText, countCharacters, fitText } from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { uploadPicture, UPLOADABLE_IMAGE_TYPES } from '../../lib/image-upload';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/toast';
import { errorText } from '../../lib/error-text';

export function ReplyComposer({
  onSend,
  onTyping,
  quickReplies = [],
}: {
  onSend: (content: { text: string; imageId?: string }) => Promise<void>;
  /** Called as the advisor types (the user then sees "… is typing"); throttled by the caller. */
  onTyping?: () => void;
  quickReplies?: ReadonlyArray<{ id: number; text: string }>;
}) {
  const t = useT();
  const [text, setText] = useState('');
  const [picture, setPicture] = useState<{ id: string; url: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const cleaned = cleanText(text, { multiline: true });
  const canSend = !busy && (cleaned !== '' || picture !== null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    setBusy(true);
    try {
      await onSend({ text: cleaned, ...(picture ? { imageId: picture.id } : {}) });
      setText('');
      setPicture(null);
    } catch (error) {
      showToast(
        isApiError(error) && error.status > 0 && error.status < 500
          ? errorText(error, t('workspace.sendError'))
          : t('workspace.sendError'),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };

  const attach = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const image = await uploadPicture(file);
      setPicture({ id: image.id, url: image.url });
    } catch (error) {
      const code = isApiError(error) ? error.code : '';
      showToast(
        code === 'unsupported_type'
          ? t('workspace.imageType')
          : code === 'too_large'
            ? t('workspace.imageTooLarge')
            : t('workspace.imageError'),
        'error',
      );
    } finally {
      setBusy(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const insert = (quickReply: string) => {
    const box = replyBox.current;
    const start = box?.selectionStart ?? text.length;
    const end = box?.selectionEnd ?? text.length;
    const next = fitText(
      text.slice(0, start) + quickReply + text.slice(end),
      LIMITS.advisorReplyMaxLength,
    );
    setText(next);
    onTyping?.();
    requestAnimationFrame(() => {
      const caret = Math.min(start + quickReply.length, next.length);
      box?.focus();
      box?.setSelectionRange(caret, caret);
    });
  };

  return (
    <form className="workspace-composer" onSubmit={(event) => void submit(event)}>
      {quickReplies.length > 0 && (
        <ul className="workspace-quick-replies" aria-label={t('clientCard.quickReplies')}>
          {quickReplies.map((reply) => (
            <li key={reply.id}>
              <button
                type="button"
                className="workspace-quick-reply"
                aria-label={t('clientCard.insertQuickReply', { text: reply.text })}
                onClick={() => insert(reply.text)}
              >
                {reply.text}
              </button>
            </li>
          ))}
        </ul>
      )}
      {picture && (
        <div className="workspace-attachment">
          <img src={picture.url} alt={t('workspace.picture')} />
          <Button variant="ghost" onClick={() => setPicture(null)}>
            {t('workspace.removePicture')}
          </Button>
        </div>
      )}
      <label className="visually-hidden" htmlFor="workspace-reply">
        {t('workspace.replyLabel')}
      </label>
      <textarea
        ref={replyBox}
        id="workspace-reply"
        className="input workspace-reply"
        rows={3}
        placeholder={t('workspace.replyPlaceholder')}
        value={text}
        onChange={(event) => {
          const next = fitText(event.target.value, LIMITS.advisorReplyMaxLength);
          if (cleanText(next, { multiline: true }) !== '') onTyping?.();
          setText(next);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      <div className="workspace-composer-actions">
        <span className="small muted" aria-live="polite">
          {countCharacters(text)}/{LIMITS.advisorReplyMaxLength}
        </span>
        <input
          ref={fileInput}
          type="file"
          accept={UPLOADABLE_IMAGE_TYPES.join(',')}
          className="visually-hidden"
          id="workspace-picture"
          onChange={(event) => void attach(event.target.files?.[0])}
        />
        <Button variant="secondary" disabled={busy} onClick={() => fileInput.current?.click()}>
          {t('workspace.attach')}
        </Button>
        <Button type="submit" disabled={!canSend} busy={busy} busyLabel={t('common.sending')}>
          {t('workspace.send')}
        </Button>
      </div>
    </form>
  );
}
