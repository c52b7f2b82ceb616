/**
 * Applying as an advisor inside Telegram (docs/decisions/046-apply-as-an-advisor.md): the form,
 * the stages staff move an application through, the thread between staff and applicant, and the
 * trial an approved advisor starts on.
 */
import { z } from 'zod';
import { BIGINT_ID_MAX, categoryIdField, imageIdField } from './ids.js';
import { LIMITS, LOCALES, type Locale } from './limits.js';
import { textField } from './text-field.js';

const ok = z.literal('success');

/**
 * The stages in order. Staff move an open application forward through the first four (the
 * article's practical test, work history and reviews, interview); approval starts the trial, and
 * staff end it (accepted). Refusal closes an open application.
 */
export const APPLICATION_STAGES = [
  'submitted',
  'practical_test',
  'work_history',
  'interview',
  'trial',
  'accepted',
  'refused',
] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

/** Stages of an application still being screened: one such per person at a time. */
export const OPEN_APPLICATION_STAGES = [
  'submitted',
  'practical_test',
  'work_history',
  'interview',
] as const satisfies readonly ApplicationStage[];

export const APPLICATION_LIMITS = {
  aboutMaxLength: 2000,
  /** A sample reading shorter than this says too little to judge. */
  sampleReadingMinLength: 200,
  sampleReadingMaxLength: 4000,
  noteMaxLength: 2000,
  refusalReasonMaxLength: 1000,
  maxCategories: 3,
  maxExperienceYears: 80,
  /** After a refusal, a new application is taken this many days later. */
  reapplyAfterDays: 30,
} as const;

/**
 * The questions a sample reading answers, by language; the same index is the same question. An
 * applicant always gets the same one (sampleQuestionIndex), so reloading the form cannot shop for
 * an easier question.
 */
export const SAMPLE_QUESTIONS: Record<Locale, readonly string[]> = {
  en: [
    'I was offered a job in another city, but my partner does not want to move. What should I consider before deciding?',
    'I keep dreaming of a house I have never seen, with a locked door upstairs. What could it mean?',
    'A friend of ten years has grown distant since spring. Will we be close again, and what can I do?',
    'I want to start my own business this year, but I am afraid of losing my savings. What do the cards say?',
  ],
  ru: [
    'Мне предложили работу в другом городе, но мой партнёр не хочет переезжать. Что мне стоит учесть, прежде чем решать?',
    'Мне снится дом, которого я никогда не видела, с запертой дверью наверху. Что это может значить?',
    'Подруга, с которой мы дружим десять лет, отдалилась с весны. Станем ли мы снова близки и что я могу сделать?',
    'Я хочу открыть своё дело в этом году, но боюсь потерять сбережения. Что говорят карты?',
  ],
};

/** The question of an applicant: fixed by their Telegram id. */
export function sampleQuestionIndex(telegramId: number): number {
  return telegramId % SAMPLE_QUESTIONS.en.length;
}

const languageList = z
  .array(z.enum(LOCALES, { error: 'languages: each must be one of: ru, en' }), {
    error: 'languages must be a list',
  })
  .min(1, { error: 'languages: choose at least one' })
  .max(LOCALES.length)
  .refine((list) => new Set(list).size === list.length, { error: 'languages: each only once' });

const aboutText = textField('about', {
  max: APPLICATION_LIMITS.aboutMaxLength,
  multiline: true,
  required: true,
});

export const SubmitApplicationBody = z
  .object({
    name: textField('name', { max: LIMITS.advisorNameMaxLength, required: true }),
    category_ids: z
      .array(categoryIdField, { error: 'category_ids must be a list' })
      .min(1, { error: 'category_ids: choose at least one' })
      .max(APPLICATION_LIMITS.maxCategories, {
        error: `category_ids: at most ${APPLICATION_LIMITS.maxCategories}`,
      })
      .refine((list) => new Set(list).size === list.length, {
        error: 'category_ids: each only once',
      }),
    languages: languageList,
    experience: z.coerce
      .number({ error: 'experience must be a whole number of years' })
      .int({ error: 'experience must be a whole number of years' })
      .min(0, { error: 'experience must be 0 or more' })
      .max(APPLICATION_LIMITS.maxExperienceYears, {
        error: `experience must be at most ${APPLICATION_LIMITS.maxExperienceYears}`,
      }),
    /** An image the applicant uploaded with UploadImage.php. */
    photo_image_id: imageIdField,
    /** The about text in each language the applicant answers in. */
    about: z.partialRecord(z.enum(LOCALES), aboutText),
    sample_reading: textField('sample_reading', {
      max: APPLICATION_LIMITS.sampleReadingMaxLength,
      multiline: true,
      required: true,
    }).refine((text) => [...text].length >= APPLICATION_LIMITS.sampleReadingMinLength, {
      error: `sample_reading must be at least ${APPLICATION_LIMITS.sampleReadingMinLength} characters`,
    }),
  })
  .strict()
  .superRefine((body, ctx) => {
    for (const language of body.languages)
      if (!body.about[language])
        ctx.addIssue({
          code: 'custom',
          path: ['about', language],
          message: `about: write the text in ${language}, a language you answer in`,
        });
    for (const language of Object.keys(body.about))
      if (!body.languages.includes(language as Locale))
        ctx.addIssue({
          code: 'custom',
          path: ['about', language],
          message: `about: ${language} is not one of your languages`,
        });
  });

