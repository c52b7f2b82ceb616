/** The image job limiter: a bounded number running, a short queue, nothing run for a client that has gone. */
import { describe, expect, it } from 'vitest';
import { ClientGoneError, ImageJobs, ImagesBusyError, SharedWork } from './image-jobs.js';

/** A job that runs until `finish()` is called, recording that it started. */
function controllable() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const job = { started: false, finish: () => finish(), run: async () => {} };
  job.run = async () => {
    job.started = true;
    await done;
  };
  return job;
}

describe('ImageJobs', () => {
  it('runs at most `concurrent` jobs, queues `queued` more and refuses the next with 503 busy', async () => {
    const jobs = new ImageJobs(2, 2);
    const all = Array.from({ length: 4 }, () => controllable());
    const results = all.map((job) => jobs.run(job.run));
    await Promise.resolve();
    expect(all.map((job) => job.started)).toEqual([true, true, false, false]);
    expect(jobs.load).toEqual({ running: 2, waiting: 2 });

    const refused = await jobs.run(async () => 'ran').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImagesBusyError);
    expect(refused).toMatchObject({ statusCode: 503, code: 'busy', retryAfterSeconds: 2 });

    all[0]!.finish();
    await results[0];
    await new Promise((resolve) => setImmediate(resolve));
    expect(all.map((job) => job.started)).toEqual([true, true, true, false]);
    expect(jobs.load).toEqual({ running: 2, waiting: 1 });
    for (const job of all) job.finish();
    await Promise.all(results);
    expect(jobs.load).toEqual({ running: 0, waiting: 0 });
  });

  it('drops a queued job whose client has gone, and never starts one for a client already gone', async () => {
    const jobs = new ImageJobs(1, 5);
    const first = controllable();
    const running = jobs.run(first.run);
    const queued = controllable();
    const client = new AbortController();
    const waiting = jobs.run(queued.run, client.signal);
    expect(jobs.load).toEqual({ running: 1, waiting: 1 });

    client.abort();
    await expect(waiting).rejects.toBeInstanceOf(ClientGoneError);
    expect(jobs.load).toEqual({ running: 1, waiting: 0 });
    first.finish();
    await running;
    expect(queued.started).toBe(false);
    expect(jobs.load).toEqual({ running: 0, waiting: 0 });

    const late = controllable();
    await expect(jobs.run(late.run, client.signal)).rejects.toBeInstanceOf(ClientGoneError);
    expect(late.started).toBe(false);
  });

  it('frees the slot of a job that failed', async () => {
    const jobs = new ImageJobs(1, 0);
    await expect(jobs.run(() => Promise.reject(new Error('bad pixels')))).rejects.toThrow('bad');
    expect(await jobs.run(async () => 'next')).toBe('next');
  });
});

describe('SharedWork', () => {
  it('shares one piece of work among concurrent callers, dropped only when all have gone', async () => {
    const shared = new SharedWork<string>();
    let runs = 0;
    let release!: (value: string) => void;
    const signals: AbortSignal[] = [];
    const work = (signal: AbortSignal) => {
      runs++;
      signals.push(signal);
      return new Promise<string>((resolve) => (release = resolve));
    };
    const a = new AbortController();
    const b = new AbortController();
    const first = shared.run('k', a.signal, work);
    const second = shared.run('k', b.signal, work);
    expect(runs).toBe(1);
    a.abort();
    expect(signals[0]!.aborted).toBe(false); // b still waits
    b.abort();
    expect(signals[0]!.aborted).toBe(true);
    release('done');
    expect(await first).toBe('done');
    expect(await second).toBe('done');

    // Later callers start it again; a caller without a signal keeps it wanted.
    const third = shared.run('k', undefined, work);
    expect(runs).toBe(2);
    release('again');
    expect(await third).toBe('again');
    expect(signals[1]!.aborted).toBe(false);
  });
});
