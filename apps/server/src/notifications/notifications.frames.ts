/** The notification frame: to every socket of the user, after the notification's commit. */
import type { DomainEvent } from '../realtime/event-bus.js';
import type { Delivery } from '../realtime/fan-out.js';
import { room } from '../realtime/rooms.js';

export function notificationDeliveries(event: DomainEvent): Delivery | null {
  if (event.type !== 'notification') return null;
  return {
    frame: {
      type: 'notification',
      data: { unread: event.unread, notification: event.notification, removed: event.removed },
    },
    rooms: [room.user(event.userId)],
  };
}
