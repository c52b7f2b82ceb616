/** The global limit toward the Bot API: messages are spaced overall and per chat; other calls pass at once. */
import { describe, expect, it } from 'vitest';
import type { ApiCallFn } from 'grammy';
import { sendLimit, SendNotStartedError } from './send-limit.js';

function recorder() {
  const sent: Array<{ method: string; chat: unknown; at: number }> = [];
  const prev = (async (method: string, payload: { chat_id?: unknown }) => {
    sent.push({ method, chat: payload.chat_id, at: Date.now() });
    return { ok: true, result: true };
  }) as unknown as ApiCallFn;
  return { sent, prev };
}

describe('sendLimit', () => {
  it('spaces messages to one chat and overall, and lets other calls through at once', async () => {
    const limit = sendLimit({ perSecond: 20, perChatIntervalMs: 300 });
    const { sent, prev } = recorder();
    const started = Date.now();
    const call = (method: string, chat: number) =>
      limit(prev, method as 'sendMessage', { chat_id: chat, text: 'x' } as never);
    await Promise.all([
      call('sendMessage', 1),
      call('sendMessage', 1),
      call('sendMessage', 2),
      call('answerPreCheckoutQuery', 1),
    ]);
    const at = (method: string, chat: number, index = 0) =>
      sent.filter((s) => s.method === method && s.chat === chat)[index]!.at - started;
    expect(at('answerPreCheckoutQuery', 1)).toBeLessThan(30);
    expect(at('sendMessage', 1, 1) - at('sendMessage', 1, 0)).toBeGreaterThanOrEqual(290);
    // 20 a second overall: the second message (to another chat) waits 50 ms, not 300
    expect(at('sendMessage', 2)).toBeGreaterThanOrEqual(45);
    expect(at('sendMessage', 2)).toBeLessThan(250);
  });

  it('stops a waiting message on abort without sending it', async () => {
    const limit = sendLimit({ perSecond: 1, perChatIntervalMs: 0 });
    const { sent, prev } = recorder();
    await limit(prev, 'sendMessage', { chat_id: 1, text: 'x' } as never);
    const controller = new AbortController();
    const waiting = limit(
      prev,
      'sendMessage',
      { chat_id: 2, text: 'y' } as never,
      controller.signal as never,
    );
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(SendNotStartedError);
    expect(sent).toHaveLength(1);
  });
});
