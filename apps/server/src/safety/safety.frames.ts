/** The block frame: both parties' sockets hear a block set or lifted (decision 048). */
import type { DomainEvent } from '../realtime/event-bus.js';
import type { Delivery } from '../realtime/fan-out.js';
import { room } from '../realtime/rooms.js';

export function safetyDeliveries(event: DomainEvent): Delivery | null {
  if (event.type !== 'block_changed') return null;
  return {
    frame: {
      type: 'block',
      data: {
        manager_id: event.advisorId,
        telegram_user_id: event.userId,
        by: event.by,
        blocked: event.blocked,
      },
    },
    rooms: [room.user(event.userId), room.advisor(event.advisorId)],
  };
}
