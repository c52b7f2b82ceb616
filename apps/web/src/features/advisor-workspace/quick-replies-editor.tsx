/** The advisor's quick replies per language: add, change and delete them (the chips use them). */
import { useState } from 'react';
import { CLIENT_CARD_LIMITS, fitText, LOCALES, type Locale, type QuickReply } from '@seer/contract';
import { isApiError } from '../../lib/api-client';
import { useT } from '../../lib/i18n';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/toast';
import { addQuickReply, deleteQuickReply, editQuickReply } from './api/change-quick-replies';

const fit = (text: string) => fitText(text, CLIENT_CARD_LIMITS.quickReplyMaxLength);

function failed(error: unknown, t: ReturnType<typeof useT>): void {
  showToast(
    isApiError(error) && error.status === 409
      ? t('clientCard.quickReplyFull', { count: CLIENT_CARD_LIMITS.quickRepliesPerLanguage })
      : t('clientCard.quickReplyError'),
    'error',
  );
}

function Row({ reply, number }: { reply: QuickReply; number: number }) {
  const t = useT();
  const [text, setText] = useState(reply.text);
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      failed(error, t);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="quick-reply-row">
      <textarea
        className="input"
        rows={2}
        aria-label={t('clientCard.quickReplyTextOf', { number })}
        value={text}
        onChange={(event) => setText(fit(event.target.value))}
      />
      <div className="quick-reply-actions">
        <Button
          variant="secondary"
          disabled={busy || text.trim() === '' || text === reply.text}
          onClick={() => void run(() => editQuickReply(reply.id, text))}
        >
          {t('clientCard.saveQuickReply')}
        </Button>
        <Button
          variant="ghost"
          disabled={busy}
          onClick={() => void run(() => deleteQuickReply(reply.id))}
        >
          {t('clientCard.deleteQuickReply')}
        </Button>
      </div>
    </li>
  );
}

export function QuickRepliesEditor({
  replies,
  language: initialLanguage,
}: {
  replies: readonly QuickReply[];
  /** The language shown first (the client's). */
  language: Locale;
}) {
  const t = useT();
  const [language, setLanguage] = useState<Locale>(initialLanguage);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const shown = replies.filter((reply) => reply.language === language);

  const add = async () => {
    setBusy(true);
    try {
      await addQuickReply(language, text);
      setText('');
    } catch (error) {
      failed(error, t);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="quick-replies-editor">
      <label className="quick-reply-language">
        {t('clientCard.quickReplyLanguage')}
        <select
          className="input"
          value={language}
          onChange={(event) => setLanguage(event.target.value as Locale)}
        >
          {LOCALES.map((code) => (
            <option key={code} value={code}>
              {t(`clientCard.languageName.${code}`)}
            </option>
          ))}
        </select>
      </label>
      {shown.length === 0 && (
        <p className="small muted">
          {t('clientCard.noQuickReplies', { language: t(`clientCard.languageName.${language}`) })}
        </p>
      )}
      <ul className="quick-reply-rows">
        {shown.map((reply, index) => (
          <Row key={`${reply.id}:${reply.text}`} reply={reply} number={index + 1} />
        ))}
      </ul>
      <form
        className="quick-reply-row"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim() !== '') void add();
        }}
      >
        <textarea
          className="input"
          rows={2}
          aria-label={t('clientCard.quickReplyText')}
          value={text}
          onChange={(event) => setText(fit(event.target.value))}
        />
        <Button type="submit" variant="secondary" disabled={text.trim() === ''} busy={busy}>
          {t('clientCard.addQuickReply')}
        </Button>
      </form>
    </div>
  );
}
