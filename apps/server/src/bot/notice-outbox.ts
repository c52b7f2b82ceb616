/**
 * The bot's outbox: every notice is a row (migration 009) until Telegram has taken it, so a
 * notice survives a refusal, an outage and a restart. Each instance runs a worker that claims due
 * rows (FOR UPDATE SKIP LOCKED, so one delivery at a time per notice) and sends them:
 *
 * - 429: tried again after Telegram's retry_after;
 * - 5xx and network errors: tried again with exponential backoff;
 * - 403 (the user blocked the bot): given up at once, and the bot stops writing to them;
 * - other 4xx: given up at once (the same request would be refused again);
 * - anything still failing `giveUpAfterMs` after it was written is given up, with the reason logged.
 *
 * A row is marked 'sending' and committed before its request starts, and only a row still
 * 'sending' is marked sent or sent back to 'pending'. If the process dies mid-request the row
 * stays 'sending' and, after `leaseMs`, is given up: a notice is sent at most once
 * (docs/decisions/016-bot-outbox.md says what that trades away).
 */
import { GrammyError, HttpError, type Api } from 'grammy';
import type { Tx } from '../db/database.js';
import type {
  ClaimedNotice,
  NoticeDialog,
  NoticeOutboxRepository,
  OutboxNotice,
} from './notice-outbox.repository.js';

export interface NoticeOutboxOptions {
  /** A notice not delivered this long after it was written is given up. */
  giveUpAfterMs: number;
  /** Backoff after 5xx and network errors: base × 2^(attempt−1), at most max. */
  backoff: { baseMs: number; maxMs: number };
  /** How often the worker looks for notices written by other instances or due for a retry. */
  pollIntervalMs: number;
  /** A claim older than this belongs to an instance that died mid-request. */
  leaseMs: number;
  /** Notices claimed (and sent concurrently, under the send limit) in one pass. */
  batchSize: number;
}

export const DEFAULT_OUTBOX_OPTIONS: NoticeOutboxOptions = {
  giveUpAfterMs: 24 * 60 * 60 * 1000,
  backoff: { baseMs: 5_000, maxMs: 10 * 60 * 1000 },
  pollIntervalMs: 5_000,
  leaseMs: 5 * 60 * 1000,
  batchSize: 20,
};

export type NoticeOutcome = 'sent' | 'retried' | 'failed' | 'blocked';

type Log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: Record<string, unknown>,
) => void;

type Verdict =
  | { kind: 'retry'; delayMs: number; reason: string }
  | { kind: 'give-up'; reason: string; blocked: boolean };

export class NoticeOutbox {
  private readonly options: NoticeOutboxOptions;
  private loop: Promise<void> | null = null;
  private readonly stopping = new AbortController();
  private wakeUp: (() => void) | null = null;
  private woken = false;

  constructor(
    private readonly deps: {
      repository: NoticeOutboxRepository;
      /** An Api without in-place retries: this outbox decides when to try again. */
      api: Api;
      log?: Log;
      /** Told how each attempt ended (metrics). */
      onOutcome?: (outcome: NoticeOutcome) => void;
      /** The recipient blocked the bot. */
      onBlocked?: (chatId: number) => Promise<void>;
    },
    options: Partial<NoticeOutboxOptions> = {},
  ) {
    this.options = { ...DEFAULT_OUTBOX_OPTIONS, ...options };
  }

  /** Writes the notice; the worker (this instance's, or any other's) delivers it. */
  async enqueue(notice: OutboxNotice): Promise<void> {
    await this.deps.repository.insert(notice);
    this.wake();
  }

  /**
   * Writes the notice in the caller's transaction: it goes with the change it tells of, or not at
   * all. Call notify() once the transaction has committed.
   */
  async enqueueIn(tx: Tx, notice: OutboxNotice): Promise<void> {
    await this.deps.repository.insert(notice, tx);
  }

  /** Notices were written elsewhere (a receipt, in a money transaction that has committed): look now. */
  notify(): void {
    this.wake();
  }

  /** Starts the worker; notices left pending by a previous run are picked up at once. */
  start(): void {
    this.loop ??= this.run();
  }

  /** Stops the worker after the requests under way have ended. */
  async stop(): Promise<void> {
    this.stopping.abort();
    this.wake();
    await this.loop;
    this.loop = null;
  }

