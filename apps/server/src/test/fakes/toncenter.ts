/**
 * A fake toncenter API v3 indexer on 127.0.0.1, following ton-org/docs
 * ecosystem/rpc/toncenter/v3.yaml for GET /api/v3/transactions: filters account, start_lt and
 * end_lt (inclusive), sort by lt (asc / desc, default desc), limit (1-1000, default 10), offset;
 * answers { transactions, address_book } with lt, values as strings and base64 hashes, and each
 * transaction's out_msgs (Message: hash, source, destination, value, bounce, bounced,
 * message_content { body, decoded { type: text_comment, comment } }).
 * Tests add transactions and can make it fail, hang, or repeat transactions across pages.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Address, beginCell } from '@ton/core';

/** A message as toncenter v3 shows it (the fields Seer reads, and a few around them). */
export interface FakeMessage {
  hash: string;
  source: string | null;
  destination: string;
  value: string | null;
  bounce: boolean;
  bounced: boolean;
  message_content: {
    body: string;
    decoded: { type: 'text_comment'; comment: string } | null;
    hash: string;
  };
}

export interface FakeTransaction {
  account: string;
  hash: string;
  lt: string;
  now: number;
  /** The incoming message; the fake leaves out its own hash. */
  in_msg: (Omit<FakeMessage, 'hash'> & { hash?: string }) | null;
  description: {
    type: string;
    aborted: boolean;
    compute_ph: { skipped: boolean; success: boolean; exit_code: number };
  };
  out_msgs: FakeMessage[];
}

export interface OutgoingTransferSpec {
  destination: string;
  nanotons: bigint | number | string;
  /** A text comment, e.g. "payout 12". */
  comment: string;
}

export interface IncomingTransferSpec {
  /** Nanotons (1 TON = 1_000_000_000). */
  nanotons: bigint | number | string;
  /** A text comment; null for a message without one (e.g. a binary body). */
  comment?: string | null;
  source?: string;
  bounced?: boolean;
  aborted?: boolean;
}

export interface RecordedRequest {
  path: string;
  query: Record<string, string>;
  apiKey: string | undefined;
  answered: number | 'hung';
}

type Fault = { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'garbage' };

