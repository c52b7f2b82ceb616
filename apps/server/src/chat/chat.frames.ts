/** The chat's live frames: a new message, a read receipt and "the advisor is typing", and which rooms hear them. */
import type { DomainEvent } from '../realtime/event-bus.js';
import type { Delivery } from '../realtime/fan-out.js';
import { room } from '../realtime/rooms.js';

export function chatDeliveries(event: DomainEvent): Delivery | null {
  switch (event.type) {
    case 'message': {
      const { message, userId, advisorId } = event;
      return {
        frame: {
          type: 'new_message',
          data: {
            message: message.message_text,
            sender: message.sender,
            manager_id: advisorId,
            telegram_user_id: userId,
            timestamp: message.message_date,
            id: message.id,
            full: message,
          },
        },
        // Every socket of the user hears of their dialogs (the chat list updates live), besides
        // the dialog's subscribers and the advisor's inbox sockets.
        rooms: [room.dialog(userId, advisorId), room.advisor(advisorId), room.user(userId)],
      };
    }
    case 'read':
      return {
        frame: {
          type: 'read',
          data: {
            manager_id: event.advisorId,
            telegram_user_id: event.userId,
            reader: event.reader,
            up_to_id: event.upToId,
          },
        },
        rooms: [room.dialog(event.userId, event.advisorId), room.advisor(event.advisorId)],
      };
    case 'typing':
      // The dialog's user on every socket (the chat screen and the list), and the advisor's
      // other inbox sockets, so a second device sees a reply is under way.
      return {
        frame: {
          type: 'typing',
          data: { manager_id: event.advisorId, telegram_user_id: event.userId },
        },
        rooms: [room.user(event.userId), room.advisor(event.advisorId)],
      };
    default:
      return null;
  }
}
