/**
 * SQL of applications' part in a user's data: the person's applications to become an advisor and
 * their threads, exported, then deleted (an approved applicant is an advisor, whose deletion is
 * refused while linked).
 */
import type { PersonalData } from '../kernel/module.js';

export const applicationsPersonalData = (): PersonalData => ({
  export: async (sql, telegramId) => ({
    advisor_applications: await sql`
      SELECT a.id, a.name, a.category_ids, a.languages, a.experience_years, a.about, a.sample_question,
             a.sample_reading, a.stage, a.refusal_reason, a.created_at, a.decided_at,
             COALESCE((SELECT json_agg(json_build_object('from_staff', n.from_staff, 'text', n.text, 'created_at', n.created_at) ORDER BY n.id)
                       FROM advisor_application_notes n WHERE n.application_id = a.id AND NOT n.internal), '[]') AS thread
      FROM advisor_applications a WHERE a.telegram_id = ${telegramId} ORDER BY a.id`,
  }),
  erase: async (tx, { telegramId }) => {
    await tx`
      DELETE FROM advisor_application_notes
      WHERE application_id IN (SELECT id FROM advisor_applications WHERE telegram_id = ${telegramId})`;
    await tx`DELETE FROM advisor_applications WHERE telegram_id = ${telegramId}`;
  },
});
