/**
 * SQL of sign-in: the per-database signing keys (demo init data, session tokens), the sessions and
 * the users' sign-in revocations.
 */
import type { Sql, Tx } from '../db/database.js';

const DEMO_BOT_TOKEN_KEY = 'demo_bot_token';
const SESSION_SECRET_KEY = 'session_secret';

export interface SessionRow {
  id: string;
  telegram_id: number;
  ends_at: Date;
  revoked_at: Date | null;
  generation: number;
}

/** Thrown inside createSession's transaction to undo the insert; never leaves the repository. */
const SIGN_IN_REVOKED = Symbol('sign-in revoked');

export class AuthRepository {
  constructor(private readonly sql: Sql) {}

  /** The stored demo key, or `candidate` stored as it when there is none yet. */
  async demoSigningKey(candidate: string): Promise<string> {
    return this.setting(DEMO_BOT_TOKEN_KEY, candidate);
  }

  /** The stored session secret, or `candidate` stored as it: every instance signs with the same one. */
  async sessionSecret(candidate: string): Promise<string> {
    return this.setting(SESSION_SECRET_KEY, candidate);
  }

  private async setting(key: string, candidate: string): Promise<string> {
    const [row] = await this.sql<{ value: string }[]>`
      INSERT INTO settings (key, value) VALUES (${key}, ${candidate})
      ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
      RETURNING value`;
    return row!.value;
  }

  /**
   * A new session, unless the user's sign-ins were revoked after `signedAt` (the init data's
   * auth_date): then nothing is stored and the answer is false. The user's sessions that have
   * ended are cleared away at the same time, and beyond the newest `keep` the oldest go too:
   * starting sessions in a loop cannot grow the table.
   *
   * The revocation is read after the insert, in a statement of its own: the insert holds a share
   * lock on the user's row (its foreign key), which `revokeAllSessions` takes for update first, so
   * either this insert waits for the revocation's commit and then reads it, or the revocation
   * waits for this commit and then revokes the new session too.
   */
  async createSession(
    id: string,
    telegramId: number,
    endsAt: Date,
    keep: number,
    signedAt: Date,
  ): Promise<boolean> {
    try {
      await this.sql.begin(async (tx) => {
        await tx`
          INSERT INTO auth_sessions (id, telegram_id, ends_at) VALUES (${id}, ${telegramId}, ${endsAt})`;
        const [revoked] = await tx`
          SELECT 1 FROM sign_in_revocations
          WHERE telegram_id = ${telegramId} AND (revoked_at > ${signedAt} OR suspended_at IS NOT NULL)`;
        if (revoked) throw SIGN_IN_REVOKED;
        await tx`
          DELETE FROM auth_sessions WHERE telegram_id = ${telegramId} AND (ends_at < now() OR id IN (
            SELECT id FROM auth_sessions WHERE telegram_id = ${telegramId}
            ORDER BY created_at DESC, id OFFSET ${keep}))`;
      });
      return true;
    } catch (error) {
      if (error === SIGN_IN_REVOKED) return false;
      throw error;
    }
  }

  async findSession(id: string): Promise<SessionRow | null> {
    const [row] = await this.sql<SessionRow[]>`
      SELECT id, telegram_id, ends_at, revoked_at, generation FROM auth_sessions WHERE id = ${id}`;
    return row ?? null;
  }

  /**
   * Moves a live session from `generation` to the next one, only if that is still its current
   * generation: of two renewals with the same token exactly one moves it. The session after the
   * move, or null when it was not moved (ended, revoked, past its end, or already renewed).
   */
  async rotateSession(
    id: string,
    telegramId: number,
    generation: number,
  ): Promise<{ generation: number; ends_at: Date } | null> {
    const [row] = await this.sql<{ generation: number; ends_at: Date }[]>`
      UPDATE auth_sessions SET generation = generation + 1, renewed_at = now()
      WHERE id = ${id} AND telegram_id = ${telegramId} AND generation = ${generation}
        AND revoked_at IS NULL AND ends_at > now()
      RETURNING generation, ends_at`;
    return row ?? null;
  }

  /** Revokes one session of the user (sign-out, a reused token); returns how many were live. */
  async revokeSession(telegramId: number, id: string): Promise<number> {
    const rows = await this.sql`
      UPDATE auth_sessions SET revoked_at = now()
      WHERE telegram_id = ${telegramId} AND id = ${id} AND revoked_at IS NULL
      RETURNING id`;
    return rows.length;
  }

  /**
   * Ends every sign-in of the user up to now: records the moment (init data signed before it is
   * refused from then on) and revokes every live session, in one transaction that `inside` (the
   * audit line) joins. Locks the user's row first: see createSession.
   */
  async revokeAllSessions(
    telegramId: number,
    inside: (tx: Tx, ended: number) => Promise<void> = async () => {},
    /** Also suspend the user: every later sign-in is refused until lifted (decision 048). */
    suspend = false,
  ): Promise<{ ended: number; revokedAt: Date }> {
    return this.sql.begin(async (tx) => {
      await tx`SELECT 1 FROM users WHERE telegram_id = ${telegramId} FOR UPDATE`;
      const [revocation] = await tx<{ revoked_at: Date }[]>`
        INSERT INTO sign_in_revocations (telegram_id, revoked_at, suspended_at)
        VALUES (${telegramId}, date_trunc('milliseconds', now()), ${suspend ? tx`now()` : null})
        ON CONFLICT (telegram_id) DO UPDATE SET revoked_at = EXCLUDED.revoked_at,
          suspended_at = COALESCE(EXCLUDED.suspended_at, sign_in_revocations.suspended_at)
        RETURNING revoked_at`;
      const rows = await tx`
        UPDATE auth_sessions SET revoked_at = now()
        WHERE telegram_id = ${telegramId} AND revoked_at IS NULL
        RETURNING id`;
      await inside(tx, rows.length);
      return { ended: rows.length, revokedAt: revocation!.revoked_at };
    });
  }

  /** When the user's sign-ins were last revoked (end-sessions) and whether they are suspended; null if never. */
  async revokedAt(telegramId: number): Promise<{ revokedAt: Date; suspended: boolean } | null> {
    const [row] = await this.sql<{ revoked_at: Date; suspended: boolean }[]>`
      SELECT revoked_at, suspended_at IS NOT NULL AS suspended FROM sign_in_revocations
      WHERE telegram_id = ${telegramId}`;
    return row ? { revokedAt: row.revoked_at, suspended: row.suspended } : null;
  }

  /** Lifts a suspension, with `inside` (the audit line) in the same transaction; false when not suspended. */
  async liftSuspension(telegramId: number, inside: (tx: Tx) => Promise<void>): Promise<boolean> {
    return this.sql.begin(async (tx) => {
      const rows = await tx`
        UPDATE sign_in_revocations SET suspended_at = NULL
        WHERE telegram_id = ${telegramId} AND suspended_at IS NOT NULL RETURNING 1`;
      if (rows.length === 0) return false;
      await inside(tx);
      return true;
    });
  }
}
