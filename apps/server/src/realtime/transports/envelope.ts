/**
 * How events travel between instances: batched into envelopes stamped with the sending
 * instance's id (so an instance drops its own echoes), each envelope at most `maxBytes`
 * when the channel has a limit (PostgreSQL NOTIFY: 8000 bytes). An event too large for one
 * envelope travels in base64 chunks and is put back together on arrival.
 */
import { randomBytes } from 'node:crypto';
import type { DomainEvent } from '../event-bus.js';

/** Envelope JSON: `{"i":instance,"e":[event,...]}` or a chunk `{"i":instance,"c":{id,k,n,d}}`. */
interface Envelope {
  i: string;
  e?: DomainEvent[];
  c?: { id: string; k: number; n: number; d: string };
}

export function newInstanceId(): string {
  return randomBytes(8).toString('hex');
}

/** Packs events into as few envelopes as the size limit allows, keeping their order. */
export function encodeEvents(
  instanceId: string,
  events: readonly DomainEvent[],
  maxBytes: number | null,
): string[] {
  const head = `{"i":${JSON.stringify(instanceId)},"e":[`;
  const tail = ']}';
  if (maxBytes === null) return [head + events.map((e) => JSON.stringify(e)).join(',') + tail];

  const envelopes: string[] = [];
  let parts: string[] = [];
  let size = Buffer.byteLength(head) + tail.length;
  const flush = () => {
    if (parts.length) envelopes.push(head + parts.join(',') + tail);
    parts = [];
    size = Buffer.byteLength(head) + tail.length;
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    const bytes = Buffer.byteLength(json);
    if (Buffer.byteLength(head) + bytes + tail.length > maxBytes) {
      flush();
      envelopes.push(...chunk(instanceId, json, maxBytes));
      continue;
    }
    if (size + bytes + (parts.length ? 1 : 0) > maxBytes) flush();
    parts.push(json);
    size += bytes + (parts.length > 1 ? 1 : 0);
  }
  flush();
  return envelopes;
}

function chunk(instanceId: string, eventJson: string, maxBytes: number): string[] {
  const data = Buffer.from(eventJson).toString('base64');
  const room = maxBytes - 200; // the chunk's own JSON around the data
  const count = Math.ceil(data.length / room);
  const id = randomBytes(6).toString('hex');
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const envelope: Envelope = {
      i: instanceId,
      c: { id, k, n: count, d: data.slice(k * room, (k + 1) * room) },
    };
    out.push(JSON.stringify(envelope));
  }
  return out;
}

const CHUNK_TIMEOUT_MS = 30_000;
const MAX_PENDING_CHUNKED = 1000;

/** Turns envelopes back into events; drops this instance's own and anything unreadable. */
export class EnvelopeDecoder {
  private readonly pending = new Map<
    string,
    { parts: (string | undefined)[]; received: number; at: number }
  >();

  /** Every envelope this instance writes starts so (see encodeEvents and chunk). */
  private readonly ownPrefix: string;

  constructor(private readonly instanceId: string) {
    this.ownPrefix = `{"i":${JSON.stringify(instanceId)},`;
  }

  decode(payload: string): DomainEvent[] {
    // PostgreSQL hands an instance its own NOTIFYs too: skip them without parsing.
    if (payload.startsWith(this.ownPrefix)) return [];
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return [];
    }
    if (!envelope || typeof envelope !== 'object' || envelope.i === this.instanceId) return [];
    if (Array.isArray(envelope.e)) return envelope.e;
    if (envelope.c) return this.addChunk(envelope.i, envelope.c);
    return [];
  }

  private addChunk(from: string, c: NonNullable<Envelope['c']>): DomainEvent[] {
    const now = Date.now();
    if (
      !Number.isInteger(c.n) ||
      c.n < 1 ||
      c.n > 10_000 ||
      !Number.isInteger(c.k) ||
      c.k < 0 ||
      c.k >= c.n
    )
      return [];
    const key = `${from}:${c.id}`;
    let entry = this.pending.get(key);
    if (!entry) {
      this.expire(now);
      if (this.pending.size >= MAX_PENDING_CHUNKED) return [];
      entry = { parts: new Array<string | undefined>(c.n), received: 0, at: now };
      this.pending.set(key, entry);
    }
    if (entry.parts[c.k] === undefined) {
      entry.parts[c.k] = c.d;
      entry.received++;
    }
    if (entry.received < entry.parts.length) return [];
    this.pending.delete(key);
    try {
      return [
        JSON.parse(Buffer.from(entry.parts.join(''), 'base64').toString('utf8')) as DomainEvent,
      ];
    } catch {
      return [];
    }
  }

  private expire(now: number): void {
    for (const [key, entry] of this.pending) {
      if (now - entry.at > CHUNK_TIMEOUT_MS) this.pending.delete(key);
    }
  }
}

/**
 * Collects events published in one turn of the event loop and hands them over together:
 * under load, one NOTIFY or PUBLISH carries many events instead of one each. With
 * `minIntervalMs`, hand-overs are also at least that far apart: the first event after a quiet
 * spell still leaves at the next turn, but at 1,000 paid messages/s the transport sends a few
 * hundred statements a second instead of one or two per message (each a write to the database
 * or Redis, and for NOTIFY a commit; docs/decisions/031-where-the-time-goes.md).
 */
export class Batcher {
  private queue: DomainEvent[] = [];
  private scheduled = false;
  private lastFlushAt = -Infinity;

  constructor(
    private readonly flush: (events: DomainEvent[]) => void,
    private readonly minIntervalMs = 0,
  ) {}

  add(event: DomainEvent): void {
    this.queue.push(event);
    if (this.scheduled) return;
    this.scheduled = true;
    const wait = this.lastFlushAt + this.minIntervalMs - performance.now();
    if (wait > 0) setTimeout(this.run, wait);
    else setImmediate(this.run);
  }

  /** Hands over what is waiting now (a transport that stops sends its last events). */
  flushNow(): void {
    this.run();
  }

  private readonly run = (): void => {
    this.scheduled = false;
    const events = this.queue;
    if (!events.length) return;
    this.queue = [];
    this.lastFlushAt = performance.now();
    this.flush(events);
  };
}
