/**
 * Turns changes of advisors' socket presence into `presence` events and keeps the advisor
 * lists' cached `isOnline` fresh. Each instance derives these from the shared claims itself,
 * so the event is delivered locally only: every instance's sockets get it exactly once.
 */
import type { EventBus } from '../realtime/event-bus.js';
import type { AdvisorsService } from './advisors.service.js';
import type { SocketPresence } from '../realtime/socket-presence.js';

export function publishPresenceChanges(
  presence: SocketPresence,
  advisors: AdvisorsService,
  events: EventBus,
): () => void {
  const lastSent = new Map<number, boolean>();
  const chains = new Map<number, Promise<void>>();

  const offEvents = events.subscribe((event) => {
    if (event.type !== 'presence') return;
    // An away switch (here or on another instance) or a change published below.
    lastSent.set(event.advisorId, event.isOnline);
    advisors.invalidate();
  });

  const offPresence = presence.onChange((advisorId) => {
    advisors.invalidate();
    // One lookup at a time per advisor, each judging the state at its end: a quick
    // connect-disconnect cannot leave the older answer last.
    const previous = chains.get(advisorId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        const record = await advisors.find(advisorId);
        if (!record) return;
        const isOnline = advisors.isOnline(record);
        if (lastSent.get(advisorId) === isOnline) return;
        events.publishLocal({ type: 'presence', advisorId, isOnline });
      })
      .catch(() => {
        // the database is unreachable: the lists' isOnline is still right; the next change retries
      })
      .finally(() => {
        if (chains.get(advisorId) === next) chains.delete(advisorId);
      });
    chains.set(advisorId, next);
  });

  return () => {
    offEvents();
    offPresence();
  };
}
