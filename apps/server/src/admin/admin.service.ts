/**
 * Support operations shared by the admin command line and the admin screens:
 * each one is checked, done in one transaction and written to the audit log.
 */
import { LIMITS, parseDollarsToCents, readText } from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';
import type { AdminRepository } from './admin.repository.js';
import type { UsersService } from '../users/index.js';
import type { AdvisorsService, Advisor, AdvisorTrials } from '../advisors/index.js';
import { type ImagesService, imageUrl } from '../images/index.js';
import { LEDGER_REASONS, type MoneyService } from '../money/index.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { z } from 'zod';
import type { AdminSaveAdvisorBody } from '@seer/contract';
import type { DomainEvent, EventBus } from '../realtime/event-bus.js';

/** The actor id the command line writes in the audit log. */
export const CLI_ACTOR = 0;

/** The admin audit log, written in the transaction of the change it records. */
export interface AuditLog {
  audit(
    db: Sql | Tx,
    actor: number,
    action: string,
    details: Record<string, unknown>,
  ): Promise<void>;
}

export class AdminService {
  constructor(
    private readonly sql: Sql,
    readonly audit: AdminRepository,
    private readonly money: MoneyService,
    private readonly users: UsersService,
    private readonly advisors: AdvisorsService,
    private readonly images: ImagesService,
    private readonly events: EventBus,
    private readonly trials: Pick<AdvisorTrials, 'checkPrice'>,
  ) {}

  /** After the change has committed: every instance drops the rights these people held. */
  private rightsChanged(
    telegramIds: (number | null | undefined)[],
    advisorId: number,
    reason: Extract<DomainEvent, { type: 'rights_changed' }>['reason'],
  ): void {
    const lost = [...new Set(telegramIds.filter((id): id is number => typeof id === 'number'))];
    this.events.publish({ type: 'rights_changed', telegramIds: lost, advisorId, reason });
  }

  /** Links an advisor record to a Telegram user (who need not have opened the app); linking again moves it. */
  async linkAdvisor(actor: number, advisorId: number, telegramId: number): Promise<void> {
    if (!Number.isSafeInteger(advisorId) || advisorId <= 0)
      throw new BadRequestError('manager_id must be a positive whole number');
    if (!Number.isSafeInteger(telegramId) || telegramId <= 0)
      throw new BadRequestError('telegram_id must be a positive whole number');
    // The advisor this person answered as until now, if another one: linking moves them.
    const before = await this.advisors.linkedTo(telegramId);
    const previousTelegramId = await this.sql.begin(async (tx) => {
      const advisor = await this.advisors.find(advisorId, tx);
      if (!advisor) throw new NotFoundError(`Advisor ${advisorId} not found`);
      await this.users.ensureExists(tx, telegramId);
      await this.advisors.link(tx, advisorId, telegramId);
      await this.audit.audit(tx, actor, 'link-advisor', {
        advisorId,
        telegramId,
        previousTelegramId: advisor.telegram_id,
      });
      return advisor.telegram_id;
    });
    this.rightsChanged(
      [
        previousTelegramId === telegramId ? null : previousTelegramId,
        before && before.id !== advisorId ? telegramId : null,
      ],
      advisorId,
      'advisor_moved',
    );
  }

  async unlinkAdvisor(actor: number, advisorId: number): Promise<void> {
    const previousTelegramId = await this.sql.begin(async (tx) => {
      const advisor = await this.advisors.find(advisorId, tx);
      if (!advisor) throw new NotFoundError(`Advisor ${advisorId} not found`);
      await this.advisors.unlink(tx, advisorId);
      await this.audit.audit(tx, actor, 'unlink-advisor', {
        advisorId,
        previousTelegramId: advisor.telegram_id,
      });
      return advisor.telegram_id;
    });
    this.rightsChanged([previousTelegramId], advisorId, 'advisor_unlinked');
  }

