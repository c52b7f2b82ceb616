/** SQL for advisors. */
import type { Sql, Tx } from '../db/database.js';

export interface AdvisorRecord {
  id: number;
  name: string;
  avatar_url: string;
  category_id: number;
  description: string;
  additional_info: string;
  price_cents: number;
  experience_years: number;
  clients: number;
  languages: string[];
  is_active: boolean;
  is_away: boolean;
  is_demo: boolean;
  demo_online: boolean;
  telegram_id: number | null;
  rating_sum: number;
  review_count: number;
  /** The language of description and additional_info: the advisor's own. */
  text_language: string;
  /** The two texts in other languages, by language code. */
  translations: Record<string, AdvisorTexts>;
  /** Median first-response time over the last 30 days, as last refreshed; null below the minimum of periods. */
  median_response_seconds: number | null;
  /** On trial (decision 046): shown to a share of users, price at most the cap. */
  on_trial: boolean;
}

/** What one refresh of the response times found. */
export interface ResponseTimesRefresh {
  /** Advisors whose figure (or count of periods) changed. */
  changed: number;
}

export interface AdvisorTexts {
  description: string;
  additional_info: string;
}

export interface NewAdvisor {
  name: string;
  avatar_url: string;
  category_id: number;
  description: string;
  additional_info: string;
  price_cents: number;
  experience_years: number;
  clients: number;
  languages?: string[];
  text_language?: string;
  is_demo?: boolean;
  demo_online?: boolean;
}

const COLUMNS = `id, name, avatar_url, category_id, description, additional_info, price_cents, experience_years,
  clients, languages, is_active, is_away, is_demo, demo_online, telegram_id, rating_sum, review_count,
  text_language, median_response_seconds, on_trial, COALESCE((SELECT jsonb_object_agg(t.language, jsonb_build_object('description', t.description,
    'additional_info', t.additional_info)) FROM advisor_texts t WHERE t.advisor_id = advisors.id), '{}') AS translations`;

export class AdvisorsRepository {
  constructor(private readonly sql: Sql) {}

  async listActive(): Promise<AdvisorRecord[]> {
    return this.sql.unsafe<AdvisorRecord[]>(
      `SELECT ${COLUMNS} FROM advisors WHERE is_active ORDER BY id`,
    );
  }

  async listAll(): Promise<AdvisorRecord[]> {
    return this.sql.unsafe<AdvisorRecord[]>(`SELECT ${COLUMNS} FROM advisors ORDER BY id`);
  }

  async find(id: number, db: Sql | Tx = this.sql): Promise<AdvisorRecord | null> {
    const [row] = await db.unsafe<AdvisorRecord[]>(
      `SELECT ${COLUMNS} FROM advisors WHERE id = $1`,
      [id],
    );
    return row ?? null;
  }

  async findByTelegramId(telegramId: number): Promise<AdvisorRecord | null> {
    const [row] = await this.sql.unsafe<AdvisorRecord[]>(
      `SELECT ${COLUMNS} FROM advisors WHERE telegram_id = $1 AND is_active`,
      [telegramId],
    );
    return row ?? null;
  }

  async count(db: Sql | Tx = this.sql): Promise<number> {
    const [row] = await db<{ n: number }[]>`SELECT count(*)::int AS n FROM advisors`;
    return row!.n;
  }

  async insert(advisor: NewAdvisor, db: Sql | Tx = this.sql): Promise<number> {
    const [row] = await db<{ id: number }[]>`
      INSERT INTO advisors (name, avatar_url, category_id, description, additional_info, price_cents,
        experience_years, clients, languages, text_language, is_demo, demo_online)
      VALUES (${advisor.name}, ${advisor.avatar_url}, ${advisor.category_id}, ${advisor.description},
        ${advisor.additional_info}, ${advisor.price_cents}, ${advisor.experience_years}, ${advisor.clients},
        ${advisor.languages ?? ['en', 'ru']}, ${advisor.text_language ?? 'en'}, ${advisor.is_demo ?? false}, ${advisor.demo_online ?? false})
      RETURNING id`;
    return row!.id;
  }

  async update(
    tx: Tx,
    id: number,
    advisor: Omit<NewAdvisor, 'is_demo' | 'demo_online'> & { is_active: boolean },
  ): Promise<void> {
    await tx`
      UPDATE advisors SET name = ${advisor.name}, avatar_url = ${advisor.avatar_url}, category_id = ${advisor.category_id},
        description = ${advisor.description}, additional_info = ${advisor.additional_info}, price_cents = ${advisor.price_cents},
        experience_years = ${advisor.experience_years}, clients = ${advisor.clients}, languages = ${advisor.languages ?? ['en', 'ru']},
        text_language = ${advisor.text_language ?? 'en'}, is_active = ${advisor.is_active}
      WHERE id = ${id}`;
  }

  /** Replaces the advisor's texts in other languages; a language without text is dropped. */
  async replaceTranslations(
    tx: Tx,
    advisorId: number,
    translations: Record<string, AdvisorTexts>,
  ): Promise<void> {
    await tx`DELETE FROM advisor_texts WHERE advisor_id = ${advisorId}`;
    for (const [language, texts] of Object.entries(translations)) {
      if (!texts.description && !texts.additional_info) continue;
      await tx`
        INSERT INTO advisor_texts (advisor_id, language, description, additional_info)
        VALUES (${advisorId}, ${language}, ${texts.description}, ${texts.additional_info})`;
    }
  }

