/** SQL of advisor applications and their thread. */
import type { ApplicationStage, Locale } from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';

export interface ApplicationRow {
  id: number;
  telegram_id: number;
  username: string | null;
  name: string;
  category_ids: number[];
  languages: Locale[];
  experience_years: number;
  photo_image_id: string;
  about: Partial<Record<Locale, string>>;
  sample_question: string;
  sample_reading: string;
  stage: ApplicationStage;
  refusal_reason: string | null;
  advisor_id: number | null;
  created_at: Date;
  updated_at: Date;
  decided_at: Date | null;
}

export interface NoteRow {
  id: number;
  application_id: number;
  from_staff: boolean;
  text: string;
  internal: boolean;
  created_at: Date;
}

export interface NewApplication {
  telegramId: number;
  name: string;
  categoryIds: number[];
  languages: Locale[];
  experienceYears: number;
  photoImageId: string;
  about: Partial<Record<Locale, string>>;
  sampleQuestion: string;
  sampleReading: string;
}

const COLUMNS = `a.id, a.telegram_id, u.username, a.name, a.category_ids, a.languages, a.experience_years,
  a.photo_image_id, a.about, a.sample_question, a.sample_reading, a.stage, a.refusal_reason,
  a.advisor_id, a.created_at, a.updated_at, a.decided_at`;

export class ApplicationsRepository {
  constructor(private readonly sql: Sql) {}

  /** The new application, or null when the person already has one being screened. */
  async insert(tx: Tx, application: NewApplication): Promise<number | null> {
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO advisor_applications (telegram_id, name, category_ids, languages, experience_years,
        photo_image_id, about, sample_question, sample_reading)
      VALUES (${application.telegramId}, ${application.name}, ${application.categoryIds},
        ${application.languages}, ${application.experienceYears}, ${application.photoImageId},
        ${tx.json(application.about)}, ${application.sampleQuestion}, ${application.sampleReading})
      ON CONFLICT (telegram_id)
        WHERE stage IN ('submitted', 'practical_test', 'work_history', 'interview') DO NOTHING
      RETURNING id`;
    return row?.id ?? null;
  }

  /** Who uploaded an image, or null when there is no such image. */
  async imageUploader(db: Sql | Tx, imageId: string): Promise<number | null> {
    const [row] = await db<{ uploader_id: number }[]>`
      SELECT uploader_id FROM images WHERE id = ${imageId}`;
    return row?.uploader_id ?? null;
  }

  async find(id: number, db: Sql | Tx = this.sql, lock = false): Promise<ApplicationRow | null> {
    const rows = lock
      ? await db.unsafe<ApplicationRow[]>(
          `SELECT ${COLUMNS} FROM advisor_applications a JOIN users u ON u.telegram_id = a.telegram_id
           WHERE a.id = $1 FOR UPDATE OF a`,
          [id],
        )
      : await db.unsafe<ApplicationRow[]>(
          `SELECT ${COLUMNS} FROM advisor_applications a JOIN users u ON u.telegram_id = a.telegram_id
           WHERE a.id = $1`,
          [id],
        );
    return rows[0] ?? null;
  }

  async newestOf(telegramId: number, db: Sql | Tx = this.sql): Promise<ApplicationRow | null> {
    const [row] = await db.unsafe<ApplicationRow[]>(
      `SELECT ${COLUMNS} FROM advisor_applications a JOIN users u ON u.telegram_id = a.telegram_id
       WHERE a.telegram_id = $1 ORDER BY a.id DESC LIMIT 1`,
      [telegramId],
    );
    return row ?? null;
  }

  /** Open applications first (oldest first: who has waited longest), then the decided, newest first. */
  async list(stage: ApplicationStage | null, limit = 200): Promise<ApplicationRow[]> {
    return this.sql.unsafe<ApplicationRow[]>(
      `SELECT ${COLUMNS} FROM advisor_applications a JOIN users u ON u.telegram_id = a.telegram_id
       WHERE $1::text IS NULL OR a.stage = $1
       ORDER BY (a.stage IN ('submitted', 'practical_test', 'work_history', 'interview')) DESC,
         CASE WHEN a.stage IN ('submitted', 'practical_test', 'work_history', 'interview')
           THEN a.id ELSE -a.id END
       LIMIT $2`,
      [stage, limit],
    );
  }

  async setStage(
    tx: Tx,
    id: number,
    stage: ApplicationStage,
    extra: { refusalReason?: string; advisorId?: number } = {},
  ): Promise<void> {
    const decided = stage === 'refused' || stage === 'trial' || stage === 'accepted';
    await tx`
      UPDATE advisor_applications SET stage = ${stage}, updated_at = now(),
        refusal_reason = COALESCE(${extra.refusalReason ?? null}, refusal_reason),
        advisor_id = COALESCE(${extra.advisorId ?? null}::int, advisor_id),
        decided_at = CASE WHEN ${decided} THEN now() ELSE decided_at END
      WHERE id = ${id}`;
  }

  async addNote(
    tx: Sql | Tx,
    note: {
      applicationId: number;
      fromStaff: boolean;
      author: number;
      text: string;
      internal: boolean;
    },
  ): Promise<void> {
    await tx`
      INSERT INTO advisor_application_notes (application_id, from_staff, author_telegram_id, text, internal)
      VALUES (${note.applicationId}, ${note.fromStaff}, ${note.author}, ${note.text}, ${note.internal})`;
    await tx`UPDATE advisor_applications SET updated_at = now() WHERE id = ${note.applicationId}`;
  }

  async notesOf(applicationIds: number[]): Promise<NoteRow[]> {
    if (applicationIds.length === 0) return [];
    return this.sql<NoteRow[]>`
      SELECT id, application_id, from_staff, text, internal, created_at
      FROM advisor_application_notes WHERE application_id = ANY(${applicationIds}::bigint[])
      ORDER BY id`;
  }
}
