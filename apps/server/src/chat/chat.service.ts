/**
 * The chat rules: who may see which dialog, how a user's message is paid for
 * (a free credit first, then the advisor's price from the balance, all in one
 * transaction), advisors' free replies, unread counts and read receipts.
 */
import type { DialogWatch } from '../realtime/socket-hub.js';
import {
  centsToDollars,
  messagePreview,
  SELF_SERVICE_CATEGORY_ID,
  type AdvisorDialog,
  type ChatSummary,
  type Message,
  type PaymentInfo,
} from '@seer/contract';
import type { Sql } from '../db/database.js';
import type { EventBus } from '../realtime/event-bus.js';
import type { ChatRepository, MessageRow } from './chat.repository.js';
import type { MoneyService, PaidSendOutcome } from '../money/index.js';
import type { AdvisorsService, Advisor } from '../advisors/index.js';
import { displayName } from '../users/index.js';
import { imageUrl } from '../images/index.js';
import {
  BadRequestError,
  ConflictError,
  InsufficientFundsError,
  NotFoundError,
  OwnAdvisorError,
  SpendingLimitError,
} from '../errors.js';

export interface NewUserMessage {
  advisorId: number;
  text: string;
  requestType: 'tarot' | 'dream' | null;
  imageId: string | null;
  /** The app's id of the message: a retry under it answers the first send's message (migration 037). */
  clientId?: string | null;
}

function toWireMessage(
  row: Pick<MessageRow, 'id' | 'sender' | 'kind' | 'text' | 'image_id' | 'read_at' | 'created_at'>,
  userId: number,
  advisorId: number,
): Message {
  return {
    id: row.id,
    message_text: row.text,
    sender: row.sender,
    manager_id: advisorId,
    telegram_user_id: userId,
    message_date: row.created_at.toISOString(),
    kind: row.kind,
    image_url: imageUrl(row.image_id),
    read: row.read_at !== null,
  };
}

/**
 * A rule that may refuse a message between a dialog's user and advisor before anything is stored
 * or charged (the safety module's blocks, decision 048): it throws to refuse. An advisor's reply
 * passes it first; a user's paid send meets the block inside its own transaction (migration 038,
 * decision 057) and asks the rule only to say why, so the hot path has no round trip for it.
 */
export type SendCheck = (
  userId: number,
  advisorId: number,
  sender: 'user' | 'manager',
) => Promise<void>;

export class ChatService {
  private readonly sendChecks: SendCheck[] = [];

  /** Adds a rule every send is held to (one indexed lookup at most). */
  addSendCheck(check: SendCheck): void {
    this.sendChecks.push(check);
  }

  private async checkSend(userId: number, advisorId: number, sender: 'user' | 'manager') {
    for (const check of this.sendChecks) await check(userId, advisorId, sender);
  }

  /** Whether a message from `sender` would pass the send checks now (for what only goes with one: typing). */
  async mayWrite(userId: number, advisorId: number, sender: 'user' | 'manager'): Promise<boolean> {
    try {
      await this.checkSend(userId, advisorId, sender);
      return true;
    } catch {
      return false;
    }
  }

  constructor(
    private readonly sql: Sql,
    private readonly repository: ChatRepository,
    private readonly advisors: AdvisorsService,
    private readonly money: MoneyService,
    private readonly events: EventBus,
  ) {}

  /**
   * Who may watch a dialog live: the user of the dialog, or the advisor of it (a Telegram user
   * linked to that advisor), and only while the advisor exists and is active. The answer carries
   * the advisor's presence, so a chat screen's badge starts right.
   */
  async watchDialog(
    viewer: { telegramId: number; advisorId: () => Promise<number | null> },
    dialog: { userId: number; advisorId: number },
  ): Promise<DialogWatch> {
    const own =
      dialog.userId === viewer.telegramId || (await viewer.advisorId()) === dialog.advisorId;
    if (!own) return { allowed: false, message: 'You may subscribe only to your own dialogs' };
    const advisor = await this.advisors.find(dialog.advisorId);
    if (!advisor || !advisor.is_active) {
      return { allowed: false, message: `Advisor ${dialog.advisorId} not found` };
    }
    return { allowed: true, advisorOnline: this.advisors.isOnline(advisor) };
  }

