/**
 * The TON deposit watcher: every poll it reads the deposit wallet's transactions from the
 * indexer, from the last one it handled onwards (start_lt = cursor, ascending, page by page),
 * and records each new one oldest first, each in its own database transaction that also
 * advances the cursor. A failure of the indexer stops the pass before anything is skipped;
 * the next attempt waits with exponential backoff and starts again from the cursor.
 * A transaction that fails to record `maxAttempts` times in a row (any error: a value too large to
 * credit, a constraint) is kept as an unmatched deposit with its error and the watcher moves on.
 * Each pass first credits deposits that were waiting for a fresh TON rate (decision 037).
 * The same transactions carry the wallet's outgoing orders: each is shown to `outgoing` (advisors'
 * payouts, decision 047) before it is recorded and the cursor moves past it, and `outgoing` hears
 * the end of every full pass. A failure there ends the pass like any other (retried, nothing skipped).
 */
import type { Sql } from '../db/database.js';
import { rawTonAddress } from './ton-transfers.js';
import { LeaderLock, LOCK_KEYS } from '../db/leader-lock.js';
import type { PaymentsService, TonRecordResult } from './payments.service.js';
import { IndexerError, type IndexerTransaction, type ToncenterClient } from './toncenter.js';

/** Someone who must see the wallet's own transactions (payouts leaving it); both calls idempotent. */
export interface OutgoingTransfers {
  /** One transaction, before the cursor moves past it; may be shown again after a restart. */
  recordTransaction(wallet: string, tx: IndexerTransaction): Promise<void>;
  /** A pass has read the indexer up to its newest transaction. */
  afterPass(): Promise<void>;
}

export interface TonWatcherOptions {
  wallet: string;
  client: ToncenterClient;
  payments: PaymentsService;
  /** Told of every transaction and of every full pass (advisors' payouts). */
  outgoing?: OutgoingTransfers;
  /** Used for the advisory lock; null runs without one (tests of concurrent watchers). */
  sql: Sql | null;
  intervalMs: number;
  pageSize?: number;
  backoff?: { baseMs: number; maxMs: number };
  /** Tries of one transaction (and of a pending credit) before it is kept as unmatched; default 5. */
  maxAttempts?: number;
  log?: (
    level: 'info' | 'warn' | 'error',
    message: string,
    detail?: Record<string, unknown>,
  ) => void;
  /** Told how each pass ended (metrics). */
  onPoll?: (result: 'ok' | 'failed') => void;
  /** Called after each recorded transaction (tests use it to stop in the middle of a page). */
  onRecorded?: (tx: IndexerTransaction, result: TonRecordResult) => void;
}

export class TonDepositWatcher {
  private readonly pageSize: number;
  private readonly maxAttempts: number;
  private readonly backoff: { baseMs: number; maxMs: number };
  private readonly lock: LeaderLock | null;
  /**
   * The wallet in raw form: what the indexer is asked for, and the key of the cursor and the
   * deposits, so writing TON_WALLET_ADDRESS in another form names the same wallet.
   */
  private readonly account: string;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;
  /** Aborts an indexer request in flight when the watcher stops. */
  private abort = new AbortController();
  private failures = 0;
  /** Set while polling, for logs and tests. */
  lastError: Error | null = null;
  polls = 0;

  constructor(private readonly options: TonWatcherOptions) {
    this.pageSize = options.pageSize ?? 100;
    this.maxAttempts = options.maxAttempts ?? 5;
    this.backoff = options.backoff ?? { baseMs: 1_000, maxMs: 5 * 60_000 };
    this.lock = options.sql ? new LeaderLock(options.sql, LOCK_KEYS.tonWatcher) : null;
    this.account = rawTonAddress(options.wallet) ?? options.wallet;
  }

  start(): void {
    if (this.running) return;
    this.stopping = false;
    this.abort = new AbortController();
    this.running = this.loop();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.abort.abort();
    this.wake?.();
    await this.running;
    this.running = null;
    await this.lock?.release();
  }

  /** Whether this instance is the one polling (holds the lock). */
  get isLeader(): boolean {
    return this.lock ? this.lock.held : this.running !== null;
  }

