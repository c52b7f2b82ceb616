/**
 * A background worker's timer: one round at start, then one every `intervalMs`. A round still
 * running is never started again on this instance — a tick meanwhile answers the running one —
 * and stopping waits for it, so a stopped worker writes nothing after. The round itself catches
 * its errors (the database may be away for a moment; the next tick tries again).
 */
export class PeriodicRound<Result> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<Result> | null = null;

  constructor(
    private readonly round: () => Promise<Result>,
    private readonly intervalMs: number,
  ) {}

  /** Ticks at once, then every interval; the timer does not keep the process alive. */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
    void this.tick();
  }

  /** No more ticks; resolves once a running round has finished. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One round now, or the one already running. */
  tick(): Promise<Result> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
