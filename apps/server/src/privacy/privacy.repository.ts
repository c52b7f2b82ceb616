/** SQL of account deletion's first step: the confirmation asked for, kept hashed until it is used or replaced. */
import type { Sql, Tx } from '../db/database.js';

export interface DeletionRequest {
  token_hash: string;
  balance_cents: number;
  free_messages: number;
  expires_at: Date;
}

export class PrivacyRepository {
  constructor(private readonly sql: Sql) {}

  /**
   * Records (or replaces) the user's deletion request with what they were shown; null when the
   * user does not exist (also when a deletion took their row meanwhile: the row is read for share).
   */
  async ask(
    telegramId: number,
    tokenHash: string,
    lifetimeSeconds: number,
  ): Promise<(DeletionRequest & { created_at: Date }) | null> {
    return this.sql.begin(async (tx) => {
      const [user] = await tx<{ balance_cents: number; free_messages: number }[]>`
        SELECT balance_cents, free_messages FROM users
        WHERE telegram_id = ${telegramId} AND erased_at IS NULL FOR SHARE`;
      if (!user) return null;
      const [row] = await tx<(DeletionRequest & { created_at: Date })[]>`
        INSERT INTO account_deletion_requests (telegram_id, token_hash, balance_cents, free_messages, created_at, expires_at)
        VALUES (${telegramId}, ${tokenHash}, ${user.balance_cents}, ${user.free_messages}, now(),
                now() + make_interval(secs => ${lifetimeSeconds}))
        ON CONFLICT (telegram_id) DO UPDATE SET token_hash = EXCLUDED.token_hash,
          balance_cents = EXCLUDED.balance_cents, free_messages = EXCLUDED.free_messages,
          created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
        RETURNING token_hash, balance_cents, free_messages, created_at, expires_at`;
      return row!;
    });
  }

  /** The user's pending request, locked for the deletion's transaction; null when there is none. */
  async takeRequest(tx: Tx, telegramId: number): Promise<DeletionRequest | null> {
    const [row] = await tx<DeletionRequest[]>`
      SELECT token_hash, balance_cents, free_messages, expires_at FROM account_deletion_requests
      WHERE telegram_id = ${telegramId} FOR UPDATE`;
    return row ?? null;
  }

  async dropRequest(tx: Tx, telegramId: number): Promise<void> {
    await tx`DELETE FROM account_deletion_requests WHERE telegram_id = ${telegramId}`;
  }

  /** The user's wallet as it stands in the deletion's transaction (the row is locked by then). */
  async wallet(
    tx: Tx,
    telegramId: number,
  ): Promise<{ balance_cents: number; free_messages: number } | null> {
    const [row] = await tx<{ balance_cents: number; free_messages: number }[]>`
      SELECT balance_cents, free_messages FROM users WHERE telegram_id = ${telegramId} AND erased_at IS NULL`;
    return row ?? null;
  }
}

/** The advisor (active or not) linked to this Telegram account, read in the deletion's transaction. */
export async function linkedAdvisor(
  db: Sql | Tx,
  telegramId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db<{ id: number; name: string }[]>`
    SELECT id, name FROM advisors WHERE telegram_id = ${telegramId} FOR SHARE`;
  return row ?? null;
}
