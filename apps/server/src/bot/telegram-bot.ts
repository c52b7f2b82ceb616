/**
 * The bot, on grammY: long polling with the runner (polling.ts), or, with BOT_WEBHOOK_SECRET, a
 * webhook at ${PUBLIC_URL}/api/bot/webhook that accepts only requests carrying the secret. Either
 * way updates are handled concurrently, by the handlers features register on `updates`. An update
 * whose critical handler fails (a payment not yet recorded) is not confirmed, so Telegram
 * delivers it again. At start it also learns its own username (getMe) and publishes its command
 * menu in English (also the default) and Russian (setMyCommands).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Bot, type Api, type Transformer } from 'grammy';
import type { Sql } from '../db/database.js';
import { LeaderLock, LOCK_KEYS } from '../db/leader-lock.js';
import {
  BotApi,
  BotApiError,
  configureApi,
  createApi,
  grammySignal,
  type Update,
} from './bot-api.js';
import { LOCALES } from '@seer/contract';
import { UpdateHandlers } from './bot-updates.js';
import { PollingIntake } from './polling.js';
import { sendLimit } from './send-limit.js';

export const WEBHOOK_PATH = '/api/bot/webhook';

export interface TelegramBotOptions {
  token: string;
  apiUrl: string;
  publicUrl: string;
  webhookSecret: string | undefined;
  sql: Sql;
  /** The process's limit of messages toward Telegram; a new one when absent. */
  sendLimit?: Transformer;
  log?: (
    level: 'info' | 'warn' | 'error',
    message: string,
    detail?: Record<string, unknown>,
  ) => void;
  /** Long-poll wait in seconds (Telegram holds getUpdates open this long when idle). */
  pollTimeoutSeconds?: number;
  backoff?: { baseMs: number; maxMs: number };
}

export class TelegramBot {
  readonly bot: Bot;
  /** Calls with Seer's error type (payments). */
  readonly api: BotApi;
  /** Shares the send limit but retries nothing in place: for the outbox, which retries on its own schedule. */
  readonly apiWithoutRetries: Api;
  readonly updates: UpdateHandlers;
  private readonly polling: PollingIntake | null;
  private readonly backoff: { baseMs: number; maxMs: number };
  private registering: Promise<void> | null = null;
  private settingUp: Promise<void> | null = null;
  private readonly stopController = new AbortController();

  constructor(private readonly options: TelegramBotOptions) {
    const pollTimeoutSeconds = options.pollTimeoutSeconds ?? 25;
    this.bot = new Bot(options.token, {
      client: { apiRoot: options.apiUrl, timeoutSeconds: pollTimeoutSeconds + 15 },
    });
    const limit = options.sendLimit ?? sendLimit();
    configureApi(this.bot.api, { sendLimit: limit, retryInPlace: true });
    this.apiWithoutRetries = createApi({
      token: options.token,
      apiRoot: options.apiUrl,
      sendLimit: limit,
      retryInPlace: false,
      timeoutSeconds: 15,
    });
    this.api = new BotApi(this.bot.api);
    this.updates = new UpdateHandlers((message, error) =>
      options.log?.('error', message, { error: describe(error) }),
    );
    this.bot.use(this.updates.composer);
    this.backoff = options.backoff ?? { baseMs: 1_000, maxMs: 60_000 };
    this.polling =
      this.mode === 'polling'
        ? new PollingIntake(
            {
              api: this.bot.api,
              lock: new LeaderLock(options.sql, LOCK_KEYS.botPolling),
              allowedUpdates: this.updates.allowedUpdates,
              handle: (update) => this.handleUpdate(update),
              log: options.log,
            },
            { pollTimeoutSeconds, backoff: this.backoff, concurrency: 100, repeatDelayMs: 250 },
          )
        : null;
  }

  get mode(): 'webhook' | 'polling' {
    return this.options.webhookSecret ? 'webhook' : 'polling';
  }

  get webhookUrl(): string {
    return `${this.options.publicUrl}${WEBHOOK_PATH}`;
  }

