/**
 * Advisor applications (decision 046): an applicant's form, the stages staff move it through,
 * the thread between them, approval (the advisor, the link, the trial) and refusal. Each staff
 * change is written to the audit log, and told to the applicant by the bot, in its transaction.
 */
import {
  APPLICATION_LIMITS,
  APPLICATION_STAGES,
  OPEN_APPLICATION_STAGES,
  SAMPLE_QUESTIONS,
  parseDollarsToCents,
  sampleQuestionIndex,
  type AdminApplication,
  type Application,
  type ApplicationStage,
  type Locale,
} from '@seer/contract';
import type { z } from 'zod';
import type { SubmitApplicationBody } from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';
import { BadRequestError, ConflictError, NotFoundError } from '../errors.js';
import type { AdvisorsService, AdvisorTrials } from '../advisors/index.js';
import type { AuditLog } from '../admin/index.js';
import type { UserNotices } from '../bot/index.js';
import { imageUrl } from '../images/index.js';
import { localeOfUser, type UsersService } from '../users/index.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { LogFunction } from '../logger.js';
import type { ApplicationRow, ApplicationsRepository, NoteRow } from './applications.repository.js';
import { checkTrialPrice } from '../advisors/index.js';
import { applicationNotice, type ApplicationChange } from './application-notices.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function isOpen(stage: ApplicationStage): boolean {
  return (OPEN_APPLICATION_STAGES as readonly string[]).includes(stage);
}

export class ApplicationsService {
  constructor(
    private readonly deps: {
      sql: Sql;
      repository: ApplicationsRepository;
      users: UsersService;
      advisors: AdvisorsService;
      audit: AuditLog;
      events: EventBus;
      /** Null without the bot: nothing is told. */
      notices: UserNotices | null;
      trials: Pick<AdvisorTrials, 'priceCapCents' | 'setOnTrial'>;
      log: LogFunction;
    },
  ) {}

  private get repository() {
    return this.deps.repository;
  }

  /** The question this person's sample reading answers, in their language. */
  private async questionFor(telegramId: number): Promise<{ question: string; locale: Locale }> {
    const locale = localeOfUser(await this.deps.users.find(telegramId));
    return { question: SAMPLE_QUESTIONS[locale][sampleQuestionIndex(telegramId)]!, locale };
  }

  /** When a refused person may apply again. */
  private static reapplyAfter(application: ApplicationRow | null): Date | null {
    if (application?.stage !== 'refused' || !application.decided_at) return null;
    const at = new Date(
      application.decided_at.getTime() + APPLICATION_LIMITS.reapplyAfterDays * DAY_MS,
    );
    return at.getTime() > Date.now() ? at : null;
  }

  async mine(telegramId: number) {
    const newest = await this.repository.newestOf(telegramId);
    const reapplyAfter = ApplicationsService.reapplyAfter(newest);
    const isAdvisor = (await this.deps.advisors.linkedTo(telegramId)) !== null;
    return {
      application: newest ? (await this.toWire([newest], false))[0]! : null,
      sample_question: (await this.questionFor(telegramId)).question,
      can_apply:
        !isAdvisor && reapplyAfter === null && (newest === null || newest.stage === 'refused'),
      reapply_after: reapplyAfter?.toISOString() ?? null,
    };
  }

  async submit(
    telegramId: number,
    body: z.output<typeof SubmitApplicationBody>,
  ): Promise<Application> {
    if (await this.deps.advisors.linkedTo(telegramId))
      throw new ConflictError('You are already an advisor of Seer');
    const { question } = await this.questionFor(telegramId);
    const id = await this.deps.sql.begin(async (tx) => {
      const uploader = await this.repository.imageUploader(tx, body.photo_image_id);
      // Only a photo the applicant uploaded themselves (UploadImage.php checks the image itself).
      if (uploader !== telegramId)
        throw new BadRequestError('photo_image_id: no such image uploaded by you');
      const newest = await this.repository.newestOf(telegramId, tx);
      if (newest && (newest.stage === 'trial' || newest.stage === 'accepted'))
        throw new ConflictError('Your application was approved already');
      const after = ApplicationsService.reapplyAfter(newest);
      if (after)
        throw new ConflictError(
          `You may apply again from ${after.toISOString().slice(0, 10)}, ${APPLICATION_LIMITS.reapplyAfterDays} days after the refusal`,
        );
      await this.deps.users.ensureExists(tx, telegramId);
      // The unique index keeps one open application per person, also for two submits at once.
      const inserted = await this.repository.insert(tx, {
        telegramId,
        name: body.name,
        categoryIds: body.category_ids,
        languages: body.languages,
        experienceYears: body.experience,
        photoImageId: body.photo_image_id,
        about: body.about,
        sampleQuestion: question,
        sampleReading: body.sample_reading,
      });
      if (inserted === null)
        throw new ConflictError('You have an application being considered already');
      return inserted;
    });
    return (await this.toWire([(await this.repository.find(id))!], false))[0]!;
  }

