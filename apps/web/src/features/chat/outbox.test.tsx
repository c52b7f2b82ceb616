import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { Message } from '@seer/contract';
import { ApiError } from '../../lib/api-client';
import { newClientId, useOutbox } from './outbox';

const sendPaid = vi.fn();
vi.mock('../../shared/live-dialog/send-message', () => ({
  sendPaidMessage: (...args: unknown[]) => sendPaid(...args),
}));

const saved: Message = {
  id: 9,
  message_text: 'Will it work out?',
  sender: 'user',
  manager_id: 4,
  telegram_user_id: 42,
  message_date: new Date().toISOString(),
  kind: 'text',
  image_url: null,
  read: false,
};

afterEach(() => sendPaid.mockReset());

describe('the chat outbox', () => {
  it('makes a version 4 UUID per message', () => {
    const ids = new Set(Array.from({ length: 50 }, newClientId));
    expect(ids.size).toBe(50);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('keeps a message that failed on the way and retries it under the same client id', async () => {
    const onSent = vi.fn();
    const { result } = renderHook(() => useOutbox(4, onSent));
    sendPaid.mockRejectedValueOnce(new ApiError(0, 'network', 'Failed to fetch'));
    let outcome;
    await act(async () => {
      outcome = await result.current.send({ text: 'Will it work out?' });
    });
    expect(outcome).toEqual({ kind: 'failed' });
    expect(result.current.items).toMatchObject([{ text: 'Will it work out?', state: 'failed' }]);
    const clientId = result.current.items[0]!.clientId;

    // A 503 (the database away) is failed on the way too.
    sendPaid.mockRejectedValueOnce(new ApiError(503, 'database_unavailable', 'unavailable'));
    await act(async () => {
      await result.current.retry(clientId);
    });
    expect(result.current.items).toMatchObject([{ clientId, state: 'failed' }]);

    sendPaid.mockResolvedValueOnce(saved);
    await act(async () => {
      outcome = await result.current.retry(clientId);
    });
    expect(outcome).toEqual({ kind: 'sent', message: saved });
    expect(result.current.items).toEqual([]);
    expect(onSent).toHaveBeenCalledWith(saved);
    // Every attempt carried the one client id.
    expect(sendPaid.mock.calls.map((call) => (call[1] as { clientId: string }).clientId)).toEqual([
      clientId,
      clientId,
      clientId,
    ]);
  });

  it('drops a message the server refused and says why: no funds, a limit, anything else', async () => {
    const { result } = renderHook(() => useOutbox(4, vi.fn()));
    for (const [error, kind] of [
      [new ApiError(402, 'insufficient_funds', 'no'), 'topUp'],
      [new ApiError(402, 'spending_limit_reached', 'no'), 'spendingLimit'],
      [new ApiError(403, 'blocked', 'no'), 'refused'],
    ] as const) {
      sendPaid.mockRejectedValueOnce(error);
      let outcome: { kind: string } | undefined;
      await act(async () => {
        outcome = await result.current.send({ text: 'hello' });
      });
      expect(outcome?.kind).toBe(kind);
      await waitFor(() => expect(result.current.items).toEqual([]));
    }
  });
});
