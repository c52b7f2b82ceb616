/** The balance frame every socket of a user receives after a committed balance change. */
import { centsToDollars } from '@seer/contract';
import type { DomainEvent } from '../realtime/event-bus.js';
import type { Delivery } from '../realtime/fan-out.js';
import { room } from '../realtime/rooms.js';

export function moneyDeliveries(event: DomainEvent): Delivery | null {
  if (event.type !== 'balance') return null;
  return {
    frame: {
      type: 'balance',
      data: {
        balance: centsToDollars(event.balanceCents),
        balance_cents: event.balanceCents,
        free_messages: event.freeMessages,
        reason: event.reason,
        amount_cents: event.amountCents,
      },
    },
    rooms: [room.user(event.telegramId)],
  };
}
