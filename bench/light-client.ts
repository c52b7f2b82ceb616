/**
 * A light HTTP/1.1 client for the benchmarks: keep-alive connections that write requests built
 * once in advance and read answers without turning them into strings or objects. autocannon and
 * node:http spent 0.15–0.4 ms of CPU per request on this 2-core machine, the same cores the
 * server and PostgreSQL use, so the client itself lowered what it measured. A browser sends one
 * request and parses one answer; this does no more than that.
 */
import net from 'node:net';

/** A request written once: method, path, headers and body as the bytes that go on the wire. */
export function buildRequest(
  base: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string },
): Buffer {
  const { host } = new URL(base);
  const body = options.body === undefined ? null : Buffer.from(options.body);
  const lines = [
    `${options.method ?? 'GET'} ${options.path} HTTP/1.1`,
    `host: ${host}`,
    'connection: keep-alive',
    ...Object.entries(options.headers ?? {}).map(([name, value]) => `${name}: ${value}`),
    ...(body ? [`content-length: ${body.length}`] : []),
  ];
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`);
  return body ? Buffer.concat([head, body]) : head;
}

/**
 * A request whose head is written once and whose body changes with each request (a paid message
 * with a client id of its own): `withBody` appends the length and the body to the head.
 */
export function requestHead(
  base: string,
  options: { method?: string; path: string; headers?: Record<string, string> },
): { withBody(body: string): Buffer } {
  const head = Buffer.from(
    buildRequest(base, options)
      .toString()
      .replace(/\r\n\r\n$/, '\r\n'),
  );
  return {
    withBody(text) {
      const body = Buffer.from(text);
      return Buffer.concat([head, Buffer.from(`content-length: ${body.length}\r\n\r\n`), body]);
    },
  };
}

/** One answer: its status, and its body's bytes (a view into what was read; do not keep it). */
export interface Answer {
  status: number;
  body: Buffer;
  bytes: number;
}

const HEADER_END = Buffer.from('\r\n\r\n');
const CONTENT_LENGTH = Buffer.from('\r\ncontent-length:');
const CHUNKED = Buffer.from('\r\ntransfer-encoding: chunked');
const LAST_CHUNK = Buffer.from('0\r\n\r\n');

/** Lower-cases ASCII letters of a header block in place, so header names match one spelling. */
function lowerAscii(bytes: Buffer, end: number): void {
  for (let i = 0; i < end; i++) {
    const c = bytes[i]!;
    if (c >= 65 && c <= 90) bytes[i] = c + 32;
  }
}

/**
 * The length of the first complete answer in `data`, or -1 while it is incomplete. Answers with a
 * content length or chunked bodies (read to the last chunk, not decoded: only counted).
 */
function answerLength(data: Buffer): { length: number; headerEnd: number } {
  const headerEnd = data.indexOf(HEADER_END);
  if (headerEnd < 0) return { length: -1, headerEnd };
  lowerAscii(data, headerEnd);
  const at = data.indexOf(CONTENT_LENGTH);
  if (at >= 0 && at < headerEnd) {
    let i = at + CONTENT_LENGTH.length;
    while (data[i] === 32) i++;
    let n = 0;
    while (data[i]! >= 48 && data[i]! <= 57) n = n * 10 + data[i++]! - 48;
    const total = headerEnd + 4 + n;
    return { length: data.length >= total ? total : -1, headerEnd };
  }
  const chunked = data.indexOf(CHUNKED);
  if (chunked >= 0 && chunked < headerEnd) {
    const last = data.indexOf(LAST_CHUNK, headerEnd + 4);
    return { length: last < 0 ? -1 : last + LAST_CHUNK.length, headerEnd };
  }
  return { length: headerEnd + 4, headerEnd };
}

/** One keep-alive connection that carries one request at a time. */
class Connection {
  private pending: Buffer | null = null;
  private onAnswer: ((answer: Answer | null, error?: Error) => void) | null = null;
  readonly socket: net.Socket;

  constructor(port: number, host: string) {
    this.socket = net.connect({ port, host, noDelay: true });
    this.socket.on('data', (chunk: Buffer) => this.read(chunk));
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('close', () => this.fail(new Error('connection closed')));
  }

  send(request: Buffer, onAnswer: (answer: Answer | null, error?: Error) => void): void {
    this.onAnswer = onAnswer;
    this.socket.write(request);
  }

  private read(chunk: Buffer): void {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    const { length, headerEnd } = answerLength(data);
    if (length < 0) {
      this.pending = data;
      return;
    }
    this.pending = null;
    // "HTTP/1.1 200": the status is the three digits after the first space.
    const status = (data[9]! - 48) * 100 + (data[10]! - 48) * 10 + (data[11]! - 48);
    const done = this.onAnswer;
    this.onAnswer = null;
    done?.({ status, body: data.subarray(headerEnd + 4, length), bytes: length });
  }

  private fail(error: Error): void {
    const done = this.onAnswer;
    this.onAnswer = null;
    done?.(null, error);
  }

  close(): void {
    this.socket.destroy();
  }
}

/**
 * Keep-alive connections to one server: `send` takes an idle one, or opens another when all are
 * busy (an open loop offers requests faster than they are answered).
 */
export class LightPool {
  private readonly idle: Connection[] = [];
  private readonly all: Connection[] = [];
  private readonly port: number;
  private readonly host: string;

  constructor(base: string) {
    const url = new URL(base);
    this.port = Number(url.port);
    this.host = url.hostname;
  }

  send(request: Buffer, onAnswer: (answer: Answer | null, error?: Error) => void): void {
    let connection = this.idle.pop();
    if (!connection) {
      connection = new Connection(this.port, this.host);
      this.all.push(connection);
    }
    const used = connection;
    used.send(request, (answer, error) => {
      if (answer) this.idle.push(used);
      onAnswer(answer, error);
    });
  }

  close(): void {
    for (const connection of this.all) connection.close();
  }
}

export interface ClosedLoopResult {
  latencies: number[];
  errors: number;
  startedAt: number;
  bytes: number;
}

/**
 * `connections` clients, each sending its next request when its last answer has arrived (a
 * closed loop, as pgbench's clients), for `seconds`, or until `count` requests were sent.
 * Request i is `requests[i % length]`.
 */
export function closedLoop(options: {
  base: string;
  connections: number;
  seconds: number;
  count?: number;
  /** Request i: built before the run and taken in turn, or built when it is sent. */
  requests: readonly Buffer[] | ((i: number) => Buffer);
  ok: (answer: Answer) => boolean;
}): Promise<ClosedLoopResult> {
  const pool = new LightPool(options.base);
  const latencies: number[] = [];
  let errors = 0;
  let bytes = 0;
  let next = 0;
  const startedAt = performance.now();
  const end = startedAt + options.seconds * 1000;
  return new Promise((resolve) => {
    let running = options.connections;
    const loop = () => {
      if (performance.now() >= end || next >= (options.count ?? Infinity)) {
        if (--running === 0) {
          pool.close();
          resolve({ latencies, errors, startedAt, bytes });
        }
        return;
      }
      const i = next++;
      const request =
        typeof options.requests === 'function'
          ? options.requests(i)
          : options.requests[i % options.requests.length]!;
      const t0 = performance.now();
      pool.send(request, (answer) => {
        latencies.push(performance.now() - t0);
        if (!answer || !options.ok(answer)) errors++;
        if (answer) bytes += answer.bytes;
        loop();
      });
    };
    for (let i = 0; i < options.connections; i++) loop();
  });
}