export class FakeToncenter {
  readonly transactions: FakeTransaction[] = [];
  readonly requests: RecordedRequest[] = [];
  private readonly faults: Fault[] = [];
  private hung: ServerResponse[] = [];
  private nextLt = 48_000_000_000_001n;
  /** Each answer also repeats this many transactions from before the requested window (a sloppy indexer). */
  overlap = 0;
  /** Called before each /transactions answer is computed; may add transactions mid-poll. */
  beforeAnswer: ((query: Record<string, string>) => void) | null = null;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly account: string,
    private readonly apiKey: string | undefined,
  ) {}

  static async start(options: { account?: string; apiKey?: string } = {}): Promise<FakeToncenter> {
    const account = options.account ?? `0:${randomBytes(32).toString('hex')}`;
    let fake: FakeToncenter | null = null;
    const server = createServer((req, res) => fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeToncenter(server, `http://127.0.0.1:${port}`, account, options.apiKey);
    return fake;
  }

  /** Adds an incoming transfer to the wallet, as the next transaction on the account. */
  addIncoming(spec: IncomingTransferSpec): FakeTransaction {
    const comment = spec.comment === undefined ? null : spec.comment;
    const bounced = spec.bounced ?? false;
    return this.push({
      source: spec.source ?? `0:${randomBytes(32).toString('hex')}`,
      destination: this.account,
      value: BigInt(spec.nanotons).toString(),
      bounce: !bounced,
      bounced,
      message_content: {
        body: randomBytes(16).toString('base64'),
        decoded: comment === null ? null : { type: 'text_comment', comment },
        hash: randomBytes(32).toString('base64'),
      },
      aborted: spec.aborted ?? false,
    });
  }

  /** An outgoing order of the wallet itself: an external message, which is no deposit. */
  addOutgoing(): FakeTransaction {
    return this.push({
      source: null,
      destination: this.account,
      value: null,
      bounce: false,
      bounced: false,
      message_content: {
        body: randomBytes(16).toString('base64'),
        decoded: null,
        hash: randomBytes(32).toString('base64'),
      },
      aborted: false,
    });
  }

  /**
   * The wallet's own order sending these messages (one TON Connect transaction): an external
   * message in, one internal message out per transfer, each with its text comment. A wallet that
   * skips a message (mode 3 and too little balance, say) is a batch given fewer specs.
   */
  addOutgoingTransfers(transfers: OutgoingTransferSpec[]): FakeTransaction {
    const tx = this.addOutgoing();
    tx.out_msgs = transfers.map((t) => ({
      hash: randomBytes(32).toString('base64'),
      source: this.account,
      destination: Address.parse(t.destination).toRawString().toUpperCase(),
      value: BigInt(t.nanotons).toString(),
      bounce: false,
      bounced: false,
      message_content: {
        body: commentBody(t.comment),
        decoded: { type: 'text_comment', comment: t.comment },
        hash: randomBytes(32).toString('base64'),
      },
    }));
    return tx;
  }

  /**
   * A message we sent coming back bounced: its body is 0xFFFFFFFF followed by the start of the
   * message sent (op 0 and the comment), which the indexer does not decode as a comment.
   */
  addBounce(spec: { source: string; nanotons: bigint | number | string; comment: string }) {
    return this.push({
      source: Address.parse(spec.source).toRawString().toUpperCase(),
      destination: this.account,
      value: BigInt(spec.nanotons).toString(),
      bounce: false,
      bounced: true,
      message_content: {
        body: beginCell()
          .storeUint(0xffffffff, 32)
          .storeUint(0, 32)
          .storeStringTail(spec.comment)
          .endCell()
          .toBoc()
          .toString('base64'),
        decoded: null,
        hash: randomBytes(32).toString('base64'),
      },
      aborted: false,
    });
  }

  /** The next `count` requests answer with this HTTP status (e.g. 500, 429). */
  failNext(count: number, status = 500): void {
    for (let i = 0; i < count; i++) this.faults.push({ kind: 'status', status });
  }

  /** The next `count` requests are never answered (until close), so the client times out. */
  hangNext(count: number): void {
    for (let i = 0; i < count; i++) this.faults.push({ kind: 'hang' });
  }

  /** The next `count` requests answer 200 with a body of the wrong shape. */
  garbageNext(count: number): void {
    for (let i = 0; i < count; i++) this.faults.push({ kind: 'garbage' });
  }

  get transactionRequests(): RecordedRequest[] {
    return this.requests.filter((r) => r.path === '/api/v3/transactions');
  }

  async close(): Promise<void> {
    for (const res of this.hung) res.destroy();
    this.hung = [];
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private push(
    message: NonNullable<FakeTransaction['in_msg']> & { aborted: boolean },
  ): FakeTransaction {
    const lt = this.nextLt;
    // lt grows by more than one between an account's transactions, as on the real chain
    this.nextLt += 1_000_000n + BigInt(Math.floor(Math.random() * 1000));
    const { aborted, ...inMsg } = message;
    const tx: FakeTransaction = {
      account: this.account,
      hash: createHash('sha256')
        .update(`${this.account}:${lt}:${randomBytes(8).toString('hex')}`)
        .digest('base64'),
      lt: lt.toString(),
      now: Math.floor(Date.now() / 1000),
      in_msg: inMsg,
      description: {
        type: 'ord',
        aborted,
        compute_ph: { skipped: false, success: !aborted, exit_code: aborted ? 35 : 0 },
      },
      out_msgs: [],
    };
    this.transactions.push(tx);
    return tx;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const query = Object.fromEntries(url.searchParams.entries());
    const apiKey =
      typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : undefined;
    const record: RecordedRequest = { path: url.pathname, query, apiKey, answered: 200 };
    this.requests.push(record);
    const send = (status: number, body: unknown) => {
      record.answered = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    };
    if (req.method !== 'GET' || url.pathname !== '/api/v3/transactions')
      return send(404, { code: 404, error: 'not found' });
    if (this.apiKey && apiKey !== this.apiKey)
      return send(401, { code: 401, error: 'API key does not exist' });
    const fault = this.faults.shift();
    if (fault?.kind === 'hang') {
      record.answered = 'hung';
      this.hung.push(res);
      return;
    }
    if (fault?.kind === 'status')
      return send(fault.status, { code: fault.status, error: 'internal error' });
    if (fault?.kind === 'garbage') return send(200, { result: 'not what you expected' });

    const int = (
      name: string,
      fallback: number | null,
      min: number,
      max: number,
    ): number | null | 'bad' => {
      const raw = query[name];
      if (raw === undefined) return fallback;
      if (!/^\d+$/.test(raw)) return 'bad';
      const n = Number(raw);
      return n < min || n > max ? 'bad' : n;
    };
    const limit = int('limit', 10, 1, 1000);
    const offset = int('offset', 0, 0, Number.MAX_SAFE_INTEGER);
    const sort = query.sort ?? 'desc';
    const startLt = query.start_lt;
    const endLt = query.end_lt;
    if (
      limit === 'bad' ||
      offset === 'bad' ||
      !['asc', 'desc'].includes(sort) ||
      (startLt && !/^\d+$/.test(startLt)) ||
      (endLt && !/^\d+$/.test(endLt))
    ) {
      return send(400, { code: 400, error: 'invalid query parameters' });
    }
    this.beforeAnswer?.(query);

    const ascending = [...this.transactions]
      .filter((tx) => !query.account || sameAccount(tx.account, query.account))
      .sort((a, b) => (BigInt(a.lt) < BigInt(b.lt) ? -1 : 1));
    let from = startLt ? ascending.findIndex((tx) => BigInt(tx.lt) >= BigInt(startLt)) : 0;
    if (from === -1) from = ascending.length;
    let to = endLt
      ? ascending.findLastIndex((tx) => BigInt(tx.lt) <= BigInt(endLt)) + 1
      : ascending.length;
    if (sort === 'asc') from = Math.max(0, from - this.overlap);
    else to = Math.min(ascending.length, to + this.overlap);
    let window = ascending.slice(from, Math.max(from, to));
    if (sort === 'desc') window = window.reverse();
    const page = window.slice(offset ?? 0, (offset ?? 0) + (limit ?? 10));
    send(200, { transactions: page, address_book: {} });
  }
}

/** A text comment's body as a base64 bag of cells (op 0, then the text). */
function commentBody(text: string): string {
  return beginCell().storeUint(0, 32).storeStringTail(text).endCell().toBoc().toString('base64');
}

/** Accounts match as addresses (raw or user-friendly, like toncenter's `account` filter). */
function sameAccount(a: string, b: string): boolean {
  try {
    return Address.parse(a).equals(Address.parse(b));
  } catch {
    return a.toLowerCase() === b.toLowerCase();
  }
}

export const TON = 1_000_000_000n;
