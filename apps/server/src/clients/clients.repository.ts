/**
 * SQL for the client card (migration 026): the birth-data consent, advisors' private notes and
 * quick replies. Dialogs and messages are chat's tables, read here only to know whether an advisor
 * has a dialog with a user and which tarot and dream requests the user sent in it.
 */
import type { Locale } from '@seer/contract';
import type { Sql } from '../db/database.js';

export interface SharingRow {
  allowed: boolean;
}

export interface RequestRow {
  id: number;
  kind: 'tarot' | 'dream';
  text: string;
  created_at: Date;
}

export interface NoteRow {
  text: string;
  updated_at: Date;
}

export interface QuickReplyRow {
  id: number;
  language: Locale;
  text: string;
}

/** The first key of the two-key advisory lock that orders one advisor's quick-reply changes. */
const QUICK_REPLIES_LOCK = 26_001;

export class ClientsRepository {
  constructor(private readonly sql: Sql) {}

  async hasDialog(advisorId: number, userId: number): Promise<boolean> {
    const rows = await this.sql`
      SELECT 1 FROM dialogs WHERE advisor_id = ${advisorId} AND user_id = ${userId}`;
    return rows.length > 0;
  }

  /** The user's tarot and dream requests in their dialog with this advisor, newest first. */
  async requests(advisorId: number, userId: number, limit: number): Promise<RequestRow[]> {
    return this.sql<RequestRow[]>`
      SELECT m.id, m.kind, m.text, m.created_at
      FROM dialogs d JOIN messages m ON m.dialog_id = d.id
      WHERE d.advisor_id = ${advisorId} AND d.user_id = ${userId}
        AND m.sender = 'user' AND m.kind IN ('tarot', 'dream')
      ORDER BY m.id DESC LIMIT ${limit}`;
  }

  async sharing(userId: number): Promise<SharingRow | null> {
    const [row] = await this.sql<SharingRow[]>`
      SELECT allowed FROM birth_data_sharing WHERE user_id = ${userId}`;
    return row ?? null;
  }

  async setSharing(userId: number, allowed: boolean): Promise<void> {
    await this.sql`
      INSERT INTO birth_data_sharing (user_id, allowed) VALUES (${userId}, ${allowed})
      ON CONFLICT (user_id) DO UPDATE SET allowed = EXCLUDED.allowed, answered_at = now()`;
  }

  async note(advisorId: number, userId: number): Promise<NoteRow | null> {
    const [row] = await this.sql<NoteRow[]>`
      SELECT text, updated_at FROM advisor_client_notes
      WHERE advisor_id = ${advisorId} AND user_id = ${userId}`;
    return row ?? null;
  }

  async saveNote(advisorId: number, userId: number, text: string): Promise<NoteRow> {
    const [row] = await this.sql<NoteRow[]>`
      INSERT INTO advisor_client_notes (advisor_id, user_id, text) VALUES (${advisorId}, ${userId}, ${text})
      ON CONFLICT (advisor_id, user_id) DO UPDATE SET text = EXCLUDED.text, updated_at = now()
      RETURNING text, updated_at`;
    return row!;
  }

  async deleteNote(advisorId: number, userId: number): Promise<void> {
    await this.sql`
      DELETE FROM advisor_client_notes WHERE advisor_id = ${advisorId} AND user_id = ${userId}`;
  }

  /** The advisor's quick replies, by language, in the order they were added. */
  async quickReplies(advisorId: number): Promise<QuickReplyRow[]> {
    return this.sql<QuickReplyRow[]>`
      SELECT id, language, text FROM advisor_quick_replies
      WHERE advisor_id = ${advisorId} ORDER BY language, position`;
  }

  /**
   * Appends a quick reply to the advisor's list in that language unless it already holds
   * `maxPerLanguage`; null when it is full. Concurrent adds of one advisor wait for each other,
   * so the count and the positions stay right.
   */
  async addQuickReply(
    advisorId: number,
    language: Locale,
    text: string,
    maxPerLanguage: number,
  ): Promise<QuickReplyRow | null> {
    return this.sql.begin(async (tx) => {
      await tx`SELECT pg_advisory_xact_lock(${QUICK_REPLIES_LOCK}, ${advisorId})`;
      const [row] = await tx<QuickReplyRow[]>`
        INSERT INTO advisor_quick_replies (advisor_id, language, text, position)
        SELECT ${advisorId}, ${language}, ${text}, COALESCE(max(position), 0) + 1
        FROM advisor_quick_replies WHERE advisor_id = ${advisorId} AND language = ${language}
        HAVING count(*) < ${maxPerLanguage}
        RETURNING id, language, text`;
      return row ?? null;
    });
  }

  /** Changes the text of one of the advisor's quick replies; null when the advisor has no such one. */
  async editQuickReply(advisorId: number, id: number, text: string): Promise<QuickReplyRow | null> {
    const [row] = await this.sql<QuickReplyRow[]>`
      UPDATE advisor_quick_replies SET text = ${text}
      WHERE id = ${id} AND advisor_id = ${advisorId}
      RETURNING id, language, text`;
    return row ?? null;
  }

  /** False when the advisor has no such quick reply. */
  async deleteQuickReply(advisorId: number, id: number): Promise<boolean> {
    const rows = await this.sql`
      DELETE FROM advisor_quick_replies WHERE id = ${id} AND advisor_id = ${advisorId} RETURNING 1`;
    return rows.length > 0;
  }
}
