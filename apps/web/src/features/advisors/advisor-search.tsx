/**
 * The search field of the advisors screen: results as the user types (debounced, from the
 * server's index: SearchManagers), over names, topics, languages, price and answer time in both
 * languages; a designed empty state when nothing matches.
 */
import { useEffect, useRef, useState } from 'react';
import type { Advisor } from '@seer/contract';
import { callApi } from '../../lib/api-client';
import { useLocale, useT } from '../../lib/i18n';
import { SearchIcon } from '../../shared/ui/icons';
import { AdvisorListCard } from './advisor-list-card';

/** How long typing must pause before the search is asked. */
export const SEARCH_DEBOUNCE_MS = 250;

type Found =
  | { state: 'idle' }
  | { state: 'searching'; query: string }
  | { state: 'done'; query: string; advisors: Advisor[] }
  | { state: 'failed'; query: string };

/** Whether the text can be searched: a letter or a digit somewhere (the server's rule too). */
export function searchable(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

export function AdvisorSearch({ onActive }: { onActive: (active: boolean) => void }) {
  const t = useT();
  const locale = useLocale();
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found>({ state: 'idle' });
  const asked = useRef(0);
  const query = text.trim();

  useEffect(() => {
    onActive(query.length > 0);
    if (!query || !searchable(query)) {
      asked.current += 1;
      setFound({ state: 'idle' });
      return;
    }
    const controller = new AbortController();
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      setFound({ state: 'searching', query });
      callApi('SearchManagers', { query: { q: query, lang: locale }, signal: controller.signal })
        .then((answer) => {
          if (ask === asked.current) setFound({ state: 'done', query, advisors: answer.managers });
        })
        .catch(() => {
          if (ask === asked.current && !controller.signal.aborted)
            setFound({ state: 'failed', query });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, locale, onActive]);

  const clear = () => setText('');

  return (
    <div className="advisor-search">
      <label className="advisor-search-field">
        <SearchIcon aria-hidden="true" />
        <span className="visually-hidden">{t('daily.search.label')}</span>
        <input
          type="search"
          value={text}
          maxLength={100}
          placeholder={t('daily.search.placeholder')}
          enterKeyHint="search"
          autoComplete="off"
          onChange={(event) => setText(event.target.value)}
          data-testid="advisor-search"
        />
      </label>
      {!query && <p className="small muted advisor-search-hint">{t('daily.search.hint')}</p>}
      {query && !searchable(query) && (
        <p className="small muted advisor-search-hint">{t('daily.search.needsWord')}</p>
      )}
      <div aria-live="polite" className="advisor-search-results">
        {found.state === 'searching' && (
          <p className="small muted">{t('daily.search.searching')}</p>
        )}
        {found.state === 'failed' && <p className="small muted">{t('daily.search.failed')}</p>}
        {found.state === 'done' && found.advisors.length > 0 && (
          <>
            <p className="small muted">
              {t('daily.search.results', { count: found.advisors.length })}
            </p>
            <ul className="list advisor-list">
              {found.advisors.map((advisor) => (
                <li key={advisor.id}>
                  <AdvisorListCard advisor={advisor} />
                </li>
              ))}
            </ul>
          </>
        )}
        {found.state === 'done' && found.advisors.length === 0 && (
          <div className="card advisor-search-empty" data-testid="advisor-search-empty">
            <span className="advisor-search-empty-icon" aria-hidden="true">
              <SearchIcon />
            </span>
            <h2>{t('daily.search.emptyTitle', { query: found.query })}</h2>
            <p className="muted">{t('daily.search.emptyText')}</p>
            <button type="button" className="button button-light" onClick={clear}>
              {t('daily.search.clear')}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
