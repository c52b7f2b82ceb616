/**
 * Support operations shared by the admin command line and the admin screens:
 * each one is checked, done in one transaction and written to the audit log.
 */
import { parseDollarsToCents } from '@seer/contract';
import type { Sql } from '../db/database.js';
import { AdminRepository } from './admin.repository.js';
import { UsersRepository } from '../users/users.repository.js';
import { AdvisorsRepository } from '../advisors/advisors.repository.js';
import type { EventBus } from '../events/event-bus.js';
import { BadRequestError, NotFoundError } from '../errors.js';
import type { z } from 'zod';
import type { AdminSaveAdvisorBody } from '@seer/contract';
import type { AdvisorRecord } from '../advisors/advisors.repository.js';
import { imageUrl } from '../chat/chat.service.js';

/** The actor id the command line writes in the audit log. */
export const CLI_ACTOR = 0;

export class AdminService {
  readonly audit: AdminRepository;
  private readonly users: UsersRepository;
  private readonly advisors: AdvisorsRepository;

  constructor(
    private readonly sql: Sql,
    private readonly events: EventBus,
  ) {
    this.audit = new AdminRepository(sql);
    this.users = new UsersRepository(sql);
    this.advisors = new AdvisorsRepository(sql);
  }

  /** Links an advisor record to a Telegram user (who need not have opened the app); linking again moves it. */
  async linkAdvisor(actor: number, advisorId: number, telegramId: number): Promise<void> {
    if (!Number.isSafeInteger(advisorId) || advisorId <= 0)
      throw new BadRequestError('manager_id must be a positive whole number');
    if (!Number.isSafeInteger(telegramId) || telegramId <= 0)
      throw new BadRequestError('telegram_id must be a positive whole number');
    await this.sql.begin(async (tx) => {
      const advisor = await this.advisors.find(advisorId, tx);
      if (!advisor) throw new NotFoundError(`Advisor ${advisorId} not found`);
      await this.users.ensureExists(tx, telegramId);
      await this.advisors.linkTelegram(tx, advisorId, telegramId);
      await this.audit.audit(tx, actor, 'link-advisor', {
        advisorId,
        telegramId,
        previousTelegramId: advisor.telegram_id,
      });
    });
  }

  async unlinkAdvisor(actor: number, advisorId: number): Promise<void> {
    await this.sql.begin(async (tx) => {
      const advisor = await this.advisors.find(advisorId, tx);
      if (!advisor) throw new NotFoundError(`Advisor ${advisorId} not found`);
      await tx`UPDATE advisors SET telegram_id = NULL WHERE id = ${advisorId}`;
      await this.audit.audit(tx, actor, 'unlink-advisor', {
        advisorId,
        previousTelegramId: advisor.telegram_id,
      });
    });
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
    if (!reason.trim()) throw new BadRequestError('a reason is required');
    const amountCents = negative ? -cents : cents;
    const result = await this.sql.begin(async (tx) => {
      await this.users.ensureExists(tx, telegramId);
      const applied = await this.users.applyBalanceChange(tx, {
        telegramId,
        amountCents,
        reason: amountCents > 0 ? 'admin_credit' : 'admin_debit',
        note: reason.trim(),
        createdBy: actor,
      });
      if (!applied) throw new BadRequestError('The balance is too low for this debit');
      await this.audit.audit(tx, actor, 'credit', {
        telegramId,
        amountCents,
        reason: reason.trim(),
      });
      const [row] = await tx<
        { free_messages: number }[]
      >`SELECT free_messages FROM users WHERE telegram_id = ${telegramId}`;
      return { balanceCents: applied.balance_cents, freeMessages: row!.free_messages };
    });
    this.events.publish({
      type: 'balance',
      telegramId,
      balanceCents: result.balanceCents,
      freeMessages: result.freeMessages,
      reason: amountCents > 0 ? 'admin_credit' : 'admin_debit',
      amountCents,
    });
    return { balanceCents: result.balanceCents, amountCents };
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
    return { user, ledger: await this.users.ledgerOf(telegramId, 500) };
  }

  /** Creates (no id) or edits an advisor. */
  async saveAdvisor(
    actor: number,
    body: z.output<typeof AdminSaveAdvisorBody>,
  ): Promise<AdvisorRecord> {
    const priceCents = parseDollarsToCents(body.price);
    if (priceCents === null || priceCents <= 0)
      throw new BadRequestError('price must be a positive amount in dollars, e.g. 2.99');
    const advisor = await this.sql.begin(async (tx) => {
      let avatarUrl: string | undefined;
      if (body.avatar_image_id) {
        const [image] = await tx`SELECT 1 FROM images WHERE id = ${body.avatar_image_id}`;
        if (!image) throw new BadRequestError('avatar_image_id: no such uploaded image');
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
      };
      let id = body.id;
      if (id === undefined) {
        id = await this.advisors.insert({ ...fields, avatar_url: avatarUrl ?? '' }, tx);
        if (!body.is_active) await tx`UPDATE advisors SET is_active = false WHERE id = ${id}`;
      } else {
        const existing = await this.advisors.find(id, tx);
        if (!existing) throw new NotFoundError(`Advisor ${id} not found`);
        await this.advisors.update(tx, id, {
          ...fields,
          avatar_url: avatarUrl ?? existing.avatar_url,
          is_active: body.is_active,
        });
      }
      await this.audit.audit(tx, actor, body.id === undefined ? 'create-advisor' : 'edit-advisor', {
        advisorId: id,
        ...fields,
        is_active: body.is_active,
        avatarUrl,
      });
      return (await this.advisors.find(id, tx))!;
    });
    return advisor;
  }

  async listAdvisors() {
    return this.advisors.listAll();
  }

  async ledgerOf(telegramId: number) {
    return this.users.ledgerOf(telegramId);
  }
}
