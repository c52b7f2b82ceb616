/**
 * The client card (docs/decisions/044-client-card.md): an advisor sees who they are talking to,
 * only in a dialog of their own. Birth data, and the sign and natal points computed from it, are
 * shown only while the client allows it (off until they agree). Notes and quick replies belong to
 * one advisor and are never shown to anyone else.
 */
import {
  CLIENT_CARD_LIMITS,
  formatUtcOffset,
  zodiacSignFor,
  type BirthDataSharing,
  type ClientAstrology,
  type ClientCard,
  type ClientNote,
  type Locale,
  type QuickReply,
} from '@seer/contract';
import type { HoroscopeService } from '../horoscope/index.js';
import { displayName, localeOfUser, type User, type UsersService } from '../users/index.js';
import type { Sql } from '../db/database.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../errors.js';
import type { ClientsRepository, NoteRow } from './clients.repository.js';

function toNote(row: NoteRow | null): ClientNote | null {
  return row && { text: row.text, updated_at: row.updated_at.toISOString() };
}

export class ClientsService {
  constructor(
    private readonly repository: ClientsRepository,
    private readonly users: Pick<UsersService, 'find' | 'ensureExists'>,
    private readonly horoscope: Pick<HoroscopeService, 'natalPointsOf'>,
    private readonly sql: Sql,
  ) {}

  /** The card of the client of one of the advisor's dialogs (403 for anyone else's client). */
  async card(advisorId: number, userId: number): Promise<ClientCard> {
    await this.assertOwnClient(advisorId, userId);
    const user = await this.users.find(userId);
    if (!user) throw new NotFoundError('User not found');
    const [sharing, requests, note] = await Promise.all([
      this.repository.sharing(userId),
      this.repository.requests(advisorId, userId, CLIENT_CARD_LIMITS.requestsShown),
      this.repository.note(advisorId, userId),
    ]);
    const shares = sharing?.allowed ?? false;
    return {
      telegram_user_id: userId,
      name: displayName(user),
      username: user.username,
      language: localeOfUser(user),
      shares_birth_data: shares,
      astrology: shares ? this.astrologyOf(user) : null,
      requests: requests.map((row) => ({
        id: row.id,
        kind: row.kind,
        text: row.text,
        date: row.created_at.toISOString(),
      })),
      note: toNote(note),
    };
  }

  /** Saves the advisor's note about a client of theirs; an empty text removes it. */
  async saveNote(advisorId: number, userId: number, text: string): Promise<ClientNote | null> {
    await this.assertOwnClient(advisorId, userId);
    if (text === '') {
      await this.repository.deleteNote(advisorId, userId);
      return null;
    }
    return toNote(await this.repository.saveNote(advisorId, userId, text));
  }

  async quickReplies(advisorId: number): Promise<QuickReply[]> {
    return this.repository.quickReplies(advisorId);
  }

  async addQuickReply(advisorId: number, language: Locale, text: string): Promise<QuickReply> {
    const added = await this.repository.addQuickReply(
      advisorId,
      language,
      text,
      CLIENT_CARD_LIMITS.quickRepliesPerLanguage,
    );
    if (!added)
      throw new ConflictError(
        `At most ${CLIENT_CARD_LIMITS.quickRepliesPerLanguage} quick replies per language: delete one first`,
      );
    return added;
  }

  async editQuickReply(advisorId: number, id: number, text: string): Promise<QuickReply> {
    const edited = await this.repository.editQuickReply(advisorId, id, text);
    if (!edited) throw new NotFoundError(`Quick reply ${id} not found`);
    return edited;
  }

  async deleteQuickReply(advisorId: number, id: number): Promise<void> {
    if (!(await this.repository.deleteQuickReply(advisorId, id)))
      throw new NotFoundError(`Quick reply ${id} not found`);
  }

  async sharingOf(userId: number): Promise<BirthDataSharing> {
    const row = await this.repository.sharing(userId);
    return { allowed: row?.allowed ?? false, answered: row !== null };
  }

  async setSharing(userId: number, allowed: boolean): Promise<BirthDataSharing> {
    await this.users.ensureExists(this.sql, userId);
    await this.repository.setSharing(userId, allowed);
    return { allowed, answered: true };
  }

  private async assertOwnClient(advisorId: number, userId: number): Promise<void> {
    if (!(await this.repository.hasDialog(advisorId, userId)))
      throw new ForbiddenError('Only the advisor of a dialog may see or note its client');
  }

  private astrologyOf(user: User): ClientAstrology | null {
    const natal = this.horoscope.natalPointsOf(user);
    const sign = zodiacSignFor(user.birth_date);
    if (!natal || !sign || !user.birth_date) return null;
    return {
      birth_date: user.birth_date,
      birth_time: user.birth_time,
      birth_place:
        user.birth_city ??
        (user.birth_utc_offset_minutes === null
          ? null
          : formatUtcOffset(user.birth_utc_offset_minutes)),
      sign,
      sun: natal.sun,
      moon: natal.moonSigns,
      exact: natal.exact,
    };
  }
}
