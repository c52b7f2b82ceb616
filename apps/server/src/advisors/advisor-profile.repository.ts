/** SQL of the advisor's own profile: hours, time zone, away messages, price change requests. */
import type { Sql, Tx } from '../db/database.js';

export interface HoursRow {
  weekday: number;
  start_minute: number;
  end_minute: number;
}

export interface PriceRequestRow {
  id: number;
  advisor_id: number;
  advisor_name: string;
  current_price_cents: number;
  price_cents: number;
  status: 'pending' | 'approved' | 'refused' | 'replaced';
  created_at: Date;
  decided_at: Date | null;
}

export interface OwnProfileFields {
  category_id: number;
  languages: string[];
  text_language: string;
  description: string;
  additional_info: string;
  time_zone: string;
  /** Null keeps the photo. */
  avatar_url: string | null;
}

const REQUEST_COLUMNS = `r.id, r.advisor_id, a.name AS advisor_name, a.price_cents AS current_price_cents,
  r.price_cents, r.status, r.created_at, r.decided_at`;

export class AdvisorProfileRepository {
  constructor(private readonly sql: Sql) {}

  async timeZone(advisorId: number): Promise<string | null> {
    const [row] = await this.sql<{ time_zone: string }[]>`
      SELECT time_zone FROM advisors WHERE id = ${advisorId} AND is_active`;
    return row?.time_zone ?? null;
  }

  async hours(advisorId: number): Promise<HoursRow[]> {
    return this.sql<HoursRow[]>`
      SELECT weekday, start_minute, end_minute FROM advisor_hours
      WHERE advisor_id = ${advisorId} ORDER BY weekday, start_minute`;
  }

  async awayMessages(advisorId: number): Promise<Record<string, string>> {
    const rows = await this.sql<{ language: string; text: string }[]>`
      SELECT language, text FROM advisor_away_messages WHERE advisor_id = ${advisorId}`;
    return Object.fromEntries(rows.map((row) => [row.language, row.text]));
  }

  async updateFields(tx: Tx, advisorId: number, fields: OwnProfileFields): Promise<void> {
    await tx`
      UPDATE advisors SET category_id = ${fields.category_id}, languages = ${fields.languages},
        text_language = ${fields.text_language}, description = ${fields.description},
        additional_info = ${fields.additional_info}, time_zone = ${fields.time_zone},
        avatar_url = COALESCE(${fields.avatar_url}, avatar_url)
      WHERE id = ${advisorId}`;
  }

  async replaceHours(tx: Tx, advisorId: number, hours: readonly HoursRow[]): Promise<void> {
    await tx`DELETE FROM advisor_hours WHERE advisor_id = ${advisorId}`;
    for (const range of hours)
      await tx`
        INSERT INTO advisor_hours (advisor_id, weekday, start_minute, end_minute)
        VALUES (${advisorId}, ${range.weekday}, ${range.start_minute}, ${range.end_minute})`;
  }

  async replaceAwayMessages(
    tx: Tx,
    advisorId: number,
    messages: Record<string, string>,
  ): Promise<void> {
    await tx`DELETE FROM advisor_away_messages WHERE advisor_id = ${advisorId}`;
    for (const [language, text] of Object.entries(messages))
      if (text)
        await tx`
          INSERT INTO advisor_away_messages (advisor_id, language, text)
          VALUES (${advisorId}, ${language}, ${text})`;
  }

  async pendingPrice(advisorId: number): Promise<PriceRequestRow | null> {
    const [row] = await this.sql.unsafe<PriceRequestRow[]>(
      `SELECT ${REQUEST_COLUMNS} FROM price_change_requests r JOIN advisors a ON a.id = r.advisor_id
       WHERE r.advisor_id = $1 AND r.status = 'pending'`,
      [advisorId],
    );
    return row ?? null;
  }

  /** A new pending request; the advisor's earlier pending one, if any, becomes 'replaced'. */
  async requestPrice(advisorId: number, priceCents: number): Promise<PriceRequestRow> {
    return this.sql.begin(async (tx) => {
      // Two requests of one advisor queue here. NO KEY UPDATE: sends (which reference the
      // advisor from dialogs) are not held up by it.
      await tx`SELECT 1 FROM advisors WHERE id = ${advisorId} FOR NO KEY UPDATE`;
      await tx`
        UPDATE price_change_requests SET status = 'replaced', decided_at = now()
        WHERE advisor_id = ${advisorId} AND status = 'pending'`;
      const [row] = await tx.unsafe<PriceRequestRow[]>(
        `WITH r AS (INSERT INTO price_change_requests (advisor_id, price_cents) VALUES ($1, $2) RETURNING *)
         SELECT ${REQUEST_COLUMNS} FROM r JOIN advisors a ON a.id = r.advisor_id`,
        [advisorId, priceCents],
      );
      return row!;
    });
  }

  async listRequests(onlyPending: boolean, limit = 200): Promise<PriceRequestRow[]> {
    return this.sql.unsafe<PriceRequestRow[]>(
      `SELECT ${REQUEST_COLUMNS} FROM price_change_requests r JOIN advisors a ON a.id = r.advisor_id
       ${onlyPending ? `WHERE r.status = 'pending'` : ''} ORDER BY r.id DESC LIMIT $1`,
      [limit],
    );
  }

  /** The pending request, locked for a decision in `tx`; null when it is not pending (or unknown). */
  async lockPending(tx: Tx, id: number): Promise<PriceRequestRow | null> {
    const [row] = await tx.unsafe<PriceRequestRow[]>(
      `SELECT ${REQUEST_COLUMNS} FROM price_change_requests r JOIN advisors a ON a.id = r.advisor_id
       WHERE r.id = $1 FOR UPDATE OF r`,
      [id],
    );
    return row ?? null;
  }

  async decide(
    tx: Tx,
    id: number,
    status: 'approved' | 'refused',
    decidedBy: number,
  ): Promise<void> {
    await tx`
      UPDATE price_change_requests SET status = ${status}, decided_by = ${decidedBy}, decided_at = now()
      WHERE id = ${id}`;
  }

  /**
   * The advisor's new price. A paid send reads the price once, inside its own transaction
   * (seer_send_user_message), so it is charged this price or the old one, never a mix.
   */
  async setPrice(tx: Tx, advisorId: number, priceCents: number): Promise<void> {
    await tx`UPDATE advisors SET price_cents = ${priceCents} WHERE id = ${advisorId}`;
  }

  async requestById(tx: Tx, id: number): Promise<PriceRequestRow> {
    const [row] = await tx.unsafe<PriceRequestRow[]>(
      `SELECT ${REQUEST_COLUMNS} FROM price_change_requests r JOIN advisors a ON a.id = r.advisor_id
       WHERE r.id = $1`,
      [id],
    );
    return row!;
  }
}
