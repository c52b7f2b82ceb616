/**
 * The global limit toward the Bot API: Telegram accepts about 30 messages a second from a bot
 * overall and about one a second in one chat (https://core.telegram.org/bots/faq#my-bot-is-hitting-limits-how-do-i-avoid-this).
 * A grammY transformer that spaces the calls that send messages; other calls (checkout answers,
 * invoices, polling) pass at once, so a burst of notices never delays a payment.
 */
import type { Transformer } from 'grammy';
import { nodeSignal } from './bot-api.js';

const SENDING_METHODS = new Set([
  'sendMessage',
  'sendPhoto',
  'sendDocument',
  'sendInvoice',
  'copyMessage',
  'forwardMessage',
]);

/** A call stopped (its signal aborted) while it waited for its turn: Telegram never saw it. */
export class SendNotStartedError extends Error {
  constructor(readonly method: string) {
    super(`${method} was stopped before it was sent`);
  }
}

export interface SendLimitOptions {
  perSecond: number;
  perChatIntervalMs: number;
}

const DEFAULT_OPTIONS: SendLimitOptions = { perSecond: 30, perChatIntervalMs: 1_000 };

/** Chats remembered at most; older entries are in the past anyway and are dropped first. */
const MAX_CHATS = 10_000;

export function sendLimit(options: Partial<SendLimitOptions> = {}): Transformer {
  const { perSecond, perChatIntervalMs } = { ...DEFAULT_OPTIONS, ...options };
  const spacingMs = 1000 / perSecond;
  /** Times already given to messages (ascending): no two closer than `spacingMs`. */
  const slots: number[] = [];
  const nextFreeInChat = new Map<string, number>();
  return async (prev, method, payload, signal) => {
    if (!SENDING_METHODS.has(method)) return prev(method, payload, signal);
    const chat = String((payload as { chat_id?: unknown }).chat_id);
    const now = Date.now();
    while (slots.length > 0 && slots[0]! + spacingMs <= now) slots.shift();
    // The chat's own turn first, then the first free global slot from there: a message waiting
    // for its chat does not hold back messages to other chats.
    let at = Math.max(now, nextFreeInChat.get(chat) ?? 0);
    let index = 0;
    for (; index < slots.length; index++) {
      const slot = slots[index]!;
      if (slot + spacingMs <= at) continue;
      if (slot >= at + spacingMs) break;
      at = slot + spacingMs;
    }
    slots.splice(index, 0, at);
    nextFreeInChat.delete(chat);
    nextFreeInChat.set(chat, at + perChatIntervalMs);
    if (nextFreeInChat.size > MAX_CHATS) {
      for (const [key, time] of nextFreeInChat) {
        if (time > now && nextFreeInChat.size <= MAX_CHATS) break;
        nextFreeInChat.delete(key);
      }
    }
    if (at > now && !(await wait(at - now, signal && nodeSignal(signal))))
      throw new SendNotStartedError(method);
    return prev(method, payload, signal);
  };
}

/** Resolves true after `ms`, or false as soon as the signal aborts. */
function wait(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve(false);
    const timer = setTimeout(() => finish(true), ms);
    const abort = () => finish(false);
    signal?.addEventListener('abort', abort, { once: true });
    function finish(waited: boolean) {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
      resolve(waited);
    }
  });
}