  private wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  private async run(): Promise<void> {
    const signal = this.stopping.signal;
    while (!signal.aborted) {
      let waitMs = this.options.pollIntervalMs;
      this.woken = false;
      try {
        await this.failAbandoned();
        const claimed = await this.deps.repository.claimDue(this.options.batchSize);
        const results = await Promise.allSettled(claimed.map((notice) => this.deliver(notice)));
        for (const result of results) {
          // The database went away between the request and its record: the row stays 'sending'.
          if (result.status === 'rejected')
            this.deps.log?.('warn', 'bot notice outcome not recorded', {
              error: describe(result.reason),
            });
        }
        if (claimed.length === this.options.batchSize) continue;
        const next = await this.deps.repository.msUntilNextDue();
        if (next !== null) waitMs = Math.min(waitMs, next);
      } catch (error) {
        // The database is away: pending rows wait for it.
        this.deps.log?.('warn', 'bot outbox pass failed; trying again', { error: describe(error) });
      }
      await this.sleep(waitMs);
    }
  }

  private async failAbandoned(): Promise<void> {
    const abandoned = await this.deps.repository.failAbandoned(
      this.options.leaseMs,
      'the instance sending it stopped mid-request; not sent again, to never send it twice',
    );
    for (const { id, chatId } of abandoned) {
      this.deps.onOutcome?.('failed');
      this.deps.log?.('warn', 'bot notice given up: its sender stopped mid-request', {
        noticeId: id,
        chatId,
      });
    }
  }

  /**
   * The dialog that the notice sent to `chatId` as Telegram's message `telegramMessageId` is
   * about, when a reply to it may answer that dialog (decision 043); null for any other message.
   */
  dialogOfSent(chatId: number, telegramMessageId: number): Promise<NoticeDialog | null> {
    return this.deps.repository.dialogOfSent(chatId, telegramMessageId);
  }

  private async deliver(notice: ClaimedNotice): Promise<void> {
    let telegramMessageId: number;
    try {
      // No abort signal: a stop lets requests under way finish (the client's timeout bounds them),
      // so their outcome is known and recorded.
      const sent = await this.deps.api.sendMessage(notice.chatId, notice.text, {
        reply_markup: notice.replyMarkup as never,
      });
      telegramMessageId = sent.message_id;
    } catch (error) {
      await this.settleFailure(notice, error);
      return;
    }
    this.deps.onOutcome?.('sent');
    await this.deps.repository.markSent(notice.id, telegramMessageId);
  }

  private async settleFailure(notice: ClaimedNotice, error: unknown): Promise<void> {
    const { repository, log, onOutcome } = this.deps;
    const verdict = this.verdict(notice, error);
    if (verdict.kind === 'retry') {
      const deadline = notice.createdAt.getTime() + this.options.giveUpAfterMs;
      if (Date.now() + verdict.delayMs <= deadline) {
        onOutcome?.('retried');
        await repository.retryLater(notice.id, verdict.delayMs, verdict.reason);
        return;
      }
      const hours = Math.round(this.options.giveUpAfterMs / 36_000) / 100;
      const reason = `still failing after ${notice.attempts} attempts in ${hours} h: ${verdict.reason}`;
      onOutcome?.('failed');
      log?.('error', 'bot notice given up', { noticeId: notice.id, chatId: notice.chatId, reason });
      await repository.markFailed(notice.id, reason);
      return;
    }
    onOutcome?.(verdict.blocked ? 'blocked' : 'failed');
    log?.(verdict.blocked ? 'info' : 'warn', 'bot notice given up', {
      noticeId: notice.id,
      chatId: notice.chatId,
      reason: verdict.reason,
    });
    await repository.markFailed(notice.id, verdict.reason);
    if (verdict.blocked) await this.deps.onBlocked?.(notice.chatId);
  }

  private verdict(notice: ClaimedNotice, error: unknown): Verdict {
    const backoff = () => {
      const { baseMs, maxMs } = this.options.backoff;
      return Math.min(maxMs, baseMs * 2 ** Math.min(notice.attempts - 1, 20));
    };
    if (error instanceof GrammyError) {
      const reason = `${error.error_code}: ${error.description}`;
      if (error.error_code === 429) {
        const seconds = error.parameters.retry_after;
        return { kind: 'retry', delayMs: seconds ? seconds * 1000 : backoff(), reason };
      }
      if (error.error_code >= 500) return { kind: 'retry', delayMs: backoff(), reason };
      return { kind: 'give-up', reason, blocked: error.error_code === 403 };
    }
    const reason = error instanceof HttpError ? `network: ${describeCause(error)}` : String(error);
    return { kind: 'retry', delayMs: backoff(), reason };
  }

  private sleep(ms: number): Promise<void> {
    if (this.woken || this.stopping.signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.wakeUp = null;
        resolve();
      };
      const timer = setTimeout(finish, ms);
      this.wakeUp = finish;
    });
  }
}

function describeCause(error: HttpError): string {
  const cause = error.error;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    // never the message: it may hold the request URL, which holds the token
    return typeof code === 'string' ? code : cause.name;
  }
  return 'request failed';
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
