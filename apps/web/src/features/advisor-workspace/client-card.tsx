/**
 * The client card at the top of a workspace dialog: who the advisor is talking to, their sign,
 * natal Sun and Moon and birth data (only when the client allows it), their earlier tarot and
 * dream requests, and the advisor's private note. Folded to one line until opened, so a 360 px
 * screen keeps room for the messages.
 */
import { useState } from 'react';
import {
  birthCity,
  CLIENT_CARD_LIMITS,
  countCharacters,
  fitText,
  type ClientAstrology,
  type ClientCard as Card,
} from '@seer/contract';
import { formatDate, useLocale, useT } from '../../lib/i18n';
import { Button } from '../../shared/ui/button';
import { showToast } from '../../shared/ui/toast';
import { useClientCard } from './api/get-client-card';
import { saveClientNote } from './api/save-client-note';
import './client-card.css';

/** A stored YYYY-MM-DD as a date in the reader's language (read at noon UTC so no zone moves the day). */
function birthDate(isoDate: string): string {
  return formatDate(new Date(`${isoDate}T12:00:00Z`), {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function Astrology({ astrology }: { astrology: ClientAstrology }) {
  const t = useT();
  const locale = useLocale();
  const city = astrology.birth_place ? birthCity(astrology.birth_place) : undefined;
  const place = city ? city[locale] : astrology.birth_place;
  const moonSigns = astrology.moon.map((sign) => t(`zodiac.${sign}`)).join(' / ');
  return (
    <dl className="client-card-facts">
      <div>
        <dt>{t('clientCard.sign')}</dt>
        <dd>{t(`zodiac.${astrology.sign}`)}</dd>
      </div>
      <div>
        <dt>{t('clientCard.sun')}</dt>
        <dd>{t(`zodiac.${astrology.sun}`)}</dd>
      </div>
      <div>
        <dt>{t('clientCard.moon')}</dt>
        <dd>{astrology.exact ? moonSigns : t('clientCard.moonApprox', { signs: moonSigns })}</dd>
      </div>
      <div>
        <dt>{t('clientCard.born')}</dt>
        <dd>
          {astrology.birth_time
            ? t('clientCard.bornAt', {
                date: birthDate(astrology.birth_date),
                time: astrology.birth_time,
              })
            : birthDate(astrology.birth_date)}
        </dd>
      </div>
      {place && (
        <div>
          <dt>{t('clientCard.place')}</dt>
          <dd>{place}</dd>
        </div>
      )}
    </dl>
  );
}

function NoteEditor({ card }: { card: Card }) {
  const t = useT();
  const saved = card.note?.text ?? '';
  const [text, setText] = useState(saved);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const note = await saveClientNote(card.telegram_user_id, text);
      setText(note?.text ?? '');
      showToast(t(note ? 'clientCard.noteSaved' : 'clientCard.noteRemoved'), 'success');
    } catch {
      showToast(t('clientCard.noteError'), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="client-card-note">
      <label htmlFor="client-note">{t('clientCard.note')}</label>
      <textarea
        id="client-note"
        className="input"
        rows={3}
        placeholder={t('clientCard.notePlaceholder')}
        aria-describedby="client-note-hint"
        value={text}
        onChange={(event) => setText(fitText(event.target.value, CLIENT_CARD_LIMITS.noteMaxLength))}
      />
      <div className="client-card-note-actions">
        <span id="client-note-hint" className="small muted">
          {t('clientCard.noteHint')} {countCharacters(text)}/{CLIENT_CARD_LIMITS.noteMaxLength}
        </span>
        <Button
          variant="secondary"
          disabled={text === saved}
          busy={busy}
          onClick={() => void save()}
        >
          {t('clientCard.saveNote')}
        </Button>
      </div>
    </div>
  );
}

export function ClientCardView({ card }: { card: Card }) {
  const t = useT();
  const sign = card.astrology ? t(`zodiac.${card.astrology.sign}`) : null;
  return (
    <details className="card client-card" data-testid="client-card">
      <summary>
        <span className="client-card-name">{card.name}</span>
        {card.username && (
          <span className="small muted">
            {t('clientCard.username', { username: card.username })}
          </span>
        )}
        {sign && <span className="client-card-sign">{sign}</span>}
      </summary>
      <p className="small muted">
        {t('clientCard.language', { language: t(`clientCard.languageName.${card.language}`) })}
      </p>
      {card.astrology ? (
        <Astrology astrology={card.astrology} />
      ) : (
        <p className="small muted">
          {card.shares_birth_data ? t('clientCard.noBirthData') : t('clientCard.notShared')}
        </p>
      )}
      <h3 className="client-card-heading">{t('clientCard.requests')}</h3>
      {card.requests.length === 0 ? (
        <p className="small muted">{t('clientCard.noRequests')}</p>
      ) : (
        <ul className="client-card-requests">
          {card.requests.map((request) => (
            <li key={request.id}>
              <span className="small muted">
                {t(`clientCard.request.${request.kind}`)} ·{' '}
                <time dateTime={request.date}>
                  {formatDate(new Date(request.date), { day: 'numeric', month: 'short' })}
                </time>
              </span>
              <span className="client-card-request-text">{request.text}</span>
            </li>
          ))}
        </ul>
      )}
      <NoteEditor key={card.note?.updated_at ?? 'none'} card={card} />
    </details>
  );
}

/** The card of the dialog's client; says so when it cannot load, and lets the dialog go on. */
export function ClientCard({ userId }: { userId: number }) {
  const t = useT();
  const card = useClientCard(userId);
  if (card.status === 'loading') return null;
  if (card.status === 'error')
    return (
      <p className="small muted client-card-error" role="status">
        {t('clientCard.error')}{' '}
        <Button variant="ghost" onClick={card.retry}>
          {t('common.retry')}
        </Button>
      </p>
    );
  return <ClientCardView card={card.data.card} />;
}
