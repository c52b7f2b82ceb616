/** The background workers' timer: no round runs twice at once, and a stopped one does not tick. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PeriodicRound } from './periodic-round.js';

/** A round that runs until the test lets it finish, counting how often it was started. */
function heldRound() {
  let started = 0;
  let finish: (() => void) | null = null;
  const round = () => {
    started += 1;
    return new Promise<number>((resolve) => {
      finish = () => resolve(started);
    });
  };
  return { round, started: () => started, finish: () => finish?.() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a periodic round', () => {
  it('answers a tick during a running round with that round instead of starting another', async () => {
    const held = heldRound();
    const periodic = new PeriodicRound(held.round, 60_000);
    const first = periodic.tick();
    const second = periodic.tick();
    expect(held.started()).toBe(1);
    held.finish();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    // Once it is over, the next tick starts a new round.
    const third = periodic.tick();
    held.finish();
    expect(await third).toBe(2);
  });

  it('runs at start and every interval, and waits for a running round when stopped', async () => {
    vi.useFakeTimers();
    const held = heldRound();
    const periodic = new PeriodicRound(held.round, 1_000);
    periodic.start();
    periodic.start();
    expect(held.started()).toBe(1);
    held.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(held.started()).toBe(2);

    let stopped = false;
    const stopping = periodic.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(held.started()).toBe(2);
  });
});
