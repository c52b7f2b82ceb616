/**
 * Long polling with grammY's runner: updates are handled concurrently, so a slow handler never
 * holds back the next update (a pre_checkout_query must be answered within 10 s). One instance
 * polls at a time, under an advisory lock (two getUpdates would make Telegram answer 409).
 *
 * Confirming an update to Telegram (the getUpdates offset) waits for every update at or below it
 * to be handled: the offset sent is the lowest update still running or failed. Updates that come
 * again because of that are skipped unless they failed, so a failed critical handler (a payment
 * not yet recorded) is retried, and one that was running when the process died comes again.
 */
import {
  createConcurrentSink,
  createRunner,
  createSource,
  type RunnerHandle,
} from '@grammyjs/runner';
import type { Api } from 'grammy';
import type { LeaderLock } from '../db/leader-lock.js';
import { grammySignal, nodeSignal, type Update } from './bot-api.js';

export interface PollingOptions {
  /** Long-poll wait in seconds (Telegram holds getUpdates open this long when idle). */
  pollTimeoutSeconds: number;
  backoff: { baseMs: number; maxMs: number };
  /** Updates handled at the same time at most. */
  concurrency: number;
  /** While an update is still running, how often to ask for the ones after it. */
  repeatDelayMs: number;
}

type Log = (
  level: 'info' | 'warn' | 'error',
  message: string,
  detail?: Record<string, unknown>,
) => void;

export class PollingIntake {
  private runner: RunnerHandle | null = null;
  /** One past the highest update_id received. */
  private nextOffset: number | undefined;
  private readonly running = new Set<number>();
  /** Failed updates, and when each may be handled again. */
  private readonly failed = new Map<number, number>();
  /** Wakes a poll waiting for a running update to end. */
  private onSettled: (() => void) | null = null;
  private readonly tasks = new Set<Promise<void>>();
  private pollFailures = 0;
  private handlerFailures = 0;
  private webhookCleared = false;

  constructor(
    private readonly deps: {
      api: Api;
      lock: LeaderLock;
      allowedUpdates: Array<'message' | 'callback_query' | 'pre_checkout_query' | 'inline_query'>;
      /** Throws when the update must come again (a critical handler failed). */
      handle: (update: Update) => Promise<void>;
      log?: Log;
    },
    private readonly options: PollingOptions,
  ) {}

  start(): void {
    if (this.runner) return;
    const source = createSource<Update>({
      supply: (batchSize, signal) => this.supply(batchSize, nodeSignal(signal)),
    });
    const sink = createConcurrentSink<Update>(
      { consume: (update) => this.consume(update) },
      async () => {}, // consume never throws: failures are recorded there
      { concurrency: this.options.concurrency },
    );
    this.runner = createRunner(source, sink);
    this.runner.start();
  }

  /** Stops fetching, lets the updates under way finish, and gives up the polling lock. */
  async stop(): Promise<void> {
    const runner = this.runner;
    this.runner = null;
    await runner?.stop();
    await Promise.allSettled([...this.tasks]);
    await this.deps.lock.release();
  }

  /** The lowest update not yet handled: Telegram forgets everything below it. */
  private get offset(): number | undefined {
    const unfinished = [...this.running, ...this.failed.keys()];
    return unfinished.length > 0 ? Math.min(...unfinished) : this.nextOffset;
  }

  private async supply(batchSize: number, signal: AbortSignal): Promise<Update[]> {
    try {
      if (!(await this.deps.lock.ensure())) {
        await sleep(5_000, signal);
        return [];
      }
      if (!this.webhookCleared) {
        // getUpdates is refused while a webhook is set (e.g. left over from webhook mode)
        await this.deps.api.deleteWebhook({}, grammySignal(signal));
        this.webhookCleared = true;
      }
      const updates = await this.deps.api.getUpdates(
        {
          offset: this.offset,
          limit: Math.max(1, Math.min(batchSize, 100)),
          timeout: this.options.pollTimeoutSeconds,
          allowed_updates: this.deps.allowedUpdates,
        },
        grammySignal(signal),
      );
      this.pollFailures = 0;
      const fresh: Update[] = [];
      const now = Date.now();
      for (const update of updates) {
        const id = update.update_id;
        if (this.running.has(id)) continue;
        const retryAt = this.failed.get(id);
        if (retryAt !== undefined ? retryAt > now : id < (this.nextOffset ?? 0)) continue;
        this.failed.delete(id);
        this.running.add(id);
        fresh.push(update);
      }
      const last = updates.at(-1)?.update_id;
      if (last !== undefined) this.nextOffset = Math.max(this.nextOffset ?? 0, last + 1);
      // Only updates still running or waiting for a retry came back (Telegram answers at once
      // while any is unconfirmed): ask again shortly, or as soon as one of them ends.
      if (updates.length > 0 && fresh.length === 0)
        await sleep(this.options.repeatDelayMs, signal, (wake) => (this.onSettled = wake));
      return fresh;
    } catch (error) {
      if (signal.aborted) throw error;
      this.pollFailures += 1;
      const delay = this.delayAfter(this.pollFailures, error);
      this.deps.log?.(
        this.pollFailures >= 3 ? 'error' : 'warn',
        'bot update polling failed; retrying',
        { error: describe(error), retryInMs: delay },
      );
      await sleep(delay, signal);
      return [];
    }
  }

  private consume(update: Update): Promise<void> {
    const id = update.update_id;
    const task = this.deps.handle(update).then(
      () => {
        this.running.delete(id);
        this.handlerFailures = 0;
        this.onSettled?.();
      },
      (error: unknown) => {
        this.running.delete(id);
        this.handlerFailures += 1;
        const delay = this.delayAfter(this.handlerFailures, null);
        this.failed.set(id, Date.now() + delay);
        this.deps.log?.('warn', 'a bot update failed and will be handled again', {
          updateId: id,
          retryInMs: delay,
          error: describe(error),
        });
      },
    );
    this.tasks.add(task);
    void task.finally(() => this.tasks.delete(task));
    return task;
  }

  private delayAfter(failures: number, error: unknown): number {
    const retryAfter = (error as { parameters?: { retry_after?: number } } | null)?.parameters
      ?.retry_after;
    if (typeof retryAfter === 'number' && retryAfter > 0) return retryAfter * 1000;
    const { baseMs, maxMs } = this.options.backoff;
    return Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 16));
  }
}

function sleep(
  ms: number,
  signal: AbortSignal,
  wakeWith?: (wake: (() => void) | null) => void,
): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(finish, ms);
    signal.addEventListener('abort', finish, { once: true });
    wakeWith?.(finish);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      wakeWith?.(null);
      resolve();
    }
  });
}

function describe(error: unknown): string {
  if (error && typeof error === 'object' && 'description' in error)
    return String((error as { description: unknown }).description);
  return error instanceof Error ? error.message : String(error);
}