export const ApplicationNote = z.object({
  id: z.number().int(),
  from: z.enum(['staff', 'applicant']),
  text: z.string(),
  /** Only staff see an internal note. */
  internal: z.boolean(),
  created_at: z.string(),
});
export type ApplicationNote = z.infer<typeof ApplicationNote>;

export const Application = z.object({
  id: z.number().int(),
  stage: z.enum(APPLICATION_STAGES),
  name: z.string(),
  category_ids: z.array(z.number().int()),
  languages: z.array(z.enum(LOCALES)),
  experience: z.number().int(),
  photo: z.string(),
  about: z.partialRecord(z.enum(LOCALES), z.string()),
  sample_question: z.string(),
  sample_reading: z.string(),
  refusal_reason: z.string().nullable(),
  advisor_id: z.number().int().nullable(),
  notes: z.array(ApplicationNote),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Application = z.infer<typeof Application>;

export const AdminApplication = Application.extend({
  telegram_user_id: z.number().int(),
  username: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof AdminApplication>;

export const MyApplicationAnswer = z.object({
  status: ok,
  /** The caller's newest application, or null. */
  application: Application.nullable(),
  /** The question the caller's sample reading answers, in their language. */
  sample_question: z.string(),
  /** Whether a new application would be taken now. */
  can_apply: z.boolean(),
  /** After a refusal: when a new application is taken (ISO time), else null. */
  reapply_after: z.string().nullable(),
});
export type MyApplicationAnswer = z.infer<typeof MyApplicationAnswer>;

export const ApplicationAnswer = z.object({ status: ok, application: Application });

export const ApplicationReplyBody = z
  .object({
    text: textField('text', {
      max: APPLICATION_LIMITS.noteMaxLength,
      multiline: true,
      required: true,
    }),
  })
  .strict();

/** An application's id (`advisor_applications.id`): a JSON number or a string of digits. */
const applicationIdField = z.preprocess(
  (value) => (typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value),
  z
    .number({ error: 'id must be a whole number' })
    .int({ error: 'id must be a whole number' })
    .min(1, { error: 'id must be a whole number' })
    .max(BIGINT_ID_MAX, { error: 'id must be a whole number' }),
);

export const AdminApplicationsQuery = z.object({
  stage: z
    .enum(APPLICATION_STAGES, { error: `stage must be one of: ${APPLICATION_STAGES.join(', ')}` })
    .optional(),
});

export const AdminApplicationsAnswer = z.object({
  status: ok,
  applications: z.array(AdminApplication),
});

export const AdminApplicationAnswer = z.object({ status: ok, application: AdminApplication });

export const AdminMoveApplicationBody = z
  .object({
    id: applicationIdField,
    stage: z.enum(OPEN_APPLICATION_STAGES, {
      error: `stage must be one of: ${OPEN_APPLICATION_STAGES.join(', ')}`,
    }),
    /** Said to the applicant with the move (optional). */
    note: textField('note', { max: APPLICATION_LIMITS.noteMaxLength, multiline: true }).optional(),
  })
  .strict();

export const AdminApplicationNoteBody = z
  .object({
    id: applicationIdField,
    text: textField('text', {
      max: APPLICATION_LIMITS.noteMaxLength,
      multiline: true,
      required: true,
    }),
    /** Staff only: the applicant neither sees it nor hears of it. */
    internal: z.boolean().default(false),
  })
  .strict();

export const AdminApproveApplicationBody = z
  .object({
    id: applicationIdField,
    /** The advisor's price per message in dollars, at most the trial's cap. */
    price: z.union([z.string().trim().max(20), z.number()]),
    /** The advisor's category: one the applicant chose. */
    category_id: categoryIdField,
  })
  .strict();

export const AdminRefuseApplicationBody = z
  .object({
    id: applicationIdField,
    reason: textField('reason', {
      max: APPLICATION_LIMITS.refusalReasonMaxLength,
      multiline: true,
      required: true,
    }),
  })
  .strict();

export const AdminEndTrialBody = z.object({ id: applicationIdField }).strict();
