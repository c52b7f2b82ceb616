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

export interface PayoutRow {
  advisor_id: number;
  name: string;
  messages: number;
  earned_cents: number;
  paid_cents: number;
  unpaid_cents: number;
}

export class PayoutsRepository {
  constructor(private readonly sql: Sql) {}

  /** Earnings per advisor between two dates (inclusive, UTC), split into paid out and unpaid. */
  async summary(from: string | null, to: string | null): Promise<PayoutRow[]> {
    return this.sql<PayoutRow[]>`
      SELECT a.id AS advisor_id, a.name,
        count(e.id)::int AS messages,
        COALESCE(sum(e.amount_cents), 0)::bigint AS earned_cents,
        COALESCE(sum(e.amount_cents) FILTER (WHERE e.paid_out_at IS NOT NULL), 0)::bigint AS paid_cents,
        COALESCE(sum(e.amount_cents) FILTER (WHERE e.paid_out_at IS NULL), 0)::bigint AS unpaid_cents
      FROM advisors a
      LEFT JOIN advisor_earnings e ON e.advisor_id = a.id
        AND (${from}::date IS NULL OR e.created_at >= ${from}::date)
        AND (${to}::date IS NULL OR e.created_at < ${to}::date + 1)
      GROUP BY a.id, a.name
      ORDER BY earned_cents DESC, a.id`;
  }

  async markPaid(tx: Tx, advisorId: number, to: string | null): Promise<number> {
    const [row] = await tx<{ sum: number }[]>`
      WITH marked AS (
        UPDATE advisor_earnings SET paid_out_at = now()
        WHERE advisor_id = ${advisorId} AND paid_out_at IS NULL
          AND (${to}::date IS NULL OR created_at < ${to}::date + 1)
        RETURNING amount_cents)
      SELECT COALESCE(sum(amount_cents), 0)::bigint AS sum FROM marked`;
    return row!.sum;
  }

  async advisorEarnings(advisorId: number) {
    const [totals] = await this.sql<
      { today: number; month: number; total: number; unpaid: number; messages: number }[]
    >`
      SELECT
        COALESCE(sum(amount_cents) FILTER (WHERE created_at >= date_trunc('day', now())), 0)::bigint AS today,
        COALESCE(sum(amount_cents) FILTER (WHERE created_at >= date_trunc('month', now())), 0)::bigint AS month,
        COALESCE(sum(amount_cents), 0)::bigint AS total,
        COALESCE(sum(amount_cents) FILTER (WHERE paid_out_at IS NULL), 0)::bigint AS unpaid,
        count(*)::int AS messages
      FROM advisor_earnings WHERE advisor_id = ${advisorId}`;
    const recent = await this.sql<
      {
        message_id: number;
        amount_cents: number;
        created_at: Date;
        name: string | null;
        first_name: string | null;
        last_name: string | null;
        username: string | null;
      }[]
    >`
      SELECT e.message_id, e.amount_cents, e.created_at, u.name, u.first_name, u.last_name, u.username
      FROM advisor_earnings e
      JOIN messages m ON m.id = e.message_id
      JOIN dialogs d ON d.id = m.dialog_id
      JOIN users u ON u.telegram_id = d.user_id
      WHERE e.advisor_id = ${advisorId}
      ORDER BY e.id DESC LIMIT 50`;
    return { totals: totals!, recent };
  }
}