  /** Links an advisor to a Telegram user; a previous link of either side is moved. */
  async linkTelegram(tx: Tx, advisorId: number, telegramId: number): Promise<void> {
    await tx`UPDATE advisors SET telegram_id = NULL WHERE telegram_id = ${telegramId} AND id <> ${advisorId}`;
    await tx`UPDATE advisors SET telegram_id = ${telegramId} WHERE id = ${advisorId}`;
  }

  async unlinkTelegram(tx: Tx, advisorId: number): Promise<void> {
    await tx`UPDATE advisors SET telegram_id = NULL WHERE id = ${advisorId}`;
  }

  async setActive(tx: Tx, advisorId: number, active: boolean): Promise<void> {
    await tx`UPDATE advisors SET is_active = ${active} WHERE id = ${advisorId}`;
  }

  async setOnTrial(tx: Tx, advisorId: number, onTrial: boolean): Promise<void> {
    await tx`UPDATE advisors SET on_trial = ${onTrial} WHERE id = ${advisorId}`;
  }

  async onTrial(db: Sql | Tx, advisorId: number): Promise<boolean> {
    const [row] = await db<{ on_trial: boolean }[]>`
      SELECT on_trial FROM advisors WHERE id = ${advisorId}`;
    return row?.on_trial ?? false;
  }

  /** The users who have a dialog with each of these advisors (the trial's "already a client"). */
  async usersWithDialogs(advisorIds: number[]): Promise<{ advisor_id: number; user_id: number }[]> {
    if (advisorIds.length === 0) return [];
    return this.sql<{ advisor_id: number; user_id: number }[]>`
      SELECT advisor_id, user_id FROM dialogs WHERE advisor_id = ANY(${advisorIds}::int[])`;
  }

  async setAway(advisorId: number, away: boolean): Promise<void> {
    await this.sql`UPDATE advisors SET is_away = ${away} WHERE id = ${advisorId}`;
  }

  /**
   * Recomputes every advisor's median first-response time from the messages. A waiting period
   * starts with a user message in the last `windowDays` days whose previous message in the
   * dialog is the advisor's (or that opens the dialog), and lasts until the advisor's next
   * message; periods not answered yet are left out until they are. The median
   * (percentile_cont) is kept only over at least `minPeriods` answered periods, else null.
   * Only rows whose figure changed are written.
   */
  async refreshResponseTimes(
    windowDays: number,
    minPeriods: number,
  ): Promise<ResponseTimesRefresh> {
    return this.sql.begin(async (tx) => {
      // A background job over 30 days of messages: allowed longer than a call's statement timeout.
      await tx`SET LOCAL statement_timeout = '5min'`;
      const rows = await tx<{ id: number }[]>`
      WITH starts AS (
        SELECT d.advisor_id, m.dialog_id, m.id, m.created_at
        FROM messages m
        JOIN dialogs d ON d.id = m.dialog_id
        WHERE m.sender = 'user'
          AND m.created_at >= now() - make_interval(days => ${windowDays})
          AND COALESCE((SELECT p.sender FROM messages p
                        WHERE p.dialog_id = m.dialog_id AND p.id < m.id
                        ORDER BY p.id DESC LIMIT 1), 'manager') = 'manager'
      ),
      periods AS (
        SELECT s.advisor_id, EXTRACT(EPOCH FROM (answer.created_at - s.created_at)) AS wait
        FROM starts s
        CROSS JOIN LATERAL (
          SELECT a.created_at FROM messages a
          WHERE a.dialog_id = s.dialog_id AND a.id > s.id AND a.sender = 'manager'
          ORDER BY a.id LIMIT 1
        ) answer
      ),
      medians AS (
        SELECT advisor_id, count(*)::int AS periods,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY wait) AS median
        FROM periods GROUP BY advisor_id
      ),
      figures AS (
        SELECT a.id,
          CASE WHEN m.periods >= ${minPeriods} THEN greatest(0, round(m.median))::int END AS median,
          COALESCE(m.periods, 0) AS periods
        FROM advisors a LEFT JOIN medians m ON m.advisor_id = a.id
      )
      UPDATE advisors SET median_response_seconds = f.median, response_periods = f.periods
      FROM figures f
      WHERE advisors.id = f.id
        AND (advisors.median_response_seconds IS DISTINCT FROM f.median
          OR advisors.response_periods <> f.periods)
      RETURNING advisors.id`;
      return { changed: rows.length };
    });
  }

  async addToRating(
    tx: Tx,
    advisorId: number,
    ratingDelta: number,
    countDelta: number,
  ): Promise<{ rating_sum: number; review_count: number }> {
    const [row] = await tx<{ rating_sum: number; review_count: number }[]>`
      UPDATE advisors SET rating_sum = rating_sum + ${ratingDelta}, review_count = review_count + ${countDelta}
      WHERE id = ${advisorId} RETURNING rating_sum, review_count`;
    return row!;
  }
}