  /** Credits (positive dollars) or debits (negative) a user's balance with a reason; never below zero. */
  async credit(
    actor: number,
    telegramId: number,
    dollars: string,
    reason: string,
  ): Promise<{ balanceCents: number; amountCents: number }> {
    if (!Number.isSafeInteger(telegramId) || telegramId <= 0)
      throw new BadRequestError('telegram_id must be a positive whole number');
    const negative = dollars.trim().startsWith('-');
    const cents = parseDollarsToCents(negative ? dollars.trim().slice(1) : dollars);
    if (cents === null || cents === 0)
      throw new BadRequestError(
        'dollars must be a non-zero amount with at most two decimals, e.g. 10 or -2.50',
      );
    // The command line reaches here without the HTTP schema: the same text rules apply.
    const { text: note, problem } = readText(reason, 'reason', {
      max: LIMITS.reviewTextMaxLength,
      multiline: true,
      required: true,
    });
    if (problem !== null) throw new BadRequestError(problem);
    const amountCents = negative ? -cents : cents;
    const wallet = await this.money.transaction(async ({ tx, apply }) => {
      await this.users.ensureExists(tx, telegramId);
      const applied = await apply({
        userId: telegramId,
        amountCents,
        reason: amountCents > 0 ? LEDGER_REASONS.adminCredit : LEDGER_REASONS.adminDebit,
        note,
        createdBy: actor,
      });
      await this.audit.audit(tx, actor, 'credit', {
        telegramId,
        amountCents,
        reason: note,
      });
      return applied;
    });
    return { balanceCents: wallet.balanceCents, amountCents };
  }

  async listUsers(limit = 200) {
    return this.users.list(limit);
  }

  /** Users whose id, name or username contains the query, newest first. */
  async searchUsers(query: string | undefined, limit = 100) {
    if (!query) return this.users.list(limit);
    return this.users.search(query, limit);
  }

  async userWithLedger(telegramId: number) {
    const user = await this.users.find(telegramId);
    if (!user) throw new NotFoundError(`User ${telegramId} not found`);
    return { user, ledger: await this.money.ledgerOf(telegramId, 500) };
  }

  /** Creates (no id) or edits an advisor. */
  async saveAdvisor(actor: number, body: z.output<typeof AdminSaveAdvisorBody>): Promise<Advisor> {
    const priceCents = parseDollarsToCents(body.price);
    if (priceCents === null || priceCents <= 0)
      throw new BadRequestError('price must be a positive amount in dollars, e.g. 2.99');
    let deactivated = false;
    const advisor = await this.sql.begin(async (tx) => {
      let avatarUrl: string | undefined;
      if (body.avatar_image_id) {
        if (!(await this.images.exists(body.avatar_image_id, tx)))
          throw new BadRequestError('avatar_image_id: no such uploaded image');
        avatarUrl = imageUrl(body.avatar_image_id)!;
      }
      const fields = {
        name: body.name,
        category_id: body.category_id,
        description: body.description,
        additional_info: body.additional_info,
        price_cents: priceCents,
        experience_years: body.experience,
        clients: body.clients,
        languages: body.languages,
        text_language: body.text_language,
      };
      let id = body.id;
      if (id === undefined) {
        id = await this.advisors.create(tx, {
          ...fields,
          avatar_url: avatarUrl ?? '',
          is_active: body.is_active,
        });
      } else {
        const existing = await this.advisors.find(id, tx);
        if (!existing) throw new NotFoundError(`Advisor ${id} not found`);
        // An advisor on trial charges at most the cap, whoever sets the price (decision 046).
        await this.trials.checkPrice(id, priceCents, tx);
        deactivated = existing.is_active && !body.is_active;
        await this.advisors.update(tx, id, {
          ...fields,
          avatar_url: avatarUrl ?? existing.avatar_url,
          is_active: body.is_active,
        });
      }
      const translations = Object.fromEntries(
        Object.entries(body.translations).filter(([language]) => language !== body.text_language),
      ) as Record<string, { description: string; additional_info: string }>;
      await this.advisors.setTranslations(tx, id, translations);
      await this.audit.audit(tx, actor, body.id === undefined ? 'create-advisor' : 'edit-advisor', {
        advisorId: id,
        ...fields,
        translations,
        is_active: body.is_active,
        avatarUrl,
      });
      return (await this.advisors.find(id, tx))!;
    });
    if (deactivated) this.rightsChanged([advisor.telegram_id], advisor.id, 'advisor_deactivated');
    return advisor;
  }

  async listAdvisors() {
    return this.advisors.listAll();
  }

  async ledgerOf(telegramId: number) {
    return this.money.ledgerOf(telegramId);
  }
}
