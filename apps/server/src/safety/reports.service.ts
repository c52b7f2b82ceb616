/**
 * Reports (docs/decisions/048-reports-and-blocks.md): a user reports an advisor or a message of
 * theirs, an advisor reports a message of a client; once per person and thing. An advisor whom
 * REPORT_HIDE_THRESHOLD distinct users have open reports about is held out of the catalogue, and
 * the messages those users reported are hidden from both parties, until staff review. Staff
 * dismiss, warn, hide the message, or suspend the advisor or the user (through the revocation
 * paths, so on every instance at once), each decision in the audit log.
 */
import {
  ERROR_CODES,
  SAFETY_LIMITS,
  type AdminReport,
  type Locale,
  type ReportAction,
  type ReportReason,
} from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { AdvisorsService } from '../advisors/index.js';
import type { AuthService } from '../auth/index.js';
import type { AuditLog } from '../admin/index.js';
import type { UserNotices } from '../bot/index.js';
import type { UsersService } from '../users/index.js';
import { imageUrl } from '../images/index.js';
import {
  AppError,
  BadRequestError,
  ConflictError,
  NotFoundError,
  OwnAdvisorError,
} from '../errors.js';
import type { ReportRow, ReportScope, SafetyRepository, Side } from './safety.repository.js';
import type { BlocksService } from './blocks.service.js';

type Log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: Record<string, unknown>,
) => void;

const alreadyReported = () =>
  new AppError(
    409,
    ERROR_CODES.alreadyReported,
    'You have reported this already; staff will review it',
  );

const OUTCOME: Record<ReportAction, NonNullable<ReportRow['outcome']>> = {
  dismiss: 'dismissed',
  warn: 'warned',
  hide: 'hidden',
  suspend_advisor: 'suspended_advisor',
  suspend_user: 'suspended_user',
};

const REASON_TEXT: Record<Locale, Record<ReportReason, string>> = {
  en: {
    spam: 'unwanted or repeated messages',
    abuse: 'rude or abusive words',
    off_platform_payment: 'asking to pay outside Seer',
    other: 'something that goes against Seer’s rules',
  },
  ru: {
    spam: 'нежелательные или повторяющиеся сообщения',
    abuse: 'грубые или оскорбительные слова',
    off_platform_payment: 'просьба заплатить в обход Seer',
    other: 'нарушение правил Seer',
  },
};

/** The warning the reported party reads in Telegram, in their language. */
export const WARNING_TEXTS = {
  text: (locale: Locale, reason: ReportReason, note: string) =>
    (locale === 'ru'
      ? `Команда Seer рассмотрела жалобу на ваше сообщение или профиль: ${REASON_TEXT.ru[reason]}. Пожалуйста, соблюдайте правила Seer — при повторении аккаунт может быть заблокирован.`
      : `Seer’s team reviewed a report about your message or profile: ${REASON_TEXT.en[reason]}. Please keep to Seer’s rules — if it happens again, the account may be suspended.`) +
    (note ? `\n\n${note}` : ''),
  button: (locale: Locale) => (locale === 'ru' ? 'Открыть Seer' : 'Open Seer'),
};

export interface ReportsDeps {
  sql: Sql;
  repository: SafetyRepository;
  blocks: Pick<BlocksService, 'forgetHeld'>;
  advisors: Pick<AdvisorsService, 'find' | 'invalidate'>;
  users: Pick<UsersService, 'find'>;
  audit: AuditLog;
  events: EventBus;
  notices: UserNotices | null;
  /** Distinct users with open reports about an advisor that hold the advisor for review. */
  hideThreshold: number;
  log: Log;
}

export class ReportsService {
  constructor(
    private readonly deps: ReportsDeps,
    private readonly auth: Pick<AuthService, 'advisorOf' | 'suspend' | 'liftSuspension'>,
  ) {}

  /** A message of the other party of one of the reporter's dialogs. */
  async reportMessage(reporterId: number, messageId: number, reason: ReportReason, text: string) {
    const message = await this.deps.repository.findMessage(messageId);
    // A message the reporter cannot see is answered as missing, whoever's it is.
    if (!message || message.hidden) throw new NotFoundError(`Message ${messageId} not found`);
    const isUser = message.user_id === reporterId;
    const advisor = await this.auth.advisorOf({ telegramId: reporterId });
    const isAdvisor = advisor !== null && advisor.id === message.advisor_id;
    if (!isUser && !isAdvisor) throw new NotFoundError(`Message ${messageId} not found`);
    if (isUser && isAdvisor)
      throw new OwnAdvisorError(
        'You are linked to this advisor: you cannot report your own dialog',
      );
    const role: Side = isUser ? 'user' : 'manager';
    if (message.sender === role)
      throw new BadRequestError('You can report only messages of the other party, not your own');
    return this.file({
      reporterId,
      reporterRole: role,
      userId: message.user_id,
      advisorId: message.advisor_id,
      messageId,
      reason,
      text,
    });
  }

