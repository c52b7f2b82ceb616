/**
 * Disputes (docs/decisions/049-disputes.md). A user opens a case about paid messages to one
 * advisor, within DISPUTE_WINDOW_DAYS of each message; one open case per dialog, and a message is
 * in one case only, ever. Staff refund all or part of what the messages cost in money paid in —
 * one ledger row (`dispute_refund`, reference `dispute:<id>`) and, per message, a reversal of the
 * same share of the advisor's earning, in one transaction under the user's wallet lock — or refuse
 * with a reason. Messages a claimed satisfaction credit paid back are never refunded again. The
 * user is told by the bot in the same transaction as each change.
 */
import {
  formatCents,
  messagePreview,
  type AdminDispute,
  type Dispute,
  type DisputableMessage,
  type DisputeStatus,
} from '@seer/contract';
import type { Sql, Tx } from '../db/database.js';
import { BadRequestError, ConflictError, NotFoundError, OwnAdvisorError } from '../errors.js';
import type { AuditLog } from '../admin/index.js';
import type { UserNotices } from '../bot/index.js';
import { LEDGER_REASONS, type MoneyService } from '../money/index.js';
import type { UsersService } from '../users/index.js';
import type { DisputeMessageRow, DisputeRow, DisputesRepository } from './disputes.repository.js';
import { disputeNotice, type DisputeChange } from './dispute-notices.js';
import { reversalOf, splitRefund } from './refund-split.js';

/** How many cases the staff's list shows. */
const STAFF_LIST_LIMIT = 200;

export type Resolution =
  | { decision: 'refund'; refundCents?: number | undefined; note?: string | undefined }
  | { decision: 'refuse'; reason: string };

export class DisputesService {
  constructor(
    private readonly deps: {
      sql: Sql;
      repository: DisputesRepository;
      money: MoneyService;
      users: UsersService;
      audit: AuditLog;
      /** Null without the bot: nothing is told. */
      notices: UserNotices | null;
      windowDays: number;
      choosableMessages: number;
    },
  ) {}

  private get repository() {
    return this.deps.repository;
  }

  /** The dialog's paid messages a new case may be about, and its open case. */
  async disputable(userId: number, advisorId: number) {
    const dialogId = await this.repository.dialogOf(this.deps.sql, userId, advisorId);
    const rows = dialogId
      ? await this.repository.choosable(dialogId, this.deps.windowDays, this.deps.choosableMessages)
      : [];
    const open = dialogId ? await this.repository.openOfDialog(dialogId) : null;
    const messages: DisputableMessage[] = rows.map((row) => ({
      id: row.id,
      text: messagePreview(row.kind, row.text),
      created_at: row.created_at.toISOString(),
      refundable_cents: row.paid_in_cents,
    }));
    return {
      messages,
      window_days: this.deps.windowDays,
      open_dispute: open ? (await this.toWire([open]))[0]! : null,
    };
  }

  async mine(userId: number, advisorId: number | undefined): Promise<Dispute[]> {
    return this.toWire(await this.repository.ofUser(userId, advisorId ?? null));
  }

  /** Opens a case; every named message must be the caller's, paid, to this advisor, recent and free of other cases and credits. */
  async open(
    userId: number,
    advisorId: number,
    messageIds: readonly number[],
    text: string,
  ): Promise<Dispute> {
    const advisor = await this.repository.advisorPerson(advisorId);
    if (!advisor) throw new NotFoundError(`Advisor ${advisorId} not found`);
    if (advisor.person === userId) throw new OwnAdvisorError();
    const days = this.deps.windowDays;
    const id = await this.deps.sql.begin(async (tx) => {
      const dialogId = await this.repository.dialogOf(tx, userId, advisorId);
      if (dialogId === null) throw new BadRequestError('You have no chat with this advisor');
      const found = new Map(
        (await this.repository.candidates(tx, messageIds, days)).map((row) => [row.id, row]),
      );
      const chosen: { id: number; refundableCents: number }[] = [];
      for (const messageId of messageIds) {
        const row = found.get(messageId);
        // Somebody else's message reads as no message at all: ids of others' chats are not confirmed.
        if (!row || row.user_id !== userId)
          throw new BadRequestError(`Message ${messageId} is not one of your messages`);
        if (row.advisor_id !== advisorId)
          throw new BadRequestError(`Message ${messageId} was not sent to this advisor`);
        if (row.sender !== 'user' || row.paid_with !== 'balance' || row.paid_in_cents <= 0)
          throw new BadRequestError(
            `Message ${messageId} was not paid for with money: only paid messages can be disputed`,
          );
        if (!row.in_window)
          throw new BadRequestError(
            `Message ${messageId} is more than ${days} days old: a case can be opened within ${days} days of a message`,
          );
        if (row.disputed)
          throw new ConflictError(`Message ${messageId} is in another case already`);
        if (row.credited)
          throw new ConflictError(
            `Message ${messageId} was paid back by a satisfaction credit already`,
          );
        chosen.push({ id: messageId, refundableCents: row.paid_in_cents });
      }
      const claimedCents = chosen.reduce((sum, m) => sum + m.refundableCents, 0);
      const id = await this.repository.insert(tx, {
        userId,
        advisorId,
        dialogId,
        text,
        claimedCents,
      });
      if (id === null)
        throw new ConflictError(
          'You have an open case about this chat already: staff will answer it first',
        );
      // A message taken by a case opened at the same moment in another way is not taken twice.
      if ((await this.repository.insertMessages(tx, id, chosen)) !== chosen.length)
        throw new ConflictError('One of these messages is in another case already');
      const row = (await this.repository.find(id, tx))!;
      await this.tell(tx, userId, {
        kind: 'opened',
        advisor: row.advisor_name,
        messageCount: chosen.length,
        claimedCents,
      });
      return id;
    });
    this.deps.notices?.committed();
    return (await this.toWire([(await this.repository.find(id))!]))[0]!;
  }

