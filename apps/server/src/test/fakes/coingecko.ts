/**
 * A fake CoinGecko API on 127.0.0.1, following docs.coingecko.com for GET /api/v3/simple/price:
 * `ids` and `vs_currencies` (comma-separated, required), `include_last_updated_at`, `precision`;
 * answers {"<id>":{"<currency>":price,"last_updated_at":unix seconds}}, an id it does not know is
 * left out (`{}`); a Demo key in `x-cg-demo-api-key` (or `x_cg_demo_api_key`), errors as
 * {"status":{"error_code":…,"error_message":…}}. Tests set the TON price and its update time,
 * and can make it fail.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RateRequest {
  query: Record<string, string>;
  apiKey: string | undefined;
  answered: number;
}

export class FakeCoinGecko {
  /** Dollars per TON (`the-open-network` in `usd`); null: the coin is not listed. */
  tonUsd: number | null = 3;
  /** When the price was last updated; null: now, at each answer. */
  updatedAt: Date | null = null;
  readonly requests: RateRequest[] = [];
  private failures: number[] = [];

  private constructor(
    private readonly server: Server,
    readonly url: string,
    private readonly apiKey: string | undefined,
  ) {}

  static async start(options: { apiKey?: string } = {}): Promise<FakeCoinGecko> {
    let fake: FakeCoinGecko | null = null;
    const server = createServer((req, res) => fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeCoinGecko(server, `http://127.0.0.1:${port}`, options.apiKey);
    return fake;
  }

  /** The next `count` requests answer with this status (429: CoinGecko's rate limit). */
  failNext(count: number, status = 429): void {
    for (let i = 0; i < count; i++) this.failures.push(status);
  }

  /** Every request from now on fails with this status, until `recover()`. */
  failAlways(status = 500): void {
    this.failures = Array.from({ length: 1_000_000 }, () => status);
  }

  recover(): void {
    this.failures = [];
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const query = Object.fromEntries(url.searchParams.entries());
    const header = req.headers['x-cg-demo-api-key'];
    const apiKey = typeof header === 'string' ? header : query.x_cg_demo_api_key;
    const record: RateRequest = { query, apiKey, answered: 200 };
    this.requests.push(record);
    const send = (status: number, body: unknown) => {
      record.answered = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, code: number, message: string) =>
      send(status, { status: { error_code: code, error_message: message } });
    if (req.method !== 'GET' || url.pathname !== '/api/v3/simple/price')
      return error(404, 404, 'Not found');
    if (this.apiKey && apiKey !== this.apiKey)
      return error(401, 10002, 'API Key Missing or invalid');
    const failure = this.failures.shift();
    if (failure === 429)
      return error(429, 429, "You've exceeded the Rate Limit. Please visit our API Plans");
    if (failure !== undefined) return error(failure, failure, 'Internal server error');
    if (!query.ids || !query.vs_currencies)
      return error(400, 400, 'Missing parameter ids or vs_currencies');
    const ids = query.ids.split(',').map((id) => id.trim().toLowerCase());
    const currencies = query.vs_currencies.split(',').map((c) => c.trim().toLowerCase());
    const answer: Record<string, Record<string, number>> = {};
    if (ids.includes('the-open-network') && this.tonUsd !== null && currencies.includes('usd')) {
      answer['the-open-network'] = {
        usd: this.tonUsd,
        ...(query.include_last_updated_at === 'true'
          ? { last_updated_at: Math.floor((this.updatedAt ?? new Date()).getTime() / 1000) }
          : {}),
      };
    }
    send(200, answer);
  }
}
