/** Asking the other instances whether a user has a socket open, over an in-memory transport pair. */
import { describe, expect, it } from 'vitest';
import { EventBus, type DomainEvent, type EventTransport } from './event-bus.js';
import { UserSockets } from './user-sockets.js';

/** Two transports that hand each other what they send, like two instances on one channel. */
function linkedTransports(): [EventTransport, EventTransport] {
  const receivers: Array<(event: DomainEvent) => void> = [];
  const transport = (index: number): EventTransport => ({
    send: (event) => setTimeout(() => receivers[1 - index]?.(structuredClone(event)), 5),
    start: async (onRemote) => {
      receivers[index] = onRemote;
    },
    stop: async () => {},
  });
  return [transport(0), transport(1)];
}

function linkedBuses(): [EventBus, EventBus] {
  const [a, b] = linkedTransports();
  return [new EventBus(a), new EventBus(b)];
}

describe('UserSockets', () => {
  it('finds a socket held by another instance, and answers false within the wait when none is', async () => {
    const [busA, busB] = linkedBuses();
    await busA.start();
    await busB.start();
    const heldOnB = new Set([42]);
    const onA = new UserSockets(busA, { hasSocketsOf: () => false }, { answerWaitMs: 200 });
    const onB = new UserSockets(
      busB,
      { hasSocketsOf: (id) => heldOnB.has(id) },
      { answerWaitMs: 200 },
    );
    onA.start();
    onB.start();
    // each has heard the other's hello
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await onA.anyOpen(42)).toBe(true);
    const started = Date.now();
    expect(await onA.anyOpen(43)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    heldOnB.delete(42);
    expect(await onA.anyOpen(42)).toBe(false);
    onA.stop();
    onB.stop();
  });

  it('answers from this instance alone, at once, without a transport', async () => {
    const bus = new EventBus(null);
    const sockets = new UserSockets(
      bus,
      { hasSocketsOf: (id) => id === 7 },
      { answerWaitMs: 10_000 },
    );
    sockets.start();
    expect(await sockets.anyOpen(7)).toBe(true);
    expect(await sockets.anyOpen(8)).toBe(false);
    sockets.stop();
  });

  it('answers at once on an instance with a transport that hears no other instance', async () => {
    // The transport is there (as in production with DATABASE_URL), but nobody else listens.
    const [busA, busB] = linkedBuses();
    await busA.start();
    await busB.start();
    const alone = new UserSockets(busA, { hasSocketsOf: () => false }, { answerWaitMs: 2_000 });
    alone.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    expect(await alone.anyOpen(43)).toBe(false);
    expect(Date.now() - started).toBeLessThan(500);
    alone.stop();
  });

  it('waits for answers again once a second instance says hello, and not after it has gone quiet', async () => {
    const [busA, busB] = linkedBuses();
    await busA.start();
    await busB.start();
    const timing = { answerWaitMs: 200, helloIntervalMs: 60_000, aloneAfterMs: 400 };
    const onA = new UserSockets(busA, { hasSocketsOf: () => false }, timing);
    onA.start();
    expect(onA.alone).toBe(true);
    const onB = new UserSockets(busB, { hasSocketsOf: () => false }, timing);
    onB.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onA.alone).toBe(false);
    expect(onB.alone).toBe(false);
    onB.stop();
    await new Promise((resolve) => setTimeout(resolve, 450));
    expect(onA.alone).toBe(true);
    onA.stop();
  });

  it('keeps chat traffic to itself while alone, and sends it again once another instance says hello', async () => {
    const [transportA, transportB] = linkedTransports();
    const sentByA: string[] = [];
    const busA = new EventBus({
      ...transportA,
      send: (event) => {
        sentByA.push(event.type);
        transportA.send(event);
      },
    });
    const busB = new EventBus(transportB);
    await busA.start();
    await busB.start();
    const timing = { helloIntervalMs: 60_000, aloneAfterMs: 60_000, startupGraceMs: 100 };
    const onA = new UserSockets(busA, { hasSocketsOf: () => false }, timing);
    busA.sendSocketTrafficWhen(() => onA.othersMayListen);
    onA.start();
    const message = (text: string): DomainEvent => ({
      type: 'message',
      userId: 1,
      advisorId: 2,
      message: { message_text: text } as never,
    });
    // Within the grace after start, others may still answer the hello: traffic goes.
    busA.publish(message('during the grace'));
    expect(sentByA).toContain('message');
    await expect.poll(() => onA.othersMayListen).toBe(false);
    sentByA.length = 0;
    busA.publish(message('alone'));
    busA.publish({ type: 'presence', advisorId: 2, isOnline: true });
    expect(sentByA).toEqual(['presence']);

    const heardOnB: string[] = [];
    busB.subscribe((event, origin) => {
      if (origin.remote && event.type === 'message') heardOnB.push(event.message.message_text);
    });
    const onB = new UserSockets(busB, { hasSocketsOf: () => false }, timing);
    busB.sendSocketTrafficWhen(() => onB.othersMayListen);
    onB.start();
    await expect.poll(() => onA.othersMayListen).toBe(true);
    busA.publish(message('together'));
    await expect.poll(() => heardOnB).toEqual(['together']);
    onA.stop();
    onB.stop();
  });
});