  /**
   * Starts the intake in the background (registers the webhook, or starts long polling), and
   * learns the bot's username and publishes its command menu.
   */
  start(): void {
    if (this.polling) this.polling.start();
    else this.registering ??= this.registerWebhook();
    this.settingUp ??= this.untilDone('bot setup (getMe, setMyCommands)', () => this.setUp());
  }

  async stop(): Promise<void> {
    this.stopController.abort();
    await this.registering;
    await this.settingUp;
    await this.polling?.stop();
  }

  /** The bot's @username once known (getMe at start or on the first update); null before. */
  get username(): string | null {
    return this.bot.isInited() ? this.bot.botInfo.username : null;
  }

  /**
   * getMe, then the command menu: for English and Russian users, and the default (English) for
   * everyone else. Telegram also shows the default to users without a language code, whom Seer
   * answers in Russian (decision 042); every other language, answered in English, weighs more.
   */
  private async setUp(): Promise<void> {
    const signal = this.stopController.signal;
    if (!this.bot.isInited()) await this.bot.init(grammySignal(signal));
    const commands = this.updates.menuCommands;
    if (commands.length === 0) return;
    const menu = (locale: (typeof LOCALES)[number]) =>
      commands.map((c) => ({ command: c.command, description: c.description[locale] }));
    await this.api.call('setMyCommands', { commands: menu('en') }, { signal });
    for (const locale of LOCALES)
      await this.api.call(
        'setMyCommands',
        { commands: menu(locale), language_code: locale },
        { signal },
      );
    this.options.log?.('info', 'bot command menu published', {
      commands: commands.map((c) => c.command),
    });
  }

  /** Constant-time check of X-Telegram-Bot-Api-Secret-Token (hashing first hides the length too). */
  verifyWebhookSecret(header: string | string[] | undefined): boolean {
    const secret = this.options.webhookSecret;
    if (!secret || typeof header !== 'string') return false;
    const expected = createHash('sha256').update(secret).digest();
    const given = createHash('sha256').update(header).digest();
    return timingSafeEqual(expected, given);
  }

  /**
   * Runs every handler of one update (a webhook delivery or a polled update); throws when a
   * critical handler failed, so the update is not confirmed and comes again. Webhook deliveries
   * are separate requests, so they too are handled concurrently.
   */
  async handleUpdate(update: Update): Promise<void> {
    // grammY needs the bot's own username (for /start@bot); asked once, and again after a failure.
    if (!this.bot.isInited()) await this.bot.init(grammySignal(this.stopController.signal));
    await this.bot.handleUpdate(update);
  }

  private async registerWebhook(): Promise<void> {
    const signal = this.stopController.signal;
    await this.untilDone('bot webhook registration', async () => {
      await this.api.call(
        'setWebhook',
        {
          url: this.webhookUrl,
          secret_token: this.options.webhookSecret,
          allowed_updates: this.updates.allowedUpdates,
        },
        { signal },
      );
      this.options.log?.('info', 'bot webhook registered', { url: this.webhookUrl });
    });
  }

  /** Runs `work` until it succeeds or the bot stops, with backoff (Telegram's retry_after on a 429). */
  private async untilDone(what: string, work: () => Promise<void>): Promise<void> {
    let failures = 0;
    const signal = this.stopController.signal;
    while (!signal.aborted) {
      try {
        await work();
        return;
      } catch (error) {
        if (signal.aborted) return;
        failures += 1;
        const delay = this.delayAfter(failures, error);
        this.options.log?.('warn', `${what} failed; retrying`, {
          error: describe(error),
          retryInMs: delay,
        });
        await new Promise<void>((resolve) => {
          const timer = setTimeout(finish, delay);
          signal.addEventListener('abort', finish, { once: true });
          function finish() {
            clearTimeout(timer);
            signal.removeEventListener('abort', finish);
            resolve();
          }
        });
      }
    }
  }

  private delayAfter(failures: number, error: unknown): number {
    if (error instanceof BotApiError && error.retryAfterSeconds)
      return error.retryAfterSeconds * 1000;
    return Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** Math.min(failures - 1, 16));
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
