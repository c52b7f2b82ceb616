/** A dialog's messages: history and live arrivals merged by id, oldest first, with read receipts applied. */
import type { Message } from '@seer/contract';

/** Merges message lists by id (later copies win, so a read flag can update). */
export function mergeMessages(...lists: ReadonlyArray<readonly Message[]>): Message[] {
  const byId = new Map<number, Message>();
  for (const list of lists) for (const message of list) byId.set(message.id, message);
  return [...byId.values()].sort(
    (a, b) => Date.parse(a.message_date) - Date.parse(b.message_date) || a.id - b.id,
  );
}

/** The other side has read `sender`'s messages up to `upToId`. */
export function applyReadUpTo(
  messages: readonly Message[],
  sender: Message['sender'],
  upToId: number,
): Message[] {
  if (upToId === 0) return [...messages];
  return messages.map((m) =>
    m.sender === sender && !m.read && m.id <= upToId ? { ...m, read: true } : m,
  );
}
