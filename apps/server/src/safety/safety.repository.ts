/** SQL of reports and blocks (docs/decisions/048-reports-and-blocks.md). */
import type { Sql, Tx } from '../db/database.js';
import { messagePreview } from '@seer/contract';

export type Side = 'user' | 'manager';

export interface ReportedMessage {
  id: number;
  sender: Side;
  user_id: number;
  advisor_id: number;
  hidden: boolean;
}

export interface NewReport {
  reporterId: number;
  reporterRole: Side;
  userId: number;
  advisorId: number;
  messageId: number | null;
  reason: string;
  text: string;
}

export interface ReportRow {
  id: number;
  reporter_id: number;
  reporter_role: Side;
  user_id: number;
  advisor_id: number;
  message_id: number | null;
  reason: 'spam' | 'abuse' | 'off_platform_payment' | 'other';
  text: string;
  status: 'open' | 'closed';
  outcome: 'dismissed' | 'warned' | 'hidden' | 'suspended_advisor' | 'suspended_user' | null;
  created_at: Date;
  decided_at: Date | null;
}

export interface ContextRow {
  id: number;
  sender: Side;
  kind: string;
  text: string;
  image_id: string | null;
  created_at: Date;
  hidden_at: Date | null;
}

/** Which open reports a decision closes. */
export type ReportScope =
  | { kind: 'message'; messageId: number }
  | { kind: 'advisor'; advisorId: number }
  | { kind: 'about_advisor'; advisorId: number }
  | { kind: 'about_user'; userId: number };

export class SafetyRepository {
  constructor(private readonly sql: Sql) {}

  // ---------- blocks ----------

  /** Who blocked whom in the dialog of this user and advisor: one lookup by the primary key. */
  async blocksBetween(userId: number, advisorId: number, db: Sql | Tx = this.sql): Promise<Side[]> {
    const rows = await db<{ blocked_by: Side }[]>`
      SELECT blocked_by FROM dialog_blocks WHERE user_id = ${userId} AND advisor_id = ${advisorId}`;
    return rows.map((row) => row.blocked_by);
  }

  /** Sets a block; false when it was already set (nothing changed). */
  async block(userId: number, advisorId: number, by: Side): Promise<boolean> {
    const rows = await this.sql`
      INSERT INTO dialog_blocks (user_id, advisor_id, blocked_by) VALUES (${userId}, ${advisorId}, ${by})
      ON CONFLICT DO NOTHING RETURNING 1`;
    return rows.length > 0;
  }

  /** Lifts a block; false when there was none. */
  async unblock(userId: number, advisorId: number, by: Side): Promise<boolean> {
    const rows = await this.sql`
      DELETE FROM dialog_blocks WHERE user_id = ${userId} AND advisor_id = ${advisorId} AND blocked_by = ${by}
      RETURNING 1`;
    return rows.length > 0;
  }

  /** The advisors this user blocked, newest first. */
  async blockedByUser(userId: number): Promise<{ advisor_id: number; created_at: Date }[]> {
    return this.sql<{ advisor_id: number; created_at: Date }[]>`
      SELECT advisor_id, created_at FROM dialog_blocks
      WHERE user_id = ${userId} AND blocked_by = 'user' ORDER BY created_at DESC, advisor_id`;
  }

  /** Whether the user has a dialog with this advisor in which they wrote. */
  async isClient(userId: number, advisorId: number): Promise<boolean> {
    const [row] = await this.sql`
      SELECT 1 FROM dialogs WHERE user_id = ${userId} AND advisor_id = ${advisorId} AND last_message_at IS NOT NULL`;
    return row !== undefined;
  }

  /** Advisors held out of the catalogue until their reports are reviewed. */
  async heldAdvisorIds(): Promise<number[]> {
    const rows = await this.sql<{ id: number }[]>`
      SELECT id FROM advisors WHERE held_for_review_at IS NOT NULL`;
    return rows.map((row) => row.id);
  }

  // ---------- reports ----------

  async findMessage(messageId: number): Promise<ReportedMessage | null> {
    const [row] = await this.sql<ReportedMessage[]>`
      SELECT m.id, m.sender, d.user_id, d.advisor_id, m.hidden_at IS NOT NULL AS hidden
      FROM messages m JOIN dialogs d ON d.id = m.dialog_id WHERE m.id = ${messageId}`;
    return row ?? null;
  }

  /** Locks the advisor's row: reports about one advisor count their reporters one at a time. */
  async lockAdvisor(tx: Tx, advisorId: number): Promise<void> {
    await tx`SELECT 1 FROM advisors WHERE id = ${advisorId} FOR UPDATE`;
  }