  /** An advisor, by a user (not by the advisor's own account). */
  async reportAdvisor(reporterId: number, advisorId: number, reason: ReportReason, text: string) {
    const advisor = await this.deps.advisors.find(advisorId);
    if (!advisor || !advisor.is_active) throw new NotFoundError(`Advisor ${advisorId} not found`);
    if (advisor.telegram_id === reporterId)
      throw new OwnAdvisorError('You are linked to this advisor: you cannot report yourself');
    return this.file({
      reporterId,
      reporterRole: 'user',
      userId: reporterId,
      advisorId,
      messageId: null,
      reason,
      text,
    });
  }

  private async file(report: Parameters<SafetyRepository['insertReport']>[1]): Promise<number> {
    const { repository, hideThreshold } = this.deps;
    let held = false;
    const id = await this.deps.sql.begin(async (tx) => {
      // Reports about one advisor count their reporters one at a time (none is missed in a race).
      if (report.reporterRole === 'user') await repository.lockAdvisor(tx, report.advisorId);
      const inserted = await repository.insertReport(tx, report);
      if (inserted === null) throw alreadyReported();
      if (
        report.reporterRole === 'user' &&
        hideThreshold > 0 &&
        (await repository.openReportersOf(report.advisorId, tx)) >= hideThreshold
      ) {
        held = await repository.holdAdvisor(tx, report.advisorId);
      }
      return inserted;
    });
    if (held) this.catalogueChanged();
    return id;
  }

  private catalogueChanged(): void {
    this.deps.blocks.forgetHeld();
    this.deps.advisors.invalidate();
  }

  /** The queue (or the decided reports), each with the message in context. */
  async list(status: 'open' | 'closed'): Promise<AdminReport[]> {
    const { repository } = this.deps;
    const rows = await repository.listReports(status, 100);
    const reports: AdminReport[] = [];
    for (const row of rows) {
      const messageId = row.message_id === null ? null : Number(row.message_id);
      const context =
        messageId === null
          ? await repository.newestOf(
              Number(row.user_id),
              row.advisor_id,
              SAFETY_LIMITS.contextMessages * 2,
            )
          : await repository.contextOf(messageId, SAFETY_LIMITS.contextMessages);
      reports.push({
        id: Number(row.id),
        reporter_id: Number(row.reporter_id),
        reporter_role: row.reporter_role,
        reporter_name: row.reporter_name || `#${row.reporter_id}`,
        telegram_user_id: Number(row.user_id),
        user_name: row.user_name || `#${row.user_id}`,
        manager_id: row.advisor_id,
        advisor_name: row.advisor_name,
        message_id: messageId,
        reason: row.reason,
        text: row.text,
        status: row.status,
        outcome: row.outcome,
        created_at: row.created_at.toISOString(),
        decided_at: row.decided_at?.toISOString() ?? null,
        open_reporters_of_advisor: row.open_reporters,
        advisor_held: row.advisor_held,
        advisor_active: row.advisor_active,
        user_suspended: row.user_suspended,
        context: context.map((m) => ({
          id: Number(m.id),
          sender: m.sender,
          kind: m.kind,
          text: m.text,
          image_url: imageUrl(m.image_id),
          date: m.created_at.toISOString(),
          hidden: m.hidden_at !== null,
          reported: messageId !== null && Number(m.id) === messageId,
        })),
      });
    }
    return reports;
  }

