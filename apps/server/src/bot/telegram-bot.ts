/**
 * The bot's update intake: long polling (getUpdates, one instance at a time under an advisory
 * lock) or, with BOT_WEBHOOK_SECRET, a webhook at ${PUBLIC_URL}/api/bot/webhook that accepts
 * only requests carrying the secret. Both hand each update to the UpdateDispatcher; an update
 * whose critical handler fails (a payment not yet recorded) is not confirmed, so Telegram
 * delivers it again.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Sql } from '../db/database.js';
import { LeaderLock, LOCK_KEYS } from '../db/leader-lock.js';
import { BotApi, BotApiError, type Update } from './bot-api.js';
import { UpdateDispatcher } from './bot-updates.js';

export const WEBHOOK_PATH = '/api/bot/webhook';

export interface TelegramBotOptions {
  token: string;
  apiUrl: string;
  publicUrl: string;
  webhookSecret: string | undefined;
  sql: Sql;
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
  readonly api: BotApi;
  readonly updates: UpdateDispatcher;
  private readonly lock: LeaderLock;
  private readonly backoff: { baseMs: number; maxMs: number };
  private running: Promise<void> | null = null;
  private stopping = false;
  private readonly stopController = new AbortController();
  private offset: number | undefined;

  constructor(private readonly options: TelegramBotOptions) {
    this.api = new BotApi(options.apiUrl, options.token);
    this.updates = new UpdateDispatcher(this.api, (message, error) =>
      options.log?.('error', message, {
        error: error instanceof Error ? error.message : String(error),
      }),
    );
    this.lock = new LeaderLock(options.sql, LOCK_KEYS.botPolling);
    this.backoff = options.backoff ?? { baseMs: 1_000, maxMs: 60_000 };
  }

  get mode(): 'webhook' | 'polling' {
    return this.options.webhookSecret ? 'webhook' : 'polling';
  }

  get webhookUrl(): string {
    return `${this.options.publicUrl}${WEBHOOK_PATH}`;
  }

  /** Starts the intake in the background: registers the webhook, or starts long polling. */
  start(): void {
    if (this.running) return;
    this.running = this.mode === 'webhook' ? this.registerWebhook() : this.pollLoop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.stopController.abort();
    await this.running;
    this.running = null;
    await this.lock.release();
  }

  /** Constant-time check of X-Telegram-Bot-Api-Secret-Token (hashing first hides the length too). */
  verifyWebhookSecret(header: string | string[] | undefined): boolean {
    const secret = this.options.webhookSecret;
    if (!secret || typeof header !== 'string') return false;
    const expected = createHash('sha256').update(secret).digest();
    const given = createHash('sha256').update(header).digest();
    return timingSafeEqual(expected, given);
  }

  /** Handles one webhook delivery; throws when a critical handler failed, so Telegram retries. */
  async handleWebhookUpdate(update: Update): Promise<void> {
    await this.updates.dispatch(update);
  }

  private async registerWebhook(): Promise<void> {
    let failures = 0;
    while (!this.stopping) {
      try {
        await this.api.call(
          'setWebhook',
          {
            url: this.webhookUrl,
            secret_token: this.options.webhookSecret,
            allowed_updates: this.updates.allowedUpdates,
          },
          { signal: this.stopController.signal },
        );
        this.options.log?.('info', 'bot webhook registered', { url: this.webhookUrl });
        return;
      } catch (error) {
        if (this.stopping) return;
        failures += 1;
        const delay = this.delayAfter(failures, error);
        this.options.log?.('warn', 'bot webhook registration failed; retrying', {
          error: describe(error),
          retryInMs: delay,
        });
        await this.sleep(delay);
      }
    }
  }

  private async pollLoop(): Promise<void> {
    let failures = 0;
    let webhookCleared = false;
    while (!this.stopping) {
      try {
        if (!(await this.lock.ensure())) {
          // another instance polls; getUpdates from two places would make Telegram answer 409
          await this.sleep(5_000);
          continue;
        }
        if (!webhookCleared) {
          // getUpdates is refused while a webhook is set (e.g. left over from webhook mode)
          await this.api.call('deleteWebhook', {}, { signal: this.stopController.signal });
          webhookCleared = true;
        }
        const timeout = this.options.pollTimeoutSeconds ?? 25;
        const updates = await this.api.call(
          'getUpdates',
          { offset: this.offset, timeout, allowed_updates: this.updates.allowedUpdates },
          { signal: this.stopController.signal, timeoutMs: (timeout + 10) * 1000 },
        );
        for (const update of updates) {
          if (this.stopping) return;
          // A failing critical handler stops here without moving the offset: the update comes again.
          await this.updates.dispatch(update);
          this.offset = update.update_id + 1;
        }
        failures = 0;
      } catch (error) {
        if (this.stopping) return;
        failures += 1;
        const delay = this.delayAfter(failures, error);
        this.options.log?.(
          failures >= 3 ? 'error' : 'warn',
          'bot update polling failed; retrying',
          { error: describe(error), retryInMs: delay },
        );
        await this.sleep(delay);
      }
    }
  }

  private delayAfter(failures: number, error: unknown): number {
    if (error instanceof BotApiError && error.retryAfterSeconds)
      return error.retryAfterSeconds * 1000;
    return Math.min(this.backoff.maxMs, this.backoff.baseMs * 2 ** Math.min(failures - 1, 16));
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(finish, ms);
      const signal = this.stopController.signal;
      signal.addEventListener('abort', finish, { once: true });
      function finish() {
        clearTimeout(timer);
        signal.removeEventListener('abort', finish);
        resolve();
      }
    });
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
