/**
 * Image work, bounded (decision 035). Decoding is the one thing a client can make expensive, so at
 * most `concurrent` image jobs run at a time on an instance and at most `queued` wait behind them;
 * one more is refused at once with a 503 `busy` and Retry-After instead of piling up memory. A job
 * still waiting when its client goes away is dropped without running. Concurrent requests for the
 * same result (the same width of the same image) share one job, which is dropped only when every
 * one of them has gone.
 */
import { ERROR_CODES } from '@seer/contract';
import { AppError, BusyError } from '../errors.js';

/** What a client whose image work is refused should wait before asking again. */
export const BUSY_RETRY_AFTER_SECONDS = 2;

/**
 * The request went away before its image work started: nobody is left to answer (499, as proxies
 * log a request closed by its client).
 */
export class ClientGoneError extends AppError {
  constructor() {
    super(499, ERROR_CODES.badRequest, 'The request was closed before its image was processed');
  }
}

export class ImagesBusyError extends BusyError {
  constructor() {
    super(
      `The server is busy processing other images; nothing was done, try again in ${BUSY_RETRY_AFTER_SECONDS} s`,
      BUSY_RETRY_AFTER_SECONDS,
    );
  }
}

interface Waiting {
  start(): void;
}

export class ImageJobs {
  private running = 0;
  private readonly waiting: Waiting[] = [];

  constructor(
    readonly concurrent: number,
    readonly queued: number,
  ) {
    if (!(concurrent >= 1)) throw new RangeError('ImageJobs: at least one job must be able to run');
  }

  /** Jobs running and waiting now (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  /**
   * Runs `job` when a slot is free. ImagesBusyError at once when the queue is full; ClientGoneError
   * when `signal` aborts before the job started (it then never runs). A job already running is not
   * interrupted (libvips cannot be), but the limits keep it to seconds.
   */
  async run<T>(job: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new ClientGoneError();
    if (this.running < this.concurrent) this.running++;
    else {
      if (this.waiting.length >= this.queued) throw new ImagesBusyError();
      await new Promise<void>((resolve, reject) => {
        const entry: Waiting = {
          start: () => {
            signal?.removeEventListener('abort', onAbort);
            resolve();
          },
        };
        const onAbort = () => {
          const index = this.waiting.indexOf(entry);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new ClientGoneError());
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(entry);
      });
      // The slot was handed over by the job that finished: `running` already counts this one.
    }
    try {
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next.start();
      else this.running--;
    }
  }
}

interface Shared<T> {
  result: Promise<T>;
  controller: AbortController;
  interested: number;
}

/**
 * One piece of work per key at a time: concurrent callers share its result. The work gets a signal
 * that aborts only when every caller's signal has aborted.
 */
export class SharedWork<T> {
  private readonly inFlight = new Map<string, Shared<T>>();

  async run(
    key: string,
    signal: AbortSignal | undefined,
    work: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    let shared = this.inFlight.get(key);
    // Work that everyone has left is being dropped: a newcomer starts it again.
    if (!shared || shared.controller.signal.aborted) {
      const controller = new AbortController();
      const started: Shared<T> = { result: work(controller.signal), controller, interested: 0 };
      void started.result
        .finally(() => {
          if (this.inFlight.get(key) === started) this.inFlight.delete(key);
        })
        .catch(() => {});
      shared = started;
      this.inFlight.set(key, shared);
    }
    const joined = shared;
    joined.interested++;
    const leave = () => {
      joined.interested--;
      if (joined.interested === 0) joined.controller.abort();
    };
    if (signal?.aborted) leave();
    else signal?.addEventListener('abort', leave, { once: true });
    try {
      return await joined.result;
    } finally {
      signal?.removeEventListener('abort', leave);
    }
  }
}