  /**
   * Staff act on a report: the decision closes the open reports of the same thing (the message;
   * the advisor; for a suspension, every open report about the suspended party), in one
   * transaction with its audit line. A report already decided is refused (409): two staff
   * deciding at once, one wins.
   */
  async decide(actor: number, reportId: number, action: ReportAction, note: string) {
    const { repository, sql } = this.deps;
    let report: ReportRow | null = null;
    let closed = 0;
    let advisorTelegramId: number | null = null;
    let released = false;
    const run = async (tx: Tx) => {
      report = await repository.findReport(tx, reportId);
      if (!report) throw new NotFoundError(`Report ${reportId} not found`);
      if (report.status !== 'open')
        throw new ConflictError(`Report ${reportId} is decided already`);
      const messageId = report.message_id === null ? null : Number(report.message_id);
      if (action === 'hide' && messageId === null)
        throw new BadRequestError('hide: this report is about an advisor, not a message');
      const scope: ReportScope =
        action === 'suspend_advisor'
          ? { kind: 'about_advisor', advisorId: report.advisor_id }
          : action === 'suspend_user'
            ? { kind: 'about_user', userId: Number(report.user_id) }
            : messageId !== null
              ? { kind: 'message', messageId }
              : { kind: 'advisor', advisorId: report.advisor_id };
      const result = await repository.closeReports(tx, reportId, scope, OUTCOME[action], actor);
      closed = result.count;
      const messageIds = [
        ...new Set([...(messageId === null ? [] : [messageId]), ...result.messageIds]),
      ];
      if (action === 'dismiss' || action === 'warn')
        await repository.unhideReviewed(tx, messageIds);
      else if (action === 'hide') await repository.hideMessages(tx, messageIds);
      else await repository.keepHidden(tx, messageIds);
      if (action === 'suspend_advisor') {
        advisorTelegramId = await repository.deactivateAdvisor(tx, report.advisor_id);
      }
      // The hold lasts while enough distinct users have reports open about the advisor.
      if (
        action !== 'suspend_advisor' &&
        (await repository.openReportersOf(report.advisor_id, tx)) <
          Math.max(this.deps.hideThreshold, 1)
      ) {
        await repository.releaseAdvisor(tx, report.advisor_id);
        released = true;
      }
      await this.deps.audit.audit(tx, actor, `report-${action.replace('_', '-')}`, {
        reportId,
        messageId,
        advisorId: report.advisor_id,
        userId: Number(report.user_id),
        reporterRole: report.reporter_role,
        reason: report.reason,
        closed,
        note,
      });
    };
    if (action === 'suspend_user') {
      // The revocation path of decision 034, with the suspension and this decision in its transaction.
      const userId = await this.userOfReport(reportId);
      await this.auth.suspend(userId, (tx) => run(tx));
    } else {
      await sql.begin((tx) => run(tx));
    }
    const decided = report as ReportRow | null;
    if (!decided) throw new NotFoundError(`Report ${reportId} not found`);
    if (action === 'suspend_advisor') {
      this.deps.events.publish({
        type: 'rights_changed',
        telegramIds: advisorTelegramId === null ? [] : [advisorTelegramId],
        advisorId: decided.advisor_id,
        reason: 'advisor_deactivated',
      });
    }
    if (action === 'suspend_advisor' || released) this.catalogueChanged();
    if (action === 'warn') await this.warn(decided, note);
    return { closed };
  }

  private async userOfReport(reportId: number): Promise<number> {
    const [row] = await this.deps.sql<
      { user_id: number }[]
    >`SELECT user_id FROM reports WHERE id = ${reportId}`;
    if (!row) throw new NotFoundError(`Report ${reportId} not found`);
    return Number(row.user_id);
  }

  /** Tells the reported party through the bot (after the decision committed); a failure is logged. */
  private async warn(report: ReportRow, note: string): Promise<void> {
    const { notices, users } = this.deps;
    if (!notices) return;
    try {
      const telegramId =
        report.reporter_role === 'user'
          ? ((await this.deps.advisors.find(report.advisor_id))?.telegram_id ?? null)
          : Number(report.user_id);
      if (telegramId === null) return;
      const user = await users.find(telegramId);
      if (!user?.allows_write_to_pm) return;
      await notices.send(
        { ...user, telegramId: user.telegram_id },
        {
          text: (locale) => WARNING_TEXTS.text(locale, report.reason, note),
          button: WARNING_TEXTS.button,
          path: '/',
        },
      );
    } catch (error) {
      this.deps.log('warn', 'report warning not written', {
        reportId: Number(report.id),
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /** Lifts a user's suspension (audited); false when they were not suspended. */
  async liftSuspension(actor: number, telegramId: number): Promise<boolean> {
    return this.auth.liftSuspension(telegramId, (tx) =>
      this.deps.audit.audit(tx, actor, 'lift-suspension', { telegramId }),
    );
  }
}
