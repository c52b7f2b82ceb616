/** SQL for users: profiles, preferences, lists. Balances and the ledger belong to money/. */
import type { Locale } from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';
import type { TelegramUser } from '../auth/index.js';

export interface UserRecord {
  telegram_id: number;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  language_code: string | null;
  /** The language chosen in Seer's Settings; null: none, Telegram's decides (users/language.ts). */
  chosen_language: Locale | null;
  photo_url: string | null;
  name: string | null;
  email: string | null;
  description: string | null;
  birth_date: string | null;
  birth_time: string | null;
  /** A city id of the contract's BIRTH_CITIES, or null. */
  birth_city: string | null;
  /** Set only when the place is given as a bare UTC offset. */
  birth_utc_offset_minutes: number | null;
  balance_cents: number;
  free_messages: number;
  allows_write_to_pm: boolean;
  sound_enabled: boolean;
  theme: 'light' | 'dark' | 'system';
  created_at: Date;
}

export interface ProfileChanges {
  name?: string | null;
  birth_date?: string | null;
  birth_time?: string | null;
  birth_city?: string | null;
  birth_utc_offset_minutes?: number | null;
  email?: string | null;
  description?: string | null;
}

const USER_COLUMNS = `telegram_id, username, first_name, last_name, language_code, chosen_language, photo_url, name, email, description,
  to_char(birth_date, 'YYYY-MM-DD') AS birth_date, to_char(birth_time, 'HH24:MI') AS birth_time,
  birth_city, birth_utc_offset_minutes,
  balance_cents, free_messages, allows_write_to_pm, sound_enabled, theme, created_at`;

/** Thrown inside upsertFromTelegram's transaction to roll it back. */
const REVOKED = Symbol('sign-ins revoked meanwhile');

export class UsersRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Creates the user or applies Telegram's profile fields, but only from init data signed later
   * (`authDate`, seconds) than the last applied: older init data replayed never rolls them back.
   * True when created. Null, with nothing written, when the user's sign-ins were revoked after
   * `authDate` while this ran: an account deletion (decision 050) or end-sessions committed after
   * the caller checked the revocation, and this write waited for it — without this check it would
   * bring a just-deleted person back as a new row. `authDate` 0 (a bot update) is never refused.
   */
  async upsertFromTelegram(
    user: TelegramUser,
    authDate: number,
    freeMessages: number,
  ): Promise<boolean | null> {
    return this.sql
      .begin(async (tx) => {
        const rows = await tx<{ created: boolean }[]>`
        INSERT INTO users (telegram_id, username, first_name, last_name, language_code, photo_url, free_messages, allows_write_to_pm, telegram_auth_date)
        VALUES (${user.id}, ${user.username ?? null}, ${user.first_name ?? null}, ${user.last_name ?? null},
                ${user.language_code ?? null}, ${user.photo_url ?? null},
                -- a person whose account was deleted before is not welcomed with free messages again (decision 050)
                CASE WHEN EXISTS (SELECT 1 FROM sign_in_revocations r WHERE r.telegram_id = ${user.id} AND r.account_erased_at IS NOT NULL)
                  THEN 0 ELSE ${freeMessages}::int END,
                ${user.allows_write_to_pm ?? false}, ${authDate})
        ON CONFLICT (telegram_id) DO UPDATE SET
          username = EXCLUDED.username, first_name = EXCLUDED.first_name, last_name = EXCLUDED.last_name,
          -- Telegram may leave language_code out: the last one it said is kept, as the photo is.
          language_code = COALESCE(EXCLUDED.language_code, users.language_code),
          photo_url = COALESCE(EXCLUDED.photo_url, users.photo_url),
          allows_write_to_pm = users.allows_write_to_pm OR EXCLUDED.allows_write_to_pm,
          telegram_auth_date = EXCLUDED.telegram_auth_date
        WHERE users.telegram_auth_date < EXCLUDED.telegram_auth_date
        RETURNING (xmax = 0) AS created`;
        if (authDate > 0) {
          // A new statement sees what committed while the upsert waited for the row's lock.
          const [revoked] = await tx`
          SELECT 1 FROM sign_in_revocations
          WHERE telegram_id = ${user.id} AND revoked_at > to_timestamp(${authDate})`;
          if (revoked) throw REVOKED;
        }
        return rows[0]?.created === true;
      })
      .catch((error: unknown) => {
        if (error === REVOKED) return null;
        throw error;
      });
  }

  /** Creates a user known only by id (the admin may act before the person opens the app). */
  async ensureExists(db: Sql | Tx, telegramId: number): Promise<void> {
    await db`INSERT INTO users (telegram_id) VALUES (${telegramId}) ON CONFLICT DO NOTHING`;
  }

  async find(telegramId: number, db: Sql | Tx = this.sql): Promise<UserRecord | null> {
    const [row] = await db.unsafe<UserRecord[]>(
      `SELECT ${USER_COLUMNS} FROM users WHERE telegram_id = $1`,
      [telegramId],
    );
    return row ?? null;
  }

  async updateProfile(telegramId: number, changes: ProfileChanges): Promise<void> {
    const entries = Object.entries(changes).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    await this
      .sql`UPDATE users SET ${this.sql(Object.fromEntries(entries) as Record<string, never>)}, updated_at = now()
      WHERE telegram_id = ${telegramId}`;
  }

  async updatePreferences(
    telegramId: number,
    prefs: { sound_enabled?: boolean; theme?: string; chosen_language?: Locale | null },
  ): Promise<void> {
    const entries = Object.entries(prefs).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return;
    await this
      .sql`UPDATE users SET ${this.sql(Object.fromEntries(entries) as Record<string, never>)}, updated_at = now()
      WHERE telegram_id = ${telegramId}`;
  }

  async setWriteAccess(telegramId: number, allowed: boolean): Promise<void> {
    await this
      .sql`UPDATE users SET allows_write_to_pm = ${allowed} WHERE telegram_id = ${telegramId}`;
  }

  async list(limit = 200): Promise<UserRecord[]> {
    return this.sql.unsafe<UserRecord[]>(
      `SELECT ${USER_COLUMNS} FROM users ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
  }

  async search(query: string, limit: number): Promise<UserRecord[]> {
    const pattern = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    return this.sql.unsafe<UserRecord[]>(
      `SELECT ${USER_COLUMNS} FROM users
       WHERE telegram_id::text LIKE $1 OR name ILIKE $1 OR username ILIKE $1 OR first_name ILIKE $1 OR last_name ILIKE $1
       ORDER BY created_at DESC LIMIT $2`,
      [pattern, limit],
    );
  }
}
