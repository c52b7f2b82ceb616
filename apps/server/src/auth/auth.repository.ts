/** SQL of sign-in: the demo signing key, one per database so every instance accepts the same demo sessions. */
import type { Sql } from '../db/database.js';

const DEMO_BOT_TOKEN_KEY = 'demo_bot_token';

export class AuthRepository {
  constructor(private readonly sql: Sql) {}

  /** The stored demo key, or `candidate` stored as it when there is none yet. */
  async demoSigningKey(candidate: string): Promise<string> {
    const [row] = await this.sql<{ value: string }[]>`
      INSERT INTO settings (key, value) VALUES (${DEMO_BOT_TOKEN_KEY}, ${candidate})
      ON CONFLICT (key) DO UPDATE SET key = EXCLUDED.key
      RETURNING value`;
    return row!.value;
  }
}