  /** The applicant's answer in the thread of their open application. */
  async reply(telegramId: number, text: string): Promise<Application> {
    const newest = await this.repository.newestOf(telegramId);
    if (!newest) throw new NotFoundError('You have no application');
    if (!isOpen(newest.stage))
      throw new ConflictError('Your application is no longer being considered');
    await this.repository.addNote(this.deps.sql, {
      applicationId: newest.id,
      fromStaff: false,
      author: telegramId,
      text,
      internal: false,
    });
    return (await this.toWire([newest], false))[0]!;
  }

  async list(stage: ApplicationStage | undefined): Promise<AdminApplication[]> {
    return this.toAdmin(await this.repository.list(stage ?? null));
  }

  /** Moves an open application to a later screening stage (never back). */
  async move(actor: number, id: number, stage: ApplicationStage, note: string | undefined) {
    await this.deps.sql.begin(async (tx) => {
      const application = await this.openApplication(tx, id);
      if (APPLICATION_STAGES.indexOf(stage) <= APPLICATION_STAGES.indexOf(application.stage))
        throw new ConflictError(
          `Application ${id} is at ${application.stage}: stages only move forward`,
        );
      await this.repository.setStage(tx, id, stage);
      if (note)
        await this.repository.addNote(tx, {
          applicationId: id,
          fromStaff: true,
          author: actor,
          text: note,
          internal: false,
        });
      await this.deps.audit.audit(tx, actor, 'move-application', {
        applicationId: id,
        from: application.stage,
        to: stage,
        ...(note ? { note } : {}),
      });
      await this.tell(tx, application, {
        kind: 'stage',
        stage: stage as 'practical_test' | 'work_history' | 'interview',
        note: note || null,
      });
    });
    this.told();
    return this.adminOne(id);
  }

  /** Staff write in the thread; the applicant is told unless the note is internal. */
  async note(actor: number, id: number, text: string, internal: boolean) {
    await this.deps.sql.begin(async (tx) => {
      const application = await this.repository.find(id, tx, true);
      if (!application) throw new NotFoundError(`Application ${id} not found`);
      await this.repository.addNote(tx, {
        applicationId: id,
        fromStaff: true,
        author: actor,
        text,
        internal,
      });
      await this.deps.audit.audit(tx, actor, 'note-application', {
        applicationId: id,
        internal,
        text,
      });
      if (!internal) await this.tell(tx, application, { kind: 'message', text });
    });
    this.told();
    return this.adminOne(id);
  }

  /**
   * Approves an application at its interview: creates the advisor from the form, links the
   * applicant's Telegram account and starts the trial, in one transaction under the
   * application's row lock (a second approval at the same time finds it approved: 409).
   */
  async approve(actor: number, id: number, price: string | number, categoryId: number) {
    const priceCents = parseDollarsToCents(String(price));
    if (priceCents === null || priceCents <= 0)
      throw new BadRequestError('price must be a positive amount in dollars, e.g. 1.99');
    checkTrialPrice(priceCents, this.deps.trials.priceCapCents);
    const advisorId = await this.deps.sql.begin(async (tx) => {
      const application = await this.repository.find(id, tx, true);
      if (!application) throw new NotFoundError(`Application ${id} not found`);
      if (application.stage !== 'interview')
        throw new ConflictError(
          `Application ${id} is at ${application.stage}: approval comes after the interview`,
        );
      if (!application.category_ids.includes(categoryId))
        throw new BadRequestError('category_id must be one the applicant chose');
      if (await this.deps.advisors.linkedTo(application.telegram_id))
        throw new ConflictError('The applicant is linked to an advisor already');
      const [ownLanguage, ...others] = application.languages;
      const textLanguage = ownLanguage ?? 'en';
      const advisorId = await this.deps.advisors.create(tx, {
        name: application.name,
        avatar_url: imageUrl(application.photo_image_id)!,
        category_id: categoryId,
        description: application.about[textLanguage] ?? '',
        additional_info: '',
        price_cents: priceCents,
        experience_years: application.experience_years,
        clients: 0,
        languages: application.languages,
        text_language: textLanguage,
        is_active: true,
      });
      await this.deps.advisors.setTranslations(
        tx,
        advisorId,
        Object.fromEntries(
          others.map((language) => [
            language,
            { description: application.about[language] ?? '', additional_info: '' },
          ]),
        ),
      );
      await this.deps.advisors.link(tx, advisorId, application.telegram_id);
      await this.deps.trials.setOnTrial(tx, advisorId, true);
      await this.repository.setStage(tx, id, 'trial', { advisorId });
      await this.deps.audit.audit(tx, actor, 'approve-application', {
        applicationId: id,
        advisorId,
        telegramId: application.telegram_id,
        priceCents,
        categoryId,
      });
      await this.tell(tx, application, { kind: 'approved' });
      return advisorId;
    });
    this.deps.advisors.invalidate();
    // Nobody lost a right, but every instance must forget that this person was no advisor.
    this.deps.events.publish({
      type: 'rights_changed',
      telegramIds: [],
      advisorId,
      reason: 'advisor_moved',
    });
    this.told();
    return this.adminOne(id);
  }

