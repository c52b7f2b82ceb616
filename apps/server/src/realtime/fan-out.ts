/**
 * The typed fan-out from domain events to rooms. Each domain maps its own events to wire frames in
 * one place (chat/chat.frames.ts, money/money.frames.ts, advisors/advisors.frames.ts) and says
 * which rooms hear them; the socket hub only encodes each frame once and sends it to the union of
 * those rooms, once per socket.
 */
import type { ServerFrame } from '@seer/contract';
import type { DomainEvent } from './event-bus.js';

export interface Delivery {
  frame: ServerFrame;
  /** Room names (see rooms.ts); a socket in several of them receives the frame once. */
  rooms: string[];
}

/** A domain's mapping of the events it owns; null for events it does not own. */
export type DeliveryRule = (event: DomainEvent) => Delivery | null;

export function deliveriesOf(event: DomainEvent, rules: readonly DeliveryRule[]): Delivery[] {
  const found: Delivery[] = [];
  for (const rule of rules) {
    const delivery = rule(event);
    if (delivery) found.push(delivery);
  }
  return found;
}