  async forStaff(status: DisputeStatus | undefined): Promise<AdminDispute[]> {
    return this.toAdmin(await this.repository.forStaff(status ?? null, STAFF_LIST_LIMIT));
  }

  /**
   * Decides an open case, once. The user's wallet is locked first (the order of paid sends and
   * credit claims), then the case: of two staff deciding at once, or a decision sent twice, the
   * second finds it decided — the same decision answers `alreadyResolved`, another one 409.
   */
  async resolve(
    actor: number,
    id: number,
    resolution: Resolution,
  ): Promise<{ dispute: AdminDispute; alreadyResolved: boolean }> {
    const head = await this.repository.find(id);
    if (!head) throw new NotFoundError(`Dispute ${id} not found`);
    const alreadyResolved = await this.deps.money.transaction(async (money) => {
      const { tx } = money;
      await money.lock(head.user_id);
      const dispute = (await this.repository.find(id, tx, true))!;
      if (dispute.status !== 'open') {
        if (sameDecision(dispute, resolution)) return true;
        throw new ConflictError(
          `Dispute ${id} was decided already (${dispute.status}${
            dispute.refunded_cents > 0 ? `, $${formatCents(dispute.refunded_cents)} refunded` : ''
          })`,
        );
      }
      if (resolution.decision === 'refuse') {
        await this.repository.decide(tx, id, {
          status: 'refused',
          refundedCents: 0,
          note: resolution.reason,
          actor,
        });
        await this.deps.audit.audit(tx, actor, 'refuse-dispute', {
          disputeId: id,
          userId: dispute.user_id,
          advisorId: dispute.advisor_id,
          reason: resolution.reason,
        });
        await this.tell(tx, dispute.user_id, {
          kind: 'refused',
          advisor: dispute.advisor_name,
          reason: resolution.reason,
        });
        return false;
      }
      await this.refund(money, actor, dispute, resolution);
      return false;
    });
    this.deps.notices?.committed();
    return {
      dispute: (await this.toAdmin([(await this.repository.find(id))!]))[0]!,
      alreadyResolved,
    };
  }