  async refuse(actor: number, id: number, reason: string) {
    await this.deps.sql.begin(async (tx) => {
      const application = await this.openApplication(tx, id);
      await this.repository.setStage(tx, id, 'refused', { refusalReason: reason });
      await this.deps.audit.audit(tx, actor, 'refuse-application', {
        applicationId: id,
        from: application.stage,
        reason,
      });
      await this.tell(tx, application, { kind: 'refused', reason });
    });
    this.told();
    return this.adminOne(id);
  }

  /** Ends the trial: the advisor is shown to everyone and the price cap no longer applies. */
  async endTrial(actor: number, id: number) {
    await this.deps.sql.begin(async (tx) => {
      const application = await this.repository.find(id, tx, true);
      if (!application) throw new NotFoundError(`Application ${id} not found`);
      if (application.stage !== 'trial' || application.advisor_id === null)
        throw new ConflictError(`Application ${id} is at ${application.stage}, not on trial`);
      await this.deps.trials.setOnTrial(tx, application.advisor_id, false);
      await this.repository.setStage(tx, id, 'accepted');
      await this.deps.audit.audit(tx, actor, 'end-trial', {
        applicationId: id,
        advisorId: application.advisor_id,
      });
      await this.tell(tx, application, { kind: 'trial_ended' });
    });
    this.deps.advisors.invalidate();
    this.told();
    return this.adminOne(id);
  }

  private async openApplication(tx: Tx, id: number) {
    const application = await this.repository.find(id, tx, true);
    if (!application) throw new NotFoundError(`Application ${id} not found`);
    if (!isOpen(application.stage))
      throw new ConflictError(`Application ${id} is ${application.stage} already`);
    return application;
  }

  /**
   * Tells the applicant through the bot: the notice is written to the bot's outbox in the
   * change's own transaction, so a change that commits always has its notice (a crash after the
   * commit cannot lose it) and one that rolls back has none. Nothing is written when the
   * applicant does not let the bot write.
   */
  private async tell(
    tx: Tx,
    application: ApplicationRow,
    change: ApplicationChange,
  ): Promise<void> {
    const notices = this.deps.notices;
    if (!notices) return;
    const user = await this.deps.users.find(application.telegram_id, tx);
    if (!user?.allows_write_to_pm) return;
    await notices.sendIn(tx, { ...user, telegramId: user.telegram_id }, applicationNotice(change));
  }

  /** After a transaction that may have written notices committed: the outbox sends them now. */
  private told(): void {
    this.deps.notices?.committed();
  }

  private async adminOne(id: number): Promise<AdminApplication> {
    return (await this.toAdmin([(await this.repository.find(id))!]))[0]!;
  }

  private async toAdmin(rows: ApplicationRow[]): Promise<AdminApplication[]> {
    const wire = await this.toWire(rows, true);
    return wire.map((application, i) => ({
      ...application,
      telegram_user_id: rows[i]!.telegram_id,
      username: rows[i]!.username,
    }));
  }

  private async toWire(rows: ApplicationRow[], forStaff: boolean): Promise<Application[]> {
    const notes = await this.repository.notesOf(rows.map((row) => row.id));
    const notesOf = new Map<number, NoteRow[]>();
    for (const note of notes) {
      if (note.internal && !forStaff) continue;
      notesOf.set(note.application_id, [...(notesOf.get(note.application_id) ?? []), note]);
    }
    return rows.map((row) => ({
      id: row.id,
      stage: row.stage,
      name: row.name,
      category_ids: row.category_ids,
      languages: row.languages,
      experience: row.experience_years,
      photo: imageUrl(row.photo_image_id)!,
      about: row.about,
      sample_question: row.sample_question,
      sample_reading: row.sample_reading,
      refusal_reason: row.refusal_reason,
      advisor_id: row.advisor_id,
      notes: (notesOf.get(row.id) ?? []).map((note) => ({
        id: note.id,
        from: note.from_staff ? 'staff' : 'applicant',
        text: note.text,
        internal: note.internal,
        created_at: note.created_at.toISOString(),
      })),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    }));
  }
}
