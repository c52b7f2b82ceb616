/** SQL for the admin audit log. */
import type { Sql, Tx } from '../db/database.js';

export class AdminRepository {
  constructor(private readonly sql: Sql) {}

  async audit(
    db: Sql | Tx,
    actor: number,
    action: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await db`INSERT INTO admin_audit (actor_telegram_id, action, details) VALUES (${actor}, ${action}, ${this.sql.json(details as never)})`;
  }

  async recent(limit = 100) {
    return this.sql<
      {
        id: number;
        actor_telegram_id: number;
        action: string;
        details: unknown;
        created_at: Date;
      }[]
    >`
      SELECT id, actor_telegram_id, action, details, created_at FROM admin_audit ORDER BY id DESC LIMIT ${limit}`;
  }
}
