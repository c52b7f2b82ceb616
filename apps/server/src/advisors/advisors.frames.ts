/** An advisor's presence frame: to the sockets watching a dialog with them and to their own inbox. */
import type { DomainEvent } from '../realtime/event-bus.js';
import type { Delivery } from '../realtime/fan-out.js';
import { room } from '../realtime/rooms.js';

export function advisorDeliveries(event: DomainEvent): Delivery | null {
  if (event.type !== 'presence') return null;
  return {
    frame: {
      type: 'presence',
      data: { manager_id: event.advisorId, isOnline: event.isOnline },
    },
    rooms: [room.advisorWatchers(event.advisorId), room.advisor(event.advisorId)],
  };
}