  /**
   * One pass: pages forward from the cursor until a short page, recording every transaction
   * after the cursor in lt order. Throws on an indexer failure, having recorded what came before it.
   */
  async pollOnce(): Promise<number> {
    const { client, payments } = this.options;
    const wallet = this.account;
    const settled = await payments.creditPendingTonDeposits(wallet, this.maxAttempts);
    if (settled > 0) this.options.log?.('info', 'pending TON deposits settled', { settled });
    let cursor = await payments.tonCursor(wallet);
    let recorded = 0;
    for (;;) {
      if (this.stopping) return recorded;
      // start_lt is inclusive and lt is unique per account: ask for what follows the cursor.
      const startLt = cursor && cursor.lt > 0n ? cursor.lt + 1n : undefined;
      const page = await client.transactions(
        { account: wallet, startLt, sort: 'asc', limit: this.pageSize },
        this.abort.signal,
      );
      const fresh = newTransactions(page, cursor?.lt ?? 0n);
      for (const tx of fresh) {
        if (this.stopping) return recorded;
        await this.options.outgoing?.recordTransaction(wallet, tx);
        const result = await this.record(wallet, tx);
        cursor = { lt: tx.lt, hash: tx.hash };
        recorded += 1;
        if (result.inserted && result.status) {
          this.options.log?.('info', 'TON deposit recorded', {
            depositId: result.depositId,
            status: result.status,
            userId: result.userId,
            creditedCents: result.creditedCents,
            txHash: tx.hash,
          });
        }
        this.options.onRecorded?.(tx, result);
      }
      if (page.length < this.pageSize) {
        await this.options.outgoing?.afterPass();
        return recorded;
      }
      if (fresh.length === 0) {
        // A full page with nothing past the cursor would be fetched again forever.
        throw new IndexerError(
          'indexer returned a full page without transactions after the cursor (does it honour start_lt?)',
        );
      }
    }
  }

  /**
   * Records one transaction; on a failure counts the try, and after `maxAttempts` keeps the
   * transfer as unmatched with the error. Below that the error ends the pass (retried with backoff).
   * A failure to count (the database is away) rethrows the original error: nothing is skipped.
   */
  private async record(wallet: string, tx: IndexerTransaction): Promise<TonRecordResult> {
    const { payments } = this.options;
    try {
      return await payments.recordTonTransaction(wallet, tx);
    } catch (error) {
      let parked: Awaited<ReturnType<PaymentsService['recordFailedTonTransaction']>>;
      try {
        parked = await payments.recordFailedTonTransaction(wallet, tx, error, this.maxAttempts);
      } catch {
        throw error;
      }
      if (!parked) throw error;
      this.options.log?.('error', 'TON transaction kept as unmatched after repeated failures', {
        txHash: tx.hash,
        depositId: parked.depositId,
        attempts: parked.attempts,
        error: error instanceof Error ? error.message : String(error),
      });
      return parked;
    }
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let delay = this.options.intervalMs;
      try {
        const leader = this.lock ? await this.lock.ensure() : true;
        if (leader) {
          this.polls += 1;
          await this.pollOnce();
          this.options.onPoll?.('ok');
          if (this.failures > 0)
            this.options.log?.('info', 'TON indexer reachable again', { failures: this.failures });
          this.failures = 0;
          this.lastError = null;
        }
      } catch (error) {
        this.failures += 1;
        this.options.onPoll?.('failed');
        this.lastError = error instanceof Error ? error : new Error(String(error));
        delay = Math.min(
          this.backoff.maxMs,
          this.backoff.baseMs * 2 ** Math.min(this.failures - 1, 20),
        );
        delay = Math.round(delay * (0.8 + Math.random() * 0.4));
        this.options.log?.(
          this.failures >= 3 ? 'error' : 'warn',
          'TON deposit poll failed; retrying',
          {
            error: this.lastError.message,
            failures: this.failures,
            retryInMs: delay,
          },
        );
      }
      await this.sleep(delay);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

/** Transactions after the cursor, once each (an indexer may repeat one across pages), oldest first. */
function newTransactions(page: IndexerTransaction[], afterLt: bigint): IndexerTransaction[] {
  const byHash = new Map<string, IndexerTransaction>();
  for (const tx of page) if (tx.lt > afterLt && !byHash.has(tx.hash)) byHash.set(tx.hash, tx);
  return [...byHash.values()].sort((a, b) => (a.lt < b.lt ? -1 : a.lt > b.lt ? 1 : 0));
}