  /** The new report's id, or null when this person already reported this thing. */
  async insertReport(tx: Tx, report: NewReport): Promise<number | null> {
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO reports (reporter_id, reporter_role, user_id, advisor_id, message_id, reason, text)
      VALUES (${report.reporterId}, ${report.reporterRole}, ${report.userId}, ${report.advisorId},
        ${report.messageId}, ${report.reason}, ${report.text})
      ON CONFLICT DO NOTHING RETURNING id`;
    return row?.id ?? null;
  }

  /** Distinct users with open reports about this advisor (of the advisor or of their messages). */
  async openReportersOf(advisorId: number, db: Sql | Tx = this.sql): Promise<number> {
    const [row] = await db<{ n: number }[]>`
      SELECT count(DISTINCT reporter_id)::int AS n FROM reports
      WHERE advisor_id = ${advisorId} AND status = 'open' AND reporter_role = 'user'`;
    return row!.n;
  }

  /**
   * Holds the advisor out of the catalogue and hides, from both parties, the advisor's messages
   * users reported and staff have not reviewed yet. Answers whether the advisor was newly held.
   */
  async holdAdvisor(tx: Tx, advisorId: number): Promise<boolean> {
    const held = await tx`
      UPDATE advisors SET held_for_review_at = now()
      WHERE id = ${advisorId} AND held_for_review_at IS NULL RETURNING 1`;
    const hidden = await tx<{ id: number }[]>`
      UPDATE messages SET hidden_at = now(), hidden_by = 'reports'
      WHERE hidden_at IS NULL AND id IN (
        SELECT message_id FROM reports WHERE advisor_id = ${advisorId} AND status = 'open'
          AND reporter_role = 'user' AND message_id IS NOT NULL)
      RETURNING id`;
    await this.refreshPreviews(
      tx,
      hidden.map((row) => Number(row.id)),
    );
    return held.length > 0;
  }

  async releaseAdvisor(tx: Tx, advisorId: number): Promise<void> {
    await tx`UPDATE advisors SET held_for_review_at = NULL WHERE id = ${advisorId}`;
  }

  async findReport(tx: Tx, reportId: number): Promise<ReportRow | null> {
    const [row] = await tx<ReportRow[]>`SELECT * FROM reports WHERE id = ${reportId} FOR UPDATE`;
    return row ?? null;
  }

  /** Closes the open reports of the scope with one outcome; answers the messages they were about. */
  async closeReports(
    tx: Tx,
    reportId: number,
    scope: ReportScope,
    outcome: NonNullable<ReportRow['outcome']>,
    actor: number,
  ): Promise<{ count: number; messageIds: number[] }> {
    const where =
      scope.kind === 'message'
        ? tx`message_id = ${scope.messageId}`
        : scope.kind === 'advisor'
          ? tx`advisor_id = ${scope.advisorId} AND message_id IS NULL`
          : scope.kind === 'about_advisor'
            ? tx`advisor_id = ${scope.advisorId} AND reporter_role = 'user'`
            : tx`user_id = ${scope.userId} AND reporter_role = 'manager'`;
    const rows = await tx<{ message_id: number | null }[]>`
      UPDATE reports SET status = 'closed', outcome = ${outcome}, decided_by = ${actor}, decided_at = now()
      WHERE status = 'open' AND (id = ${reportId} OR ${where}) RETURNING message_id`;
    const messageIds = [
      ...new Set(rows.flatMap((r) => (r.message_id === null ? [] : [Number(r.message_id)]))),
    ];
    return { count: rows.length, messageIds };
  }

  /** Staff hide messages: from both parties, for good (a later dismissal does not bring them back). */
  async hideMessages(tx: Tx, messageIds: number[]): Promise<void> {
    if (messageIds.length === 0) return;
    await tx`
      UPDATE messages SET hidden_at = COALESCE(hidden_at, now()), hidden_by = 'staff'
      WHERE id = ANY(${messageIds}::bigint[])`;
    await this.refreshPreviews(tx, messageIds);
  }

  /** Messages hidden while their reports waited stay hidden for good (the party was suspended). */
  async keepHidden(tx: Tx, messageIds: number[]): Promise<void> {
    if (messageIds.length === 0) return;
    await tx`
      UPDATE messages SET hidden_by = 'staff' WHERE id = ANY(${messageIds}::bigint[]) AND hidden_by = 'reports'`;
  }

  /** Messages hidden only while reports waited for review come back (no open report of theirs left). */
  async unhideReviewed(tx: Tx, messageIds: number[]): Promise<void> {
    if (messageIds.length === 0) return;
    await tx`
      UPDATE messages SET hidden_at = NULL, hidden_by = NULL
      WHERE id = ANY(${messageIds}::bigint[]) AND hidden_by = 'reports'
        AND NOT EXISTS (SELECT 1 FROM reports r WHERE r.message_id = messages.id AND r.status = 'open')`;
    await this.refreshPreviews(tx, messageIds);
  }

  /**
   * The chat lists' preview of each dialog of these messages, from its latest message neither
   * party is kept from seeing: a hidden message's text must not stay on the list.
   */
  private async refreshPreviews(tx: Tx, messageIds: number[]): Promise<void> {
    if (messageIds.length === 0) return;
    const latest = await tx<{ dialog_id: number; kind: string | null; text: string | null }[]>`
      SELECT d.id AS dialog_id, m.kind, m.text FROM dialogs d
      LEFT JOIN LATERAL (
        SELECT kind, text FROM messages
        WHERE dialog_id = d.id AND hidden_at IS NULL ORDER BY id DESC LIMIT 1
      ) m ON true
      WHERE d.id IN (SELECT dialog_id FROM messages WHERE id = ANY(${messageIds}::bigint[]))`;
    if (latest.length === 0) return;
    await tx`
      UPDATE dialogs AS d SET last_message_text = p.preview
      FROM unnest(${latest.map((row) => row.dialog_id)}::bigint[],
        ${latest.map((row) => messagePreview(row.kind ?? 'text', row.text ?? ''))}::text[])
        AS p(id, preview)
      WHERE d.id = p.id`;
  }

  /** Suspends an advisor: out of the catalogue, no workspace (the admin section reactivates). */
  async deactivateAdvisor(tx: Tx, advisorId: number): Promise<number | null> {
    const [row] = await tx<{ telegram_id: number | null }[]>`
      UPDATE advisors SET is_active = false, held_for_review_at = NULL WHERE id = ${advisorId}
      RETURNING telegram_id`;
    return row?.telegram_id ?? null;
  }

  async listReports(status: 'open' | 'closed', limit: number) {
    return this.sql<
      (ReportRow & {
        reporter_name: string | null;
        user_name: string | null;
        advisor_name: string;
        advisor_active: boolean;
        advisor_held: boolean;
        user_suspended: boolean;
        open_reporters: number;
      })[]
    >`
      SELECT r.*, 
        COALESCE(NULLIF(ru.name, ''), NULLIF(concat_ws(' ', ru.first_name, ru.last_name), ''), ru.username) AS reporter_name,
        COALESCE(NULLIF(u.name, ''), NULLIF(concat_ws(' ', u.first_name, u.last_name), ''), u.username) AS user_name,
        a.name AS advisor_name, a.is_active AS advisor_active, a.held_for_review_at IS NOT NULL AS advisor_held,
        EXISTS (SELECT 1 FROM sign_in_revocations s WHERE s.telegram_id = r.user_id AND s.suspended_at IS NOT NULL) AS user_suspended,
        (SELECT count(DISTINCT o.reporter_id)::int FROM reports o
          WHERE o.advisor_id = r.advisor_id AND o.status = 'open' AND o.reporter_role = 'user') AS open_reporters
      FROM reports r
      JOIN advisors a ON a.id = r.advisor_id
      LEFT JOIN users ru ON ru.telegram_id = r.reporter_id
      LEFT JOIN users u ON u.telegram_id = r.user_id
      WHERE r.status = ${status}
      ORDER BY ${status === 'open' ? this.sql`r.id` : this.sql`r.decided_at DESC, r.id DESC`}
      LIMIT ${limit}`;
  }

  /** The reported message and `around` messages on each side of it, hidden ones included. */
  async contextOf(messageId: number, around: number): Promise<ContextRow[]> {
    return this.sql<ContextRow[]>`
      WITH target AS (SELECT dialog_id, id FROM messages WHERE id = ${messageId})
      SELECT * FROM (
        (SELECT m.id, m.sender, m.kind, m.text, m.image_id, m.created_at, m.hidden_at FROM messages m, target t
          WHERE m.dialog_id = t.dialog_id AND m.id <= t.id ORDER BY m.id DESC LIMIT ${around + 1})
        UNION ALL
        (SELECT m.id, m.sender, m.kind, m.text, m.image_id, m.created_at, m.hidden_at FROM messages m, target t
          WHERE m.dialog_id = t.dialog_id AND m.id > t.id ORDER BY m.id LIMIT ${around})
      ) around_it ORDER BY id`;
  }

  /** The newest messages of a dialog (an advisor report's context). */
  async newestOf(userId: number, advisorId: number, count: number): Promise<ContextRow[]> {
    return this.sql<ContextRow[]>`
      SELECT * FROM (
        SELECT m.id, m.sender, m.kind, m.text, m.image_id, m.created_at, m.hidden_at
        FROM messages m JOIN dialogs d ON d.id = m.dialog_id
        WHERE d.user_id = ${userId} AND d.advisor_id = ${advisorId} ORDER BY m.id DESC LIMIT ${count}
      ) newest ORDER BY id`;
  }
}
