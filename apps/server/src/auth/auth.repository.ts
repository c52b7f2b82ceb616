/** SQL of sign-in: the per-database signing keys (demo init data, session tokens) and the sessions. */
import type { Sql } from '../db/database.js';

const DEMO_BOT_TOKEN_KEY = 'demo_bot_token';
const SESSION_SECRET_KEY = 'session_secret';

export interface SessionRow {
  id: string;
  telegram_id: number;
  ends_at: Date;
  revoked_at: Date | null;
}

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
   * A new session. The user's sessions that have ended are cleared away at the same time, and
   * beyond the newest `keep` the oldest go too: starting sessions in a loop cannot grow the table.
   */
  async createSession(id: string, telegramId: number, endsAt: Date, keep: number): Promise<void> {
    await this.sql.begin(async (tx) => {
      await tx`
        INSERT INTO auth_sessions (id, telegram_id, ends_at) VALUES (${id}, ${telegramId}, ${endsAt})`;
      await tx`
        DELETE FROM auth_sessions WHERE telegram_id = ${telegramId} AND (ends_at < now() OR id IN (
          SELECT id FROM auth_sessions WHERE telegram_id = ${telegramId}
          ORDER BY created_at DESC, id OFFSET ${keep}))`;
    });
  }

  async findSession(id: string): Promise<SessionRow | null> {
    const [row] = await this.sql<SessionRow[]>`
      SELECT id, telegram_id, ends_at, revoked_at FROM auth_sessions WHERE id = ${id}`;
    return row ?? null;
  }

  async markRenewed(id: string): Promise<void> {
    await this.sql`UPDATE auth_sessions SET renewed_at = now() WHERE id = ${id}`;
  }

  /** Revokes one session of the user, or all of them with `id` null; returns how many were live. */
  async revokeSessions(telegramId: number, id: string | null): Promise<number> {
    const rows = await this.sql`
      UPDATE auth_sessions SET revoked_at = now()
      WHERE telegram_id = ${telegramId} AND revoked_at IS NULL
        ${id === null ? this.sql`` : this.sql`AND id = ${id}`}
      RETURNING id`;
    return rows.length;
  }
}
