/**
 * The bot's notices (docs/product-rules.md#the-bot): an advisor's reply to a user who has the app
 * closed on every instance, and a user's paid message to an advisor who has it closed, are
 * announced in the bot's chat with a button that opens the dialog in the Mini App.
 *
 * Only the instance where the message was published handles it (the event arrives everywhere),
 * so each message gives at most one notice. A recipient must have allowed the bot to write
 * (init data's allows_write_to_pm, SetWriteAccess.php, or /start), and gets at most one notice
 * per dialog per `minIntervalSeconds`, counted in the database so every instance agrees. A notice
 * decided here is written to the outbox (notice-outbox.ts), which delivers it. The advisor may
 * answer a paid message's notice by replying to it in Telegram (chat/telegram-replies.ts).
 */
import type { Locale } from '@seer/contract';
import type { DomainEvent, EventBus } from '../realtime/event-bus.js';
import type { Advisor } from '../advisors/index.js';
import { displayName, type UsersService } from '../users/index.js';
import type { UpdateHandlers } from './bot-updates.js';
import type { UserNotices } from './user-notices.js';
import type { NotificationsRepository } from './notifications.repository.js';

export interface NotificationOptions {
  /** At most one notice per recipient and dialog in this many seconds. */
  minIntervalSeconds: number;
}

const DEFAULT_NOTIFICATION_OPTIONS: NotificationOptions = { minIntervalSeconds: 120 };

type Log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: Record<string, unknown>,
) => void;

const TEXTS: Record<
  Locale,
  { reply: (advisor: string) => string; paid: (user: string) => string; openChat: string }
> = {
  en: {
    reply: (advisor) => `${advisor} replied to you in Seer.`,
    paid: (user) => `New paid message from ${user}.\nReply to this message to answer ${user}.`,
    openChat: 'Open chat',
  },
  ru: {
    reply: (advisor) => `${advisor} ответил(а) вам в Seer.`,
    paid: (user) =>
      `Новое платное сообщение от ${user}.\nОтветьте на это сообщение, чтобы написать ${user}.`,
    openChat: 'Открыть чат',
  },
};

/** What a notice says and where its button leads; null when nobody is to be told. */
export interface Notice {
  recipientId: number;
  userId: number;
  advisorId: number;
  text: (locale: Locale) => string;
  /** Path in the Mini App, e.g. /chat/3. */
  path: string;
  /** The advisor may answer by replying to the notice in Telegram (decision 043). */
  answerable: boolean;
}

export class BotNotifications {
  private readonly repository: NotificationsRepository;
  private readonly options: NotificationOptions;
  private unsubscribe: (() => void) | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly deps: {
      repository: NotificationsRepository;
      /** Who may be written to, in which language and name. */
      users: Pick<UsersService, 'find' | 'setWriteAccess'>;
      events: EventBus;
      /** How a notice reaches the user: the bot, unless an app of theirs is open. */
      notices: Pick<UserNotices, 'away' | 'send'>;
      /** Looked up for every message: a cached source is fine (a new link is seen within a second). */
      advisors: { find(id: number): Promise<Advisor | null> };
      log?: Log;
    },
    options: Partial<NotificationOptions> = {},
  ) {
    this.repository = deps.repository;
    this.options = { ...DEFAULT_NOTIFICATION_OPTIONS, ...options };
  }

  start(): void {
    if (this.unsubscribe) return;
    this.unsubscribe = this.deps.events.subscribe((event, origin) => {
      // Every instance sees the message; the one that published it speaks for all.
      if (event.type !== 'message' || origin.remote) return;
      const job = this.handle(event)
        .catch((error: unknown) =>
          this.deps.log?.('warn', 'bot notice failed', {
            error: error instanceof Error ? error.message : String(error),
          }),
        )
        .finally(() => this.inFlight.delete(job));
      this.inFlight.add(job);
    });
  }

  /** Stops listening; notices being decided are written to the outbox first. */
  async stop(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    await Promise.all([...this.inFlight]);
  }

  /** Someone who sent /start has opened a chat with the bot: it may write to them. */
  registerHandlers(updates: UpdateHandlers): void {
    updates.onCommand('start', async (ctx) => {
      if (ctx.from && !ctx.from.is_bot) await this.deps.users.setWriteAccess(ctx.from.id, true);
    });
  }

  private async handle(event: Extract<DomainEvent, { type: 'message' }>): Promise<void> {
    const notice = await this.noticeFor(event);
    if (notice) await this.send(notice);
  }

  private async noticeFor(
    event: Extract<DomainEvent, { type: 'message' }>,
  ): Promise<Notice | null> {
    const { userId, advisorId, message } = event;
    const advisor = await this.deps.advisors.find(advisorId);
    if (!advisor) return null;
    if (message.sender === 'manager') {
      return {
        recipientId: userId,
        userId,
        advisorId,
        text: (locale) => TEXTS[locale].reply(advisor.name),
        path: `/chat/${advisorId}`,
        // A user answers in the app, where a message is paid for.
        answerable: false,
      };
    }
    // A user's message is always paid (a free credit or the balance); only a person linked to the advisor reads it.
    if (advisor.telegram_id === null) return null;
    const sender = await this.deps.users.find(userId);
    const name = sender ? displayName(sender) : `#${userId}`;
    return {
      recipientId: advisor.telegram_id,
      userId,
      advisorId,
      text: (locale) => TEXTS[locale].paid(name),
      path: `/workspace/chat/${userId}`,
      answerable: true,
    };
  }

  private async send(notice: Notice): Promise<void> {
    const user = await this.deps.users.find(notice.recipientId);
    if (!user) return;
    const recipient = { ...user, telegramId: notice.recipientId };
    if (!(await this.deps.notices.away(recipient))) return;
    if (
      !(await this.repository.claimSlot(
        notice.recipientId,
        notice.userId,
        notice.advisorId,
        this.options.minIntervalSeconds,
      ))
    )
      return;
    try {
      await this.deps.notices.send(recipient, {
        text: notice.text,
        button: (locale) => TEXTS[locale].openChat,
        path: notice.path,
        ...(notice.answerable
          ? { answers: { userId: notice.userId, advisorId: notice.advisorId } }
          : {}),
      });
    } catch (error) {
      // Not written: give the slot back so the next message may try.
      await this.repository
        .releaseSlot(notice.recipientId, notice.userId, notice.advisorId)
        .catch(() => {});
      throw error;
    }
  }
}
