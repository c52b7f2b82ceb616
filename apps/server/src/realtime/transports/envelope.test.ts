/** Envelopes between instances: batching under the NOTIFY limit, chunking of large events, own echoes dropped. */
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../event-bus.js';
import { EnvelopeDecoder, encodeEvents } from './envelope.js';
import { NOTIFY_MAX_BYTES } from './postgres-transport.js';

function message(id: number, text: string): DomainEvent {
  return {
    type: 'message',
    userId: 7,
    advisorId: 3,
    message: {
      id,
      message_text: text,
      sender: 'user',
      manager_id: 3,
      telegram_user_id: 7,
      message_date: new Date(0).toISOString(),
      kind: 'text',
      image_url: null,
      read: false,
    },
  };
}

describe('envelopes', () => {
  it('packs many small events into few envelopes, each under the limit, in order', () => {
    const events = Array.from({ length: 200 }, (_, i) => message(i, `hello ${i} ✨`));
    const envelopes = encodeEvents('a', events, NOTIFY_MAX_BYTES);
    expect(envelopes.length).toBeGreaterThan(1);
    expect(envelopes.length).toBeLessThan(20);
    for (const envelope of envelopes)
      expect(Buffer.byteLength(envelope)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    const decoder = new EnvelopeDecoder('b');
    expect(envelopes.flatMap((e) => decoder.decode(e))).toEqual(events);
  });

  it('splits an event larger than the limit into chunks and puts it back together, whatever order they arrive in', () => {
    const big = message(1, '\u0001"\\ё😀'.repeat(3000));
    const envelopes = encodeEvents(
      'a',
      [message(0, 'before'), big, message(2, 'after')],
      NOTIFY_MAX_BYTES,
    );
    for (const envelope of envelopes)
      expect(Buffer.byteLength(envelope)).toBeLessThanOrEqual(NOTIFY_MAX_BYTES);
    const chunks = envelopes.slice(1, -1).reverse();
    const decoder = new EnvelopeDecoder('b');
    const out = [envelopes[0]!, ...chunks, envelopes.at(-1)!].flatMap((e) => decoder.decode(e));
    expect(out).toEqual([message(0, 'before'), big, message(2, 'after')]);
  });

  it("drops the instance's own envelopes and anything unreadable", () => {
    const [envelope] = encodeEvents('a', [message(1, 'x')], null);
    expect(new EnvelopeDecoder('a').decode(envelope!)).toEqual([]);
    expect(new EnvelopeDecoder('b').decode('not json')).toEqual([]);
    expect(new EnvelopeDecoder('b').decode('{"i":"c","c":{"id":"x","k":5,"n":2,"d":""}}')).toEqual(
      [],
    );
  });
});
