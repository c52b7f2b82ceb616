/**
 * Starts the payments' background workers, the TON deposit watcher and the bot's update intake
 * (main.ts only: tests build the app without them and start what they need).
 */
import type { Config } from '../config.js';
import type { LogFunction } from '../logger.js';
import type { Sql } from '../db/database.js';
import type { TelegramBot } from '../bot/telegram-bot.js';
import type { PaymentsService } from './payments.service.js';
import { ToncenterClient } from './toncenter.js';
import { TonDepositWatcher } from './ton-watcher.js';

/** Starts the deposit watcher (with TON_WALLET_ADDRESS) and the bot intake (with BOT_TOKEN); returns their stop. */
export function startPaymentWorkers(
  config: Config,
  sql: Sql,
  services: {
    payments: PaymentsService;
    bot: TelegramBot | null;
    metrics?: { depositPoll(result: 'ok' | 'failed'): void };
  },
  log: LogFunction,
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
      onPoll: (result) => services.metrics?.depositPoll(result),
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
