/**
 * Builds the payments service and the bot from the configuration (app.ts), and starts their
 * background workers, the TON deposit watcher and the bot's update intake (main.ts only:
 * tests build the app without them and start what they need).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Sql } from '../db/database.js';
import type { EventBus } from '../events/event-bus.js';
import { BotApi } from '../bot/bot-api.js';
import { TelegramBot } from '../bot/telegram-bot.js';
import { registerBotHandlers } from '../bot/bot-handlers.js';
import { PaymentsService } from './payments.service.js';
import { ToncenterClient } from './toncenter.js';
import { TonDepositWatcher } from './ton-watcher.js';

type Log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: Record<string, unknown>,
) => void;

export function logTo(logger: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>): Log {
  return (level, message, detail) => logger[level](detail ?? {}, message);
}

/** The payments service with its Bot API client, for the admin command line (no bot intake). */
export function createPaymentsService(config: Config, sql: Sql, events: EventBus): PaymentsService {
  const botApi = config.botToken ? new BotApi(config.botApiUrl, config.botToken) : null;
  return new PaymentsService(sql, events, paymentsSettings(config), botApi);
}

export function createPaymentsAndBot(
  config: Config,
  sql: Sql,
  events: EventBus,
  log: Log,
): { payments: PaymentsService; bot: TelegramBot | null } {
  const bot = config.botToken
    ? new TelegramBot({
        token: config.botToken,
        apiUrl: config.botApiUrl,
        publicUrl: config.publicUrl,
        webhookSecret: config.botWebhookSecret,
        sql,
        log,
      })
    : null;
  const payments = new PaymentsService(sql, events, paymentsSettings(config), bot?.api ?? null);
  if (bot) registerBotHandlers(bot.updates, { publicUrl: config.publicUrl, payments, log });
  return { payments, bot };
}

/** Starts the deposit watcher (with TON_WALLET_ADDRESS) and the bot intake (with BOT_TOKEN); returns their stop. */
export function startPaymentWorkers(
  config: Config,
  sql: Sql,
  services: { payments: PaymentsService; bot: TelegramBot | null },
  log: Log,
): () => Promise<void> {
  let watcher: TonDepositWatcher | null = null;
  if (config.tonWalletAddress) {
    watcher = new TonDepositWatcher({
      wallet: config.tonWalletAddress,
      client: new ToncenterClient(config.tonApiUrl, config.tonApiKey),
      payments: services.payments,
      sql,
      intervalMs: config.tonPollIntervalMs,
      log,
    });
    watcher.start();
    log('info', 'TON deposit watcher started', {
      wallet: config.tonWalletAddress,
      indexer: config.tonApiUrl,
      intervalMs: config.tonPollIntervalMs,
    });
  }
  services.bot?.start();
  if (services.bot) log('info', 'Telegram bot started', { mode: services.bot.mode });
  return async () => {
    await Promise.all([watcher?.stop(), services.bot?.stop()]);
  };
}

function paymentsSettings(config: Config) {
  return {
    tonWalletAddress: config.tonWalletAddress,
    tonUsdRateCents: config.tonUsdRateCents,
    starsPerUsd: config.starsPerUsd,
  };
}
