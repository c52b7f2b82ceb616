/**
 * Group commit of paid sends (docs/decisions/031-where-the-time-goes.md). Sends that arrive
 * while earlier ones are in the database wait and then go together: one statement, one
 * transaction, one commit (one WAL flush) for all of them. Nothing waits on a timer: at most
 * `maxInFlight` batches are in the database at once, and whatever arrived meanwhile is the next
 * batch, so a lone send goes at once (and alone, through the single-send function) and batches
 * grow only when sends really queue.
 *
 * A batch is one call of a set-based stored function (migration 034, decision 052): the sends as
 * arrays, every outcome decided by the single send's rules, then one statement per table. Each
 * send keeps its own outcome. A send the database refuses (a constraint, a value out of range)
 * fails the batch's statement, which then committed nothing; every send of that batch is run
 * again on its own, so each caller sees exactly what the single send answers (its outcome, or
 * its database error). A batch that fails in a way that cannot prove nothing was committed
 * (connection lost, server shutting down) is not run again: every send in it gets that error.
 * A send is answered only after its batch has committed.
 *
 * The batches count what they did (`stats`): how many, how many sends, and, summed over the sends,
 * how long each waited for its batch to leave and how long the database took with it. /metrics
 * exports them (metrics/metrics.ts), so an operator and the benchmarks see where a paid send's
 * time goes: one clock read per send and two per database call.
 */
import type { BatchedSendRow, PaidSendArgs, PaidSendRow } from './money.repository.js';

export interface SendStore {
  sendPaidMessage(send: PaidSendArgs): Promise<PaidSendRow>;
  sendPaidMessages(sends: readonly PaidSendArgs[]): Promise<BatchedSendRow[]>;
}

export interface GroupCommitOptions {
  /** Sends in one batch. */
  maxBatch: number;
  /** Batches in the database at once (each holds one pooled connection). */
  maxInFlight: number;
}

export const GROUP_COMMIT_DEFAULTS: GroupCommitOptions = { maxBatch: 32, maxInFlight: 4 };

interface Waiting {
  send: PaidSendArgs;
  /** When the send arrived (performance.now(), ms). */
  arrivedAt: number;
  resolve(row: PaidSendRow): void;
  reject(error: unknown): void;
}

/** What the batches did since start: for the metrics, the benchmarks and the decision records. */
export interface GroupCommitStats {
  batches: number;
  sends: number;
  largestBatch: number;
  /** Sends of refused batches that were run again on their own. */
  retriedAlone: number;
  /** Summed over sends: how long each waited for its batch to leave, in seconds. */
  queueSeconds: number;
  /** Summed over sends: how long each one's batch took in the database until answered, in seconds. */
  databaseSeconds: number;
}

export class GroupCommit {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  readonly stats: GroupCommitStats = {
    batches: 0,
    sends: 0,
    largestBatch: 0,
    retriedAlone: 0,
    queueSeconds: 0,
    databaseSeconds: 0,
  };

  constructor(
    private readonly store: SendStore,
    private readonly options: GroupCommitOptions = GROUP_COMMIT_DEFAULTS,
  ) {}

  send(send: PaidSendArgs): Promise<PaidSendRow> {
    return new Promise<PaidSendRow>((resolve, reject) => {
      this.queue.push({ send, arrivedAt: performance.now(), resolve, reject });
      this.schedule();
    });
  }

  /** Sends whose requests were read in the same turn of the event loop leave together. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.options.maxBatch);
      this.inFlight++;
      void this.run(batch).finally(() => {
        this.inFlight--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async run(batch: Waiting[]): Promise<void> {
    const leftAt = performance.now();
    this.stats.batches++;
    this.stats.sends += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    for (const waiting of batch) this.stats.queueSeconds += (leftAt - waiting.arrivedAt) / 1000;
    if (batch.length === 1) {
      const [only] = batch;
      await this.timed(1, this.store.sendPaidMessage(only!.send)).then(only!.resolve, only!.reject);
      return;
    }
    let rows: BatchedSendRow[];
    try {
      rows = await this.timed(batch.length, this.store.sendPaidMessages(batch.map((w) => w.send)));
    } catch (error) {
      if (!refusedBeforeCommit(error)) {
        for (const waiting of batch) waiting.reject(error);
        return;
      }
      // The statement was refused, so none of the batch was written: each goes again alone.
      for (const waiting of batch) {
        this.stats.retriedAlone++;
        await this.timed(1, this.store.sendPaidMessage(waiting.send)).then(
          waiting.resolve,
          waiting.reject,
        );
      }
      return;
    }
    const answered = new Set<number>();
    for (const row of rows) {
      const waiting = batch[row.out_index];
      if (!waiting || answered.has(row.out_index)) continue;
      answered.add(row.out_index);
      waiting.resolve(toSingleRow(row));
    }
    batch.forEach((waiting, index) => {
      if (!answered.has(index)) {
        waiting.reject(new Error('the batched paid send did not answer for every send'));
      }
    });
  }

  /** A call to the database, its time counted for each send it carries, before any is answered. */
  private timed<T>(sends: number, call: Promise<T>): Promise<T> {
    const startedAt = performance.now();
    return call.finally(() => {
      this.stats.databaseSeconds += ((performance.now() - startedAt) / 1000) * sends;
    });
  }
}

/**
 * Whether the database refused the batch's statement itself (bad data, a constraint, a conflict
 * or a raised error), so its transaction rolled back. Errors of other classes (the connection,
 * the server shutting down, resources) may come after a commit and are never retried.
 */
function refusedBeforeCommit(error: unknown): boolean {
  if (!(error instanceof Error) || error.name !== 'PostgresError') return false;
  const sqlState = (error as Error & { code?: unknown }).code;
  return typeof sqlState === 'string' && /^(22|23|40|P0)/.test(sqlState);
}

function toSingleRow(row: BatchedSendRow): PaidSendRow {
  return {
    out_outcome: row.out_outcome,
    out_message_id: row.out_message_id,
    out_created_at: row.out_created_at,
    out_balance_cents: row.out_balance_cents,
    out_free_messages: row.out_free_messages,
    out_price_cents: row.out_price_cents,
    out_paid_with: row.out_paid_with,
  };
}