  /**
   * A user's message (or tarot or dream request): paid by a free credit, else by the advisor's
   * price; nothing is stored when funds are short. Nobody pays the advisor they are linked to
   * (decision 033): refused here from the cached list, and again inside the paid send.
   */
  async sendUserMessage(
    userId: number,
    input: NewUserMessage,
  ): Promise<{ message: Message; payment: PaymentInfo }> {
    if ((await this.advisors.cachedRecord(input.advisorId))?.telegram_id === userId) {
      throw new OwnAdvisorError();
    }
    const kind = input.requestType ?? (input.imageId ? 'image' : 'text');
    const send = () =>
      // One atomic call: free credit first, else the advisor's current price from the balance.
      this.money.sendPaidMessage({
        userId,
        advisorId: input.advisorId,
        kind,
        text: input.text,
        imageId: input.imageId,
        preview: messagePreview(kind, input.text),
        requiredCategory: input.requestType ? SELF_SERVICE_CATEGORY_ID : null,
        clientId: input.clientId ?? null,
      });
    const sent = await send().catch(async (error: unknown) => {
      if (!refusedAsBlocked(error)) throw error;
      // Nothing was stored or charged; the block's own rule says who blocked whom. Lifted in the
      // meantime, the send goes again, once.
      await this.checkSend(userId, input.advisorId, 'user');
      return send().catch(async (again: unknown) => {
        if (!refusedAsBlocked(again)) throw again;
        await this.checkSend(userId, input.advisorId, 'user');
        throw new ConflictError('The chat was blocked and unblocked meanwhile: send it again.');
      });
    });
    // Refused before the message is written, the block is not met inside: a blocked chat is
    // never offered a top-up.
    if (sent.outcome === 'insufficient_funds' || sent.outcome === 'spending_limit') {
      await this.checkSend(userId, input.advisorId, 'user');
    }
    switch (sent.outcome) {
      case 'sent':
        break;
      case 'already_sent':
        return this.alreadySent(userId, sent);
      case 'advisor_not_found':
        throw new NotFoundError(`Advisor ${input.advisorId} not found`);
      case 'own_advisor':
        throw new OwnAdvisorError();
      case 'wrong_category':
        throw new BadRequestError(
          'Tarot and dream requests go to advisors of the "Future Relationship Predictions" category',
        );
      case 'image_not_found':
        throw new BadRequestError('image_id: no such uploaded image');
      case 'user_not_found':
        throw new NotFoundError('User not found');
      case 'insufficient_funds':
        throw new InsufficientFundsError();
      case 'spending_limit':
        throw new SpendingLimitError();
    }
    const message = toWireMessage(
      {
        id: sent.messageId,
        sender: 'user',
        kind,
        text: input.text,
        image_id: input.imageId,
        read_at: null,
        created_at: sent.createdAt,
      },
      userId,
      input.advisorId,
    );
    this.events.publish({ type: 'message', message, userId, advisorId: input.advisorId });
    return {
      message,
      payment: {
        new_balance: centsToDollars(sent.balanceCents),
        new_balance_cents: sent.balanceCents,
        new_free_messages: sent.freeMessages,
        charged_cents: sent.chargedCents,
        paid_with: sent.paidWith,
      },
    };
  }

  /**
   * The answer to a send retried under a client id the user sent before: the message stored then
   * (nothing is charged, stored or announced again) and the wallet as it is now.
   */
  private async alreadySent(
    userId: number,
    sent: Extract<PaidSendOutcome, { outcome: 'already_sent' }>,
  ): Promise<{ message: Message; payment: PaymentInfo }> {
    const row = await this.repository.messageById(sent.messageId);
    if (!row) throw new NotFoundError('Message not found');
    return {
      message: toWireMessage(row, userId, row.advisor_id),
      payment: {
        new_balance: centsToDollars(sent.balanceCents),
        new_balance_cents: sent.balanceCents,
        new_free_messages: sent.freeMessages,
        charged_cents: sent.chargedCents,
        paid_with: sent.paidWith,
      },
    };
  }

