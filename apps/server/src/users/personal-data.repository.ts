/** SQL of the users module's part in a user's data: the profile in the export; the tombstone of a deletion. */
import type { Tx } from '../db/database.js';
import type { PersonalData } from '../kernel/module.js';

export const usersPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => {
    const [profile] = await sql`
      SELECT telegram_id, username, first_name, last_name, language_code, chosen_language, photo_url,
             name, email, description, to_char(birth_date, 'YYYY-MM-DD') AS birth_date,
             to_char(birth_time, 'HH24:MI') AS birth_time, birth_city, birth_utc_offset_minutes,
             balance_cents, free_messages, allows_write_to_pm, sound_enabled, theme, created_at
      FROM users WHERE telegram_id = ${telegramId}`;
    return { profile: profile ?? null };
  },
  // The row itself is replaced by the tombstone and removed by the deletion (usersErasure).
  erase: async () => {},
});

/** The deletion's own steps on the users table (privacy/ runs them around the modules' parts). */
export const usersErasure = {
  /**
   * A tombstone for the user's kept records: a new negative id, `erased_at` set, the wallet
   * (balance, free messages, credit money, spending so far) carried over so that balance = ledger
   * still holds, and no personal field. Answers its id, or null when the user does not exist.
   */
  async createTombstone(tx: Tx, telegramId: number): Promise<number | null> {
    const [row] = await tx<{ telegram_id: number }[]>`
      INSERT INTO users (telegram_id, erased_at, balance_cents, credit_cents, free_messages,
                         spent_day, spent_day_cents, spent_month, spent_month_cents, created_at, telegram_auth_date)
      SELECT nextval('erased_account_ids'), now(), balance_cents, credit_cents, free_messages,
             spent_day, spent_day_cents, spent_month, spent_month_cents, created_at, 0
      FROM users WHERE telegram_id = ${telegramId} AND erased_at IS NULL
      RETURNING telegram_id`;
    return row ? Number(row.telegram_id) : null;
  },

  /** Removes the person's own row once every module has moved or deleted what referred to it. */
  async removePerson(tx: Tx, telegramId: number): Promise<void> {
    await tx`DELETE FROM users WHERE telegram_id = ${telegramId}`;
  },
};
