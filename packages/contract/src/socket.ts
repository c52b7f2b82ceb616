/**
 * The live socket at /ws (docs/product-rules.md#the-live-socket): one typed map per direction.
 * Frames are JSON; the server validates every frame on arrival with these schemas.
 */
import { z } from 'zod';
import { advisorIdNumber as advisorId, telegramIdNumber as id } from './ids.js';
import { Message } from './api.js';
import { NotificationFrameData } from './notifications.js';

// The constants live in a module without schemas, so the Mini App's socket client can import
// them without bundling zod.
export {
  SOCKET_CLOSE_CODES,
  SOCKET_MAX_FRAME_BYTES,
  SOCKET_PATH,
  SOCKET_SUBPROTOCOL,
} from './socket-codes.js';

export const ClientFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('user_connect'),
    user_id: id,
    data: z
      .object({ manager_id: advisorId.optional(), role: z.literal('user') })
      .partial({ role: true })
      .optional(),
  }),
  z.object({
    type: z.literal('manager_connect'),
    user_id: id,
    data: z
      .object({ manager_id: advisorId, role: z.literal('manager') })
      .partial({ role: true })
      .optional(),
  }),
  z.object({ type: z.literal('subscribe_dialog'), telegram_user_id: id, manager_id: advisorId }),
  z.object({
    type: z.literal('unsubscribe_dialog'),
    telegram_user_id: id,
    manager_id: advisorId,
  }),
  /**
   * The dialog's advisor is composing a reply (sent by the advisor's workspace while typing, at
   * most every LIMITS.typingFrameIntervalMs); only the advisor of that dialog may send it.
   */
  z.object({ type: z.literal('typing'), telegram_user_id: id, manager_id: advisorId }),
  z.object({ type: z.literal('ping') }),
  /**
   * A session token. As the first frame of a socket opened without a credential, it signs the
   * socket in; later, a renewed token: the socket stays open past the old token's expiry.
   */
  z.object({ type: z.literal('session'), token: z.string().min(1).max(512) }),
]);
export type ClientFrame = z.infer<typeof ClientFrame>;

/** What the original client's new_message event carries, plus the full message for richer clients. */
export const NewMessageData = z.object({
  message: z.string(),
  sender: z.enum(['user', 'manager']),
  manager_id: z.number().int(),
  telegram_user_id: z.number().int(),
  /** ISO 8601. */
  timestamp: z.string(),
  id: z.number().int(),
  full: Message,
});

export const ServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('connected'),
    role: z.enum(['user', 'manager']),
    telegram_user_id: z.number().int(),
    /** The advisor record of a manager_connect. */
    manager_id: z.number().int().optional(),
  }),
  z.object({
    type: z.literal('subscribed'),
    telegram_user_id: z.number().int(),
    manager_id: z.number().int(),
  }),
  z.object({
    type: z.literal('unsubscribed'),
    telegram_user_id: z.number().int(),
    manager_id: z.number().int(),
  }),
  z.object({ type: z.literal('new_message'), data: NewMessageData }),
  z.object({
    type: z.literal('presence'),
    data: z.object({ manager_id: z.number().int(), isOnline: z.boolean() }),
  }),
  z.object({
    type: z.literal('read'),
    data: z.object({
      manager_id: z.number().int(),
      telegram_user_id: z.number().int(),
      /** Who read: the other party's messages up to up_to_id are now read. */
      reader: z.enum(['user', 'manager']),
      up_to_id: z.number().int(),
    }),
  }),
  z.object({
    type: z.literal('balance'),
    data: z.object({
      balance: z.number(),
      balance_cents: z.number().int(),
      free_messages: z.number().int(),
      /** Why it changed: a message charge, a deposit, a Stars payment, an admin credit. */
      reason: z.string(),
      amount_cents: z.number().int(),
    }),
  }),
  /** The advisor of this dialog is composing a reply; shown until a message or LIMITS.typingShownMs. */
  z.object({
    type: z.literal('typing'),
    data: z.object({ manager_id: z.number().int(), telegram_user_id: z.number().int() }),
  }),
  /** A notification was written or bumped (notification), or the unread count changed (notification null). */
  z.object({ type: z.literal('notification'), data: NotificationFrameData }),
  z.object({ type: z.literal('pong') }),
  /**
   * A block between a dialog's user and advisor was set or lifted (docs/decisions/048): both
   * parties' sockets hear it, so an open chat stops (or starts again) taking messages at once.
   */
  z.object({
    type: z.literal('block'),
    data: z.object({
      manager_id: z.number().int(),
      telegram_user_id: z.number().int(),
      by: z.enum(['user', 'manager']),
      blocked: z.boolean(),
    }),
  }),
  /** The session token (first or renewed) was taken: the socket is now good until `expires_at` (seconds since the epoch). */
  z.object({ type: z.literal('session'), expires_at: z.number().int() }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type ServerFrame = z.infer<typeof ServerFrame>;
export type ServerFrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
