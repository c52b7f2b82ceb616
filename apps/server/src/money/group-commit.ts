/**
 * Group commit of paid sends (docs/decisions/031-where-the-time-goes.md). Sends that arrive
 * while earlier ones are in the database wait and then go together: one statement, one
 * transaction, one commit (one WAL flush) for all of them. Nothing waits on a timer: at most
 * `maxInFlight` batches are in the database at once, and whatever arrived meanwhile is the next
 * batch, so a lone send goes at once (and alone, through the single-send function) and batches
 * grow only when sends really queue.
 *
 * Each send keeps its own outcome: inside the batch it runs in its own subtransaction
 * (migration 018), so a send that fails rolls back alone. Such a send is run again on its own,
 * so its caller sees exactly what the single send answers (its outcome, or its database error).
 * A batch whose statement fails as a whole (connection lost, database away) committed nothing,
 * and every send in it gets that error. A send is answered only after its batch has committed.
 */
import type { BatchedSendRow, PaidSendArgs, PaidSendRow } from './money.repository.js';

export interface SendStore {
  sendPaidMessage(send: PaidSendArgs): Promise<PaidSendRow>;
  sendPaidMessages(sends: readonly PaidSendArgs[]): Promise<BatchedSendRow[]>;
}

export interface GroupCommitOptions {
  /** Sends in one batch. Kept under 64 subtransactions, PostgreSQL's per-backend cache of them. */
  maxBatch: number;
  /** Batches in the database at once (each holds one pooled connection). */
  maxInFlight: number;
}

export const GROUP_COMMIT_DEFAULTS: GroupCommitOptions = { maxBatch: 32, maxInFlight: 2 };

interface Waiting {
  send: PaidSendArgs;
  resolve(row: PaidSendRow): void;
  reject(error: unknown): void;
}

/** What the batches did since start: for the benchmarks and the decision record's figures. */
export interface GroupCommitStats {
  batches: number;
  sends: number;
  largestBatch: number;
  /** Sends that failed inside a batch and were run again on their own. */
  retriedAlone: number;
}

export class GroupCommit {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  readonly stats: GroupCommitStats = { batches: 0, sends: 0, largestBatch: 0, retriedAlone: 0 };

  constructor(
    private readonly store: SendStore,
    private readonly options: GroupCommitOptions = GROUP_COMMIT_DEFAULTS,
  ) {}

  send(send: PaidSendArgs): Promise<PaidSendRow> {
    return new Promise<PaidSendRow>((resolve, reject) => {
      this.queue.push({ send, resolve, reject });
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
    this.stats.batches++;
    this.stats.sends += batch.length;
    this.stats.largestBatch = Math.max(this.stats.largestBatch, batch.length);
    if (batch.length === 1) {
      const [only] = batch;
      await this.store.sendPaidMessage(only!.send).then(only!.resolve, only!.reject);
      return;
    }
    // One order of user rows (then dialog rows) for every batch: concurrent batches cannot deadlock.
    // The sort is stable, so one user's sends keep the order they arrived in.
    const ordered = [...batch].sort(
      (a, b) => a.send.userId - b.send.userId || a.send.advisorId - b.send.advisorId,
    );
    let rows: BatchedSendRow[];
    try {
      rows = await this.store.sendPaidMessages(ordered.map((w) => w.send));
    } catch (error) {
      for (const waiting of ordered) waiting.reject(error);
      return;
    }
    const answered = new Set<number>();
    const failed: Waiting[] = [];
    for (const row of rows) {
      const waiting = ordered[row.out_index];
      if (!waiting || answered.has(row.out_index)) continue;
      answered.add(row.out_index);
      if (row.out_outcome === 'error') failed.push(waiting);
      else waiting.resolve(toSingleRow(row));
    }
    ordered.forEach((waiting, index) => {
      if (!answered.has(index)) {
        waiting.reject(new Error('the batched paid send did not answer for every send'));
      }
    });
    // Their subtransactions rolled back: nothing of them was written, so running them again is safe.
    for (const waiting of failed) {
      this.stats.retriedAlone++;
      await this.store.sendPaidMessage(waiting.send).then(waiting.resolve, waiting.reject);
    }
  }
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
