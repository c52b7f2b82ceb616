/** Profile, preferences and balance changes of users. */
import {
  centsToDollars,
  ERROR_CODES,
  formatUtcOffset,
  parseBirthPlace,
  zodiacSignFor,
  type Locale,
  type UpdateUserBody,
  type UserProfile,
} from '@seer/contract';
import type { z } from 'zod';
import type { UpdateUserBody as UpdateUserSchema, UpdatePreferencesBody } from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';
import type { Identity, TelegramUser } from '../auth/index.js';
import type { AdvisorsService } from '../advisors/index.js';
import type { UsersRepository, UserRecord } from './users.repository.js';
import { AppError, BadRequestError, NotFoundError } from '../errors.js';
import { localeOfUser, type LanguageFacts } from './language.js';

/** How long what decides a user's language is trusted between database reads on one instance. */
const LANGUAGE_TTL_MS = 60_000;

export class UsersService {
  /** What decides each user's language (null: no such user), read for the calls and bot updates that need it. */
  private readonly languages = new Map<number, { user: LanguageFacts | null; at: number }>();

  constructor(
    private readonly repository: UsersRepository,
    private readonly advisors: AdvisorsService,
    private readonly adminIds: ReadonlySet<number>,
  ) {}

  async find(telegramId: number, db?: Sql | Tx): Promise<UserRecord | null> {
    return this.repository.find(telegramId, db);
  }

  /**
   * The language to speak to this user in (users/language.ts), from a copy at most a minute old
   * on other instances: the advisor lists, the busiest calls, ask it when the caller names no
   * language, and a language changes rarely. `telegramCode`: the code of a Telegram update from
   * the user, fresher than the stored one.
   */
  async localeOf(telegramId: number, telegramCode?: string | null): Promise<Locale> {
    let known = this.languages.get(telegramId);
    if (!known || Date.now() - known.at >= LANGUAGE_TTL_MS) {
      const user = await this.repository.find(telegramId);
      const facts = user && {
        chosen_language: user.chosen_language,
        language_code: user.language_code,
      };
      known = { user: facts, at: Date.now() };
      if (this.languages.size > 100_000) this.languages.clear();
      this.languages.set(telegramId, known);
    }
    return localeOfUser(known.user, telegramCode);
  }

  /** Creates a user known only by id, in the caller's transaction (an admin may act before the person opens the app). */
  async ensureExists(db: Sql | Tx, telegramId: number): Promise<void> {
    await this.repository.ensureExists(db, telegramId);
  }

  /**
   * Records what Telegram says of a signed-in user; a new user starts with `freeMessages`. Only
   * init data signed later (`authDate`, seconds) than the last applied changes the profile.
   * True when the user was created by this call (first seen). A 401 `sign_in_revoked`, with
   * nothing written, when the user's sign-ins were revoked after `authDate` meanwhile.
   */
  async recordTelegramUser(
    user: TelegramUser,
    authDate: number,
    freeMessages: number,
  ): Promise<boolean> {
    const created = await this.repository.upsertFromTelegram(user, authDate, freeMessages);
    if (created === null)
      throw new AppError(
        401,
        ERROR_CODES.signInRevoked,
        "Telegram init data was signed before this account's sessions were ended; reopen the app from Telegram",
      );
    return created;
  }

  async list(limit = 200): Promise<UserRecord[]> {
    return this.repository.list(limit);
  }

  /** Users whose id, name or username contains the query, newest first. */
  async search(query: string, limit = 100): Promise<UserRecord[]> {
    return this.repository.search(query, limit);
  }

  async profile(identity: Pick<Identity, 'telegramId'>): Promise<UserProfile> {
    const user = await this.repository.find(identity.telegramId);
    if (!user) throw new NotFoundError('User not found');
    const advisor = await this.advisors.linkedTo(user.telegram_id);
    return toProfile(user, advisor?.id ?? null, this.adminIds.has(user.telegram_id));
  }

  async updateProfile(
    identity: Identity,
    body: z.output<typeof UpdateUserSchema>,
  ): Promise<UserProfile> {
    const blankToNull = (value: string | null | undefined) =>
      value === undefined ? undefined : value === '' ? null : value;
    if (body.dateOfBirth) {
      const date = new Date(`${body.dateOfBirth}T00:00:00Z`);
      if (date.getTime() > Date.now() || date.getUTCFullYear() < 1900) {
        throw new BadRequestError('dateOfBirth must be a real birth date between 1900 and today');
      }
    }
    await this.repository.updateProfile(identity.telegramId, {
      name: blankToNull(body.name),
      birth_date: blankToNull(body.dateOfBirth),
      birth_time: blankToNull(body.timeOfBirth),
      ...birthPlaceColumns(body.birthPlace),
      email: blankToNull(body.email),
      description: blankToNull(body.description),
    });
    return this.profile(identity);
  }

  async updatePreferences(identity: Identity, body: z.output<typeof UpdatePreferencesBody>) {
    await this.repository.updatePreferences(identity.telegramId, {
      sound_enabled: body.sound,
      theme: body.theme,
      chosen_language: body.language,
    });
    // This instance speaks the new language at once; others within LANGUAGE_TTL_MS.
    if (body.language !== undefined) this.languages.delete(identity.telegramId);
    return (await this.profile(identity)).preferences;
  }

  /** Whether the bot may write to this user (asked in the app, `/start`, or lost when they block the bot). */
  async setWriteAccess(telegramId: number, allowed: boolean): Promise<void> {
    await this.repository.setWriteAccess(telegramId, allowed);
  }
}

/** The wire's birthPlace as the two columns; undefined leaves them as they are. */
function birthPlaceColumns(value: string | null | undefined) {
  if (value === undefined) return {};
  const place = value ? parseBirthPlace(value) : null;
  if (value && !place) throw new BadRequestError('birthPlace is not a known city or UTC offset');
  return {
    birth_city: place && 'city' in place ? place.city : null,
    birth_utc_offset_minutes: place && 'utcOffsetMinutes' in place ? place.utcOffsetMinutes : null,
  };
}

export function displayName(
  user: Pick<UserRecord, 'name' | 'first_name' | 'last_name' | 'username'>,
): string {
  const telegramName = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return user.name || telegramName || user.username || 'User';
}

function toProfile(user: UserRecord, advisorId: number | null, isAdmin: boolean): UserProfile {
  const photo = user.photo_url ?? null;
  return {
    telegram_user_id: user.telegram_id,
    username: user.username,
    name: user.name ?? ([user.first_name, user.last_name].filter(Boolean).join(' ') || null),
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    description: user.description,
    birthdate: user.birth_date,
    time_of_birth: user.birth_time,
    birth_place:
      user.birth_city ??
      (user.birth_utc_offset_minutes === null
        ? null
        : formatUtcOffset(user.birth_utc_offset_minutes)),
    horoscope: zodiacSignFor(user.birth_date),
    balance: centsToDollars(user.balance_cents),
    balance_cents: user.balance_cents,
    free_minutes: user.free_messages,
    free_messages: user.free_messages,
    language_code: user.language_code,
    photo_url: photo,
    userInfo: { photo_url: photo },
    created_at: user.created_at.toISOString(),
    preferences: { sound: user.sound_enabled, theme: user.theme, language: user.chosen_language },
    allows_write_to_pm: user.allows_write_to_pm,
    advisor_id: advisorId,
    is_admin: isAdmin,
  };
}

export type { UpdateUserBody };
