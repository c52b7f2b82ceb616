/**
 * A client for the one call of a toncenter API v3 compatible indexer the watcher needs:
 * GET /api/v3/transactions (ton-org/docs ecosystem/rpc/toncenter/v3.yaml).
 * Every failure (network, time-out, non-2xx, an answer of the wrong shape) is an IndexerError,
 * so the watcher can retry without ever mistaking a failure for "no transactions".
 */
import { z } from 'zod';

export class IndexerError extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

const DecodedContent = z
  .object({ type: z.string().optional(), comment: z.string().optional() })
  .nullable()
  .optional();

const IndexerMessage = z.object({
  /** The message's hash (base64); what makes an outgoing payout message count once. */
  hash: z.string().nullable().optional(),
  source: z.string().nullable().optional(),
  destination: z.string().nullable().optional(),
  value: z.string().regex(/^\d+$/).nullable().optional(),
  bounce: z.boolean().nullable().optional(),
  bounced: z.boolean().nullable().optional(),
  message_content: z
    .object({ body: z.string().nullable().optional(), decoded: DecodedContent })
    .nullable()
    .optional(),
});
export type IndexerMessage = z.output<typeof IndexerMessage>;

const IndexerTransaction = z.object({
  hash: z.string().min(1),
  lt: z
    .union([z.string().regex(/^\d+$/), z.number().int().nonnegative()])
    .transform((v) => BigInt(v)),
  now: z.number().int(),
  in_msg: IndexerMessage.nullable().optional(),
  /** Messages the transaction sent: an outgoing order of the wallet (payouts, decision 047). */
  out_msgs: z.array(IndexerMessage).nullable().optional(),
  description: z
    .object({
      aborted: z.boolean().optional(),
      compute_ph: z
        .object({ skipped: z.boolean().optional(), success: z.boolean().optional() })
        .nullable()
        .optional(),
    })

    .nullable()
    .optional(),
});
export type IndexerTransaction = z.output<typeof IndexerTransaction>;

const TransactionsResponse = z.object({ transactions: z.array(IndexerTransaction) });

export interface TransactionsQuery {
  account: string;
  /** Transactions with lt >= startLt. */
  startLt?: bigint;
  endLt?: bigint;
  limit: number;
  offset?: number;
  sort: 'asc' | 'desc';
}

export class ToncenterClient {
  constructor(
    private readonly baseUrl: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs = 15_000,
  ) {}

  async transactions(query: TransactionsQuery, stop?: AbortSignal): Promise<IndexerTransaction[]> {
    const params = new URLSearchParams({
      account: query.account,
      limit: String(query.limit),
      sort: query.sort,
    });
    if (query.startLt !== undefined) params.set('start_lt', query.startLt.toString());
    if (query.endLt !== undefined) params.set('end_lt', query.endLt.toString());
    if (query.offset) params.set('offset', String(query.offset));
    const url = `${this.baseUrl}/api/v3/transactions?${params.toString()}`;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: {
          accept: 'application/json',
          ...(this.apiKey ? { 'X-API-Key': this.apiKey } : {}),
        },
        signal: stop
          ? AbortSignal.any([stop, AbortSignal.timeout(this.timeoutMs)])
          : AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === 'TimeoutError'
          ? `timed out after ${this.timeoutMs} ms`
          : String(error);
      throw new IndexerError(`indexer request failed: ${reason}`);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new IndexerError(
        `indexer answered ${response.status} with a body that is not JSON`,
        response.status,
      );
    }
    if (!response.ok) {
      const detail =
        typeof body === 'object' && body && 'error' in body
          ? String((body as { error: unknown }).error)
          : '';
      throw new IndexerError(
        `indexer answered ${response.status}${detail ? `: ${detail}` : ''}`,
        response.status,
      );
    }
    const parsed = TransactionsResponse.safeParse(body);
    if (!parsed.success) {
      throw new IndexerError(
        `indexer answer has an unexpected shape: ${parsed.error.issues[0]?.path.join('.')} ${parsed.error.issues[0]?.message}`,
      );
    }
    return parsed.data.transactions;
  }
}
