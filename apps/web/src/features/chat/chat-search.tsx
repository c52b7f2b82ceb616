/**
 * Search in one chat (decision 050): the server looks through the dialog's text (SearchMessages),
 * newest first; the panel opens under the chat's header from the menu.
 */
import { useEffect, useState } from 'react';
import type { FoundMessage } from '@seer/contract';
import { formatDate, useT } from '../../lib/i18n';
import { CloseIcon, SearchIcon } from '../../shared/ui/icons';
import { searchMessages } from './api/transcript';
import './chat-search.css';

type Result =
  | { state: 'idle' }
  | { state: 'searching' }
  | { state: 'done'; query: string; messages: FoundMessage[] }
  | { state: 'failed' };

/** A pause after typing before asking the server. */
const TYPING_PAUSE_MS = 300;

export function ChatSearch({
  advisorId,
  advisorName,
  onClose,
}: {
  advisorId: number;
  advisorName: string;
  onClose: () => void;
}) {
  const t = useT();
  const [query, setQuery] = useState('');
  const [result, setResult] = useState<Result>({ state: 'idle' });

  useEffect(() => {
    const text = query.trim();
    if (!text) {
      setResult({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setResult({ state: 'searching' });
      searchMessages(advisorId, text, controller.signal).then(
        (answer) => setResult({ state: 'done', query: text, messages: answer.messages }),
        () => {
          if (!controller.signal.aborted) setResult({ state: 'failed' });
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [advisorId, query]);

  return (
    <section className="chat-search" aria-label={t('privacy.search.label')}>
      <div className="chat-search-bar">
        <SearchIcon size="1.1em" />
        <input
          type="search"
          value={query}
          autoFocus
          maxLength={100}
          placeholder={t('privacy.search.placeholder')}
          aria-label={t('privacy.search.label')}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && onClose()}
        />
        <button
          type="button"
          className="icon-button"
          aria-label={t('privacy.search.close')}
          onClick={onClose}
        >
          <CloseIcon size="1.1em" />
        </button>
      </div>
      <div className="chat-search-results" aria-live="polite">
        {result.state === 'searching' && (
          <p className="muted small">{t('privacy.search.searching')}</p>
        )}
        {result.state === 'failed' && <p className="muted small">{t('privacy.search.failed')}</p>}
        {result.state === 'done' &&
          (result.messages.length === 0 ? (
            <p className="muted small">{t('privacy.search.none', { query: result.query })}</p>
          ) : (
            <>
              <p className="muted small">
                {t('privacy.search.found', { count: result.messages.length })}
              </p>
              <ul>
                {result.messages.map((message) => (
                  <li key={message.id}>
                    <span className="chat-search-meta">
                      <strong>
                        {message.sender === 'user' ? t('privacy.search.you') : advisorName}
                      </strong>
                      <time dateTime={message.message_date}>
                        {formatDate(new Date(message.message_date), {
                          day: 'numeric',
                          month: 'short',
                          hour: '2-digit',
                          minute: '2-digit',
                        })}
                      </time>
                    </span>
                    <Highlighted text={message.message_text} query={result.query} />
                  </li>
                ))}
              </ul>
            </>
          ))}
      </div>
    </section>
  );
}

/** The message's text with each place the query appears (any case) marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const lower = text.toLowerCase();
  const needle = query.toLowerCase();
  const parts: Array<{ text: string; hit: boolean }> = [];
  let at = 0;
  for (let found = lower.indexOf(needle); found >= 0 && needle; found = lower.indexOf(needle, at)) {
    if (found > at) parts.push({ text: text.slice(at, found), hit: false });
    parts.push({ text: text.slice(found, found + needle.length), hit: true });
    at = found + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at), hit: false });
  return (
    <p className="chat-search-text">
      {parts.map((part, index) => (part.hit ? <mark key={index}>{part.text}</mark> : part.text))}
    </p>
  );
}