  /** An advisor's reply (free). The dialog must exist: advisors answer, they do not cold-message. */
  async sendAdvisorMessage(
    advisor: Advisor,
    userId: number,
    text: string,
    imageId: string | null = null,
  ): Promise<Message> {
    const dialog = await this.repository.findDialog(userId, advisor.id);
    if (!dialog) throw new NotFoundError('No dialog with this user');
    await this.checkSend(userId, advisor.id, 'manager');
    const kind = imageId ? 'image' : 'text';
    const inserted = await this.sql.begin(async (tx) => {
      if (
        imageId &&
        advisor.telegram_id !== null &&
        !(await this.repository.imageOwnedBy(tx, imageId, advisor.telegram_id))
      ) {
        throw new BadRequestError('image_id: no such uploaded image');
      }
      await this.repository.touchDialogForMessage(
        tx,
        userId,
        advisor.id,
        'manager',
        messagePreview(kind, text),
      );
      return this.repository.insertMessage(tx, {
        dialogId: dialog.id,
        sender: 'manager',
        kind,
        text,
        imageId,
        priceCents: 0,
        paidWith: null,
      });
    });
    const message = toWireMessage(
      {
        id: inserted.id,
        sender: 'manager',
        kind,
        text,
        image_id: imageId,
        read_at: null,
        created_at: inserted.created_at,
      },
      userId,
      advisor.id,
    );
    this.events.publish({ type: 'message', message, userId, advisorId: advisor.id });
    return message;
  }

  /** Opening a dialog: its history (after any "delete chat") and the advisor's messages marked read. */
  async userHistory(userId: number, advisorId: number): Promise<Message[]> {
    await this.advisors.record(advisorId);
    const dialog = await this.repository.findDialog(userId, advisorId);
    if (!dialog) return [];
    const rows = await this.repository.messagesForUser(dialog);
    await this.markRead(dialog.id, userId, advisorId, 'user');
    return rows.map((row) => toWireMessage(row, userId, advisorId));
  }

  async advisorHistory(advisor: Advisor, userId: number): Promise<Message[]> {
    const dialog = await this.repository.findDialog(userId, advisor.id);
    if (!dialog) throw new NotFoundError('No dialog with this user');
    const rows = await this.repository.messagesForAdvisor(dialog.id);
    await this.markRead(dialog.id, userId, advisor.id, 'manager');
    return rows.map((row) => toWireMessage(row, userId, advisor.id));
  }

  /** The advisor's messages up to `seenUpToId` (all when absent) have been seen by the user. */
  async markReadByUser(userId: number, advisorId: number, seenUpToId?: number): Promise<void> {
    const dialog = await this.repository.findDialog(userId, advisorId);
    if (!dialog) throw new NotFoundError('No dialog with this advisor');
    await this.markRead(dialog.id, userId, advisorId, 'user', seenUpToId);
  }

  async markReadByAdvisor(advisor: Advisor, userId: number, seenUpToId?: number): Promise<void> {
    const dialog = await this.repository.findDialog(userId, advisor.id);
    if (!dialog) throw new NotFoundError('No dialog with this user');
    await this.markRead(dialog.id, userId, advisor.id, 'manager', seenUpToId);
  }

  private async markRead(
    dialogId: number,
    userId: number,
    advisorId: number,
    reader: 'user' | 'manager',
    seenUpToId?: number,
  ): Promise<void> {
    const upToId = await this.repository.markRead(dialogId, reader, seenUpToId);
    if (upToId !== null) this.events.publish({ type: 'read', userId, advisorId, reader, upToId });
  }

  async deleteForUser(userId: number, advisorId: number): Promise<void> {
    const dialog = await this.repository.findDialog(userId, advisorId);
    if (!dialog) throw new NotFoundError('No dialog with this advisor');
    await this.repository.hideForUser(dialog.id);
  }

  async userChats(userId: number): Promise<ChatSummary[]> {
    const rows = await this.repository.userChats(userId);
    return this.advisors.withAdvisors(rows, (row, advisor) => ({
      manager_id: advisor.id,
      name: advisor.name,
      avatar: advisor.avatar,
      last_message: row.last_message_text,
      message_date: row.last_message_at?.toISOString() ?? null,
      rating: advisor.rating,
      isOnline: advisor.isOnline,
      price: advisor.price,
      unread: row.user_unread,
    }));
  }

  async advisorChats(advisor: Advisor): Promise<AdvisorDialog[]> {
    const rows = await this.repository.advisorChats(advisor.id);
    return rows.map((row) => ({
      telegram_user_id: row.user_id,
      name: displayName(row),
      last_message: row.last_message_text,
      message_date: row.last_message_at?.toISOString() ?? null,
      unread: row.advisor_unread,
    }));
  }

  async userHasWritten(userId: number, advisorId: number): Promise<boolean> {
    return this.repository.userHasWritten(userId, advisorId);
  }
}

/** The database refused a user's message because the dialog is blocked (migration 038). */
function refusedAsBlocked(error: unknown): boolean {
  return error instanceof Error && (error as Error & { code?: unknown }).code === 'P0B01';
}