  private async refund(
    money: Parameters<Parameters<MoneyService['transaction']>[0]>[0],
    actor: number,
    dispute: DisputeRow,
    resolution: Extract<Resolution, { decision: 'refund' }>,
  ): Promise<void> {
    const { tx } = money;
    // The advisor's own person never gets money back from their advisor (decision 033).
    if (dispute.advisor_person === dispute.user_id) throw new OwnAdvisorError();
    const messages = await this.repository.messagesOf([dispute.id], tx);
    const ids = messages.map((m) => m.message_id);
    const credited = await this.repository.creditedAfterLockingOffers(tx, dispute.dialog_id, ids);
    const refundable = messages.filter((m) => !credited.has(m.message_id));
    const total = refundable.reduce((sum, m) => sum + m.refundable_cents, 0);
    if (total === 0)
      throw new ConflictError(
        'Every message of this case was paid back by a satisfaction credit already: refuse the case instead',
      );
    const amount = resolution.refundCents ?? total;
    if (amount > total)
      throw new BadRequestError(
        `refund_cents must be at most ${total}: what the case's messages cost in money paid in${
          credited.size > 0 ? ', less those a satisfaction credit paid back' : ''
        }`,
      );
    const note = resolution.note || null;
    const wallet = await money.apply({
      userId: dispute.user_id,
      reason: LEDGER_REASONS.disputeRefund,
      amountCents: amount,
      reference: `dispute:${dispute.id}`,
      note: `Dispute ${dispute.id}: advisor ${dispute.advisor_id}, ${refundable.length} paid messages`,
      createdBy: actor,
    });
    const shares = splitRefund(
      amount,
      refundable.map((m) => m.refundable_cents),
    );
    const earnings = await this.repository.earningsOf(tx, ids);
    let reversedCents = 0;
    for (const [i, message] of refundable.entries()) {
      const share = shares[i]!;
      if (share === 0) continue;
      await this.repository.setMessageRefunded(tx, dispute.id, message.message_id, share);
      const reversal = reversalOf(
        earnings.get(message.message_id) ?? 0,
        share,
        message.refundable_cents,
      );
      if (reversal === 0) continue;
      reversedCents += reversal;
      await this.repository.insertReversal(tx, {
        advisorId: dispute.advisor_id,
        messageId: message.message_id,
        amountCents: reversal,
        reference: `dispute:${dispute.id}:${message.message_id}`,
        note: `Refunded in dispute ${dispute.id}`,
      });
    }
    // An unclaimed credit offer for these messages would pay them back a second time.
    const withdrawn = await this.repository.withdrawOffersCovering(
      tx,
      dispute.dialog_id,
      refundable.map((m) => m.message_id),
    );
    await this.repository.decide(tx, dispute.id, {
      status: amount === total ? 'refunded' : 'partly_refunded',
      refundedCents: amount,
      note,
      actor,
    });
    await this.deps.audit.audit(tx, actor, 'refund-dispute', {
      disputeId: dispute.id,
      userId: dispute.user_id,
      advisorId: dispute.advisor_id,
      refundedCents: amount,
      refundableCents: total,
      reversedCents,
      creditedMessages: [...credited],
      withdrawnOffers: withdrawn,
      ...(note ? { note } : {}),
    });
    await this.tell(tx, dispute.user_id, {
      kind: 'refunded',
      advisor: dispute.advisor_name,
      refundedCents: amount,
      claimedCents: total,
      balanceCents: wallet.balanceCents,
      note,
    });
  }

  /** Writes the bot's notice in the change's transaction, when the user lets the bot write. */
  private async tell(tx: Tx, userId: number, change: DisputeChange): Promise<void> {
    const notices = this.deps.notices;
    if (!notices) return;
    const user = await this.deps.users.find(userId, tx);
    if (!user?.allows_write_to_pm) return;
    await notices.sendIn(tx, { ...user, telegramId: user.telegram_id }, disputeNotice(change));
  }

  private async toAdmin(rows: DisputeRow[]): Promise<AdminDispute[]> {
    const wire = await this.toWire(rows);
    return wire.map((dispute, i) => ({
      ...dispute,
      telegram_user_id: rows[i]!.user_id,
      user_name: rows[i]!.user_name,
    }));
  }

  private async toWire(rows: DisputeRow[]): Promise<Dispute[]> {
    const messages = await this.repository.messagesOf(rows.map((row) => row.id));
    const of = new Map<number, DisputeMessageRow[]>();
    for (const m of messages) of.set(m.dispute_id, [...(of.get(m.dispute_id) ?? []), m]);
    return rows.map((row) => ({
      id: row.id,
      manager_id: row.advisor_id,
      advisor_name: row.advisor_name,
      status: row.status,
      text: row.text,
      messages: (of.get(row.id) ?? []).map((m) => ({
        id: m.message_id,
        text: messagePreview(m.kind, m.text),
        created_at: m.created_at.toISOString(),
        refundable_cents: m.refundable_cents,
        refunded_cents: m.refunded_cents,
      })),
      claimed_cents: row.claimed_cents,
      refunded_cents: row.refunded_cents,
      resolution_note: row.resolution_note,
      created_at: row.created_at.toISOString(),
      resolved_at: row.resolved_at?.toISOString() ?? null,
    }));
  }
}

/** Whether a decided case was decided as `resolution` asks (a retry of the same decision). */
function sameDecision(dispute: DisputeRow, resolution: Resolution): boolean {
  if (resolution.decision === 'refuse') return dispute.status === 'refused';
  if (dispute.status === 'refused' || dispute.status === 'open') return false;
  return resolution.refundCents === undefined
    ? dispute.status === 'refunded'
    : resolution.refundCents === dispute.refunded_cents;
}
