/**
 * The Telegram bot: its update intake (webhook or polling), the Bot API client, the outbox that
 * delivers every notice with retries, receipts of credits and refunds, and the notices about new
 * messages. Other modules add their own handlers through `botHandlers`.
 */
import type { Sql } from '../db/database.js';
import { defineModule } from '../kernel/module.js';
import { botPersonalData } from './personal-data.repository.js';
import { BotApi, createApi } from './bot-api.js';
import { sendLimit } from './send-limit.js';
import { registerBotHandlers, type StartTarget } from './bot-handlers.js';
import { NoticeOutboxRepository } from './notice-outbox.repository.js';
import { NoticeOutbox, type NoticeOutboxOptions } from './notice-outbox.js';
import { BotReceipts } from './receipts.js';
import { TelegramBot } from './telegram-bot.js';
import { BotNotifications, type NotificationOptions } from './notifications.js';
import { NotificationsRepository } from './notifications.repository.js';
import { botRoutes } from './bot.routes.js';
import { UserNotices } from './user-notices.js';

export type { BotApi, BotNotifications, BotReceipts, NoticeOutbox, StartTarget, TelegramBot };
export type { UserNotices };
export type { NoticeDialog } from './notice-outbox.repository.js';
export type { UpdateHandlers } from './bot-updates.js';
export { BotApiError, type PreCheckoutQuery, type SuccessfulPayment } from './bot-api.js';

/** The outbox's notices due and not yet sent, and how long the oldest has waited (GET /metrics). */
export function outboxBacklog(sql: Sql): Promise<{ due: number; oldestDueSeconds: number }> {
  return new NoticeOutboxRepository(sql).backlog();
}

declare module '../kernel/module.js' {
  interface Services {
    /** The bot's update intake; null without BOT_TOKEN, and for the command line. */
    bot: TelegramBot | null;
    /** Calls to the Bot API (invoices, cards); null without BOT_TOKEN. */
    botApi: BotApi | null;
    /** Receipts of credits and refunds in the bot's outbox; null without BOT_TOKEN. */
    receipts: BotReceipts | null;
    /** Delivers every bot notice, with retries; null without BOT_TOKEN or a server. */
    outbox: NoticeOutbox | null;
    /** The bot's notices about new messages; null without BOT_TOKEN or a server. */
    notifications: BotNotifications | null;
    /** Writes to a user through the bot unless an app of theirs is open; null without BOT_TOKEN or a server. */
    notices: UserNotices | null;
  }
  interface ModuleTuning {
    notifications: Partial<NotificationOptions>;
    outbox: Partial<NoticeOutboxOptions>;
  }
}

export const botModule = defineModule({
  name: 'bot',
  needs: ['users', 'advisors'],
  uses: ['links'],
  personalData: () => botPersonalData(),
  create: ({ config, sql, services: { users, advisors }, events, server, tuning, logTo }) => {
    if (!config.botToken)
      return {
        bot: null,
        botApi: null,
        receipts: null,
        outbox: null,
        notifications: null,
        notices: null,
      };
    // The command line only calls the Bot API; a server also takes the bot's updates.
    const bot = server
      ? new TelegramBot({
          token: config.botToken,
          apiUrl: config.botApiUrl,
          publicUrl: config.publicUrl,
          webhookSecret: config.botWebhookSecret,
          sql,
          log: logTo,
        })
      : null;
    const botApi =
      bot?.api ??
      new BotApi(
        createApi({
          token: config.botToken,
          apiRoot: config.botApiUrl,
          sendLimit: sendLimit(),
          retryInPlace: true,
        }),
      );
    // Receipts are written with their ledger rows, also from the command line; a server's outbox sends them.
    const receipts = new BotReceipts({
      users,
      outbox: new NoticeOutboxRepository(sql),
      publicUrl: config.publicUrl,
    });
    if (!bot || !server)
      return { bot, botApi, receipts, outbox: null, notifications: null, notices: null };
    const outbox = new NoticeOutbox(
      {
        repository: new NoticeOutboxRepository(sql),
        api: bot.apiWithoutRetries,
        log: logTo,
        onOutcome: (outcome) => server.metrics.botNotice(outcome),
        onBlocked: (chatId) => users.setWriteAccess(chatId, false),
      },
      tuning.outbox,
    );
    receipts.onCommitted(() => outbox.notify());
    const notices = new UserNotices({
      outbox,
      userSockets: server.userSockets,
      publicUrl: config.publicUrl,
    });
    const notifications = new BotNotifications(
      {
        repository: new NotificationsRepository(sql),
        users,
        events,
        notices,
        advisors: { find: (id: number) => advisors.cachedRecord(id) },
        log: logTo,
      },
      tuning.notifications,
    );
    return { bot, botApi, receipts, outbox, notifications, notices };
  },
  routes: (app, { services }) => botRoutes(app, services.bot),
  botHandlers: (updates, { config, services }) => {
    registerBotHandlers(updates, {
      publicUrl: config.publicUrl,
      supportUrl: config.supportUrl,
      startTarget: services.linkStarts,
      users: services.users,
    });
    services.notifications?.registerHandlers(updates);
  },
  workers: ({ services: { bot, outbox, notifications }, logTo }) => [
    { name: 'bot outbox', start: () => outbox?.start(), stop: () => outbox?.stop() },
    {
      name: 'new-message notices',
      start: () => notifications?.start(),
      stop: () => notifications?.stop(),
    },
    // Started once the server listens (the webhook route must answer); tests start it themselves.
    {
      name: 'telegram bot',
      scope: 'process',
      start: () => {
        if (!bot) return;
        bot.start();
        logTo('info', 'Telegram bot started', { mode: bot.mode });
      },
      stop: () => bot?.stop(),
    },
  ],
});
