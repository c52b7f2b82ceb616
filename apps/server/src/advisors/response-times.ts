/**
 * Keeps the advisors' median first-response times fresh: at start and then every
 * `intervalMs`, the one instance holding the leader lock recomputes them into the advisors
 * table; the others only read them with the advisor. Several instances therefore never
 * recompute at once, and if the leader goes away the next instance to tick takes the lock over.
 */
import { LeaderLock, LOCK_KEYS } from '../db/leader-lock.js';
import { PeriodicRound } from '../kernel/periodic-round.js';
import type { Sql } from '../db/database.js';
import type { LogFunction } from '../logger.js';
import type { AdvisorsService } from './advisors.service.js';

export interface ResponseTimesOptions {
  sql: Sql;
  advisors: Pick<AdvisorsService, 'refreshResponseTimes'>;
  intervalMs: number;
  log: LogFunction;
}

export class ResponseTimesRefresher {
  private readonly lock: LeaderLock;
  private readonly periodic: PeriodicRound<void>;
  /** Completed recomputations on this instance (tests, logs). */
  refreshes = 0;

  constructor(private readonly options: ResponseTimesOptions) {
    this.lock = new LeaderLock(options.sql, LOCK_KEYS.responseTimes);
    this.periodic = new PeriodicRound(() => this.round(), options.intervalMs);
  }

  /** Whether this instance is the one recomputing. */
  get isLeader(): boolean {
    return this.lock.held;
  }

  /** Ticks at once, then every interval. */
  start(): void {
    this.periodic.start();
  }

  async stop(): Promise<void> {
    await this.periodic.stop();
    await this.lock.release();
  }

  /** One round: recompute when this instance holds (or can take) the lock; never throws. */
  tick(): Promise<void> {
    return this.periodic.tick();
  }

  private async round(): Promise<void> {
    try {
      if (!(await this.lock.ensure())) return;
      const started = Date.now();
      const { changed } = await this.options.advisors.refreshResponseTimes();
      this.refreshes += 1;
      if (changed > 0)
        this.options.log('info', 'response times refreshed', { changed, ms: Date.now() - started });
    } catch (error) {
      // The database may be away for a moment; the next tick tries again.
      this.options.log('warn', 'response times not refreshed', {
        err: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
