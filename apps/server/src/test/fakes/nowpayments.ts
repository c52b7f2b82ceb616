/**
 * A fake NOWPayments API on 127.0.0.1, following its public API documentation ("NOWPayments
 * API" on documenter.getpostman.com): POST /v1/invoice with the x-api-key header takes
 * price_amount, price_currency, order_id, order_description, ipn_callback_url, success_url and
 * cancel_url, and answers the invoice (id, order_id, invoice_url, ...); a wrong key is refused.
 * It also plays NOWPayments' side of IPNs: payments started on an invoice and the notifications
 * about them (payment_id, payment_status, price_amount, pay_amount, actually_paid, pay_currency,
 * order_id, fee, ...), signed with x-nowpayments-sig = HMAC-SHA512 of the JSON with sorted keys.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface FakeInvoice {
  id: string;
  token_id: string;
  order_id: string;
  order_description: string | null;
  price_amount: string;
  price_currency: string;
  pay_currency: string | null;
  ipn_callback_url: string | null;
  invoice_url: string;
  success_url: string | null;
  cancel_url: string | null;
  created_at: string;
  updated_at: string;
  is_fixed_rate: boolean;
  is_fee_paid_by_user: boolean;
}

export interface FakePayment {
  payment_id: number;
  invoice: FakeInvoice;
  pay_currency: string;
  pay_amount: number;
  pay_address: string;
}

export interface RecordedInvoiceRequest {
  apiKey: string | undefined;
  body: Record<string, unknown> | null;
  answered: number | 'hung';
}

type Fault = { kind: 'status'; status: number } | { kind: 'hang' } | { kind: 'garbage' };

/** What NOWPayments signs: the body's JSON with the keys of every object sorted. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}

export function nowPaymentsSignature(body: unknown, secret: string): string {
  return createHmac('sha512', secret)
    .update(JSON.stringify(sortKeys(body)))
    .digest('hex');
}

export class FakeNowPayments {
  readonly invoices: FakeInvoice[] = [];
  readonly requests: RecordedInvoiceRequest[] = [];
  private readonly faults: Fault[] = [];
  private hung: ServerResponse[] = [];
  private nextId = 4_500_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

  private constructor(
    private readonly server: Server,
    readonly url: string,
    readonly apiKey: string,
    readonly ipnSecret: string,
  ) {}

  static async start(options: { apiKey: string; ipnSecret: string }): Promise<FakeNowPayments> {
    let fake: FakeNowPayments | null = null;
    const server = createServer((req, res) => fake!.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    fake = new FakeNowPayments(
      server,
      `http://127.0.0.1:${port}`,
      options.apiKey,
      options.ipnSecret,
    );
    return fake;
  }

  /** The next `count` invoice requests answer with this HTTP status. */
  failNext(count: number, status = 500): void {
    for (let i = 0; i < count; i++) this.faults.push({ kind: 'status', status });
  }

  /** The next `count` invoice requests are never answered (until close). */
  hangNext(count: number): void {
    for (let i = 0; i < count; i++) this.faults.push({ kind: 'hang' });
  }

  /** The next `count` invoice requests answer 200 with a body that is no invoice. */
  garbageNext(count: number): void {
    for (let i = 0; i < count; i++) this.faults.push({ kind: 'garbage' });
  }

  /** The payer picks a coin on the invoice's page: NOWPayments starts a payment for it. */
  startPayment(
    invoice: FakeInvoice,
    coin: { payCurrency?: string; payAmount?: number } = {},
  ): FakePayment {
    return {
      payment_id: this.nextId++,
      invoice,
      pay_currency: coin.payCurrency ?? 'btc',
      pay_amount: coin.payAmount ?? 0.00017,
      pay_address: `bc1q${this.nextId.toString(36)}fakeaddress`,
    };
  }

  /** The IPN NOWPayments posts about a payment in this status. */
  ipn(
    payment: FakePayment,
    status: string,
    overrides: Record<string, unknown> = {},
  ): Record<string, unknown> {
    const paidInFull = ['confirming', 'confirmed', 'sending', 'finished'].includes(status);
    const now = new Date().toISOString();
    return {
      payment_id: payment.payment_id,
      parent_payment_id: null,
      invoice_id: Number(payment.invoice.id),
      payment_status: status,
      pay_address: payment.pay_address,
      payin_extra_id: null,
      price_amount: Number(payment.invoice.price_amount),
      price_currency: payment.invoice.price_currency,
      pay_amount: payment.pay_amount,
      actually_paid: paidInFull ? payment.pay_amount : 0,
      actually_paid_at_fiat: paidInFull ? Number(payment.invoice.price_amount) : 0,
      pay_currency: payment.pay_currency,
      order_id: payment.invoice.order_id,
      order_description: payment.invoice.order_description,
      purchase_id: String(payment.payment_id + 7),
      outcome_amount: payment.pay_amount * 0.99,
      outcome_currency: payment.pay_currency,
      payment_extra_ids: null,
      fee: {
        currency: payment.pay_currency,
        depositFee: 0,
        withdrawalFee: 0,
        serviceFee: 0,
      },
      created_at: payment.invoice.created_at,
      updated_at: now,
      ...overrides,
    };
  }

  /**
   * Posts an IPN to `target` as NOWPayments does. `signature`: 'valid' (the default), 'none'
   * (no header), 'forged' (signed with another secret), or the header's exact text. `sent`:
   * the body actually sent, when it differs from the one signed (tampered in transit).
   */
  async sendIpn(
    target: string,
    body: Record<string, unknown>,
    options: {
      signature?: 'valid' | 'none' | 'forged' | { header: string };
      sent?: Record<string, unknown>;
    } = {},
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    const mode = options.signature ?? 'valid';
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (mode === 'valid') headers['x-nowpayments-sig'] = nowPaymentsSignature(body, this.ipnSecret);
    else if (mode === 'forged')
      headers['x-nowpayments-sig'] = nowPaymentsSignature(body, `not-${this.ipnSecret}`);
    else if (mode !== 'none') headers['x-nowpayments-sig'] = mode.header;
    const response = await fetch(target, {
      method: 'POST',
      headers,
      // Sent with keys in their natural order: the receiver must sort them to check the signature.
      body: JSON.stringify(options.sent ?? body),
    });
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(text) as Record<string, unknown>;
    } catch {
      parsed = { raw: text };
    }
    return { status: response.status, body: parsed };
  }

  async close(): Promise<void> {
    for (const res of this.hung) res.destroy();
    this.hung = [];
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => this.answer(req, Buffer.concat(chunks).toString('utf8'), res));
  }

  private answer(req: IncomingMessage, text: string, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, body: unknown) => {
      if (record) record.answered = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    let record: RecordedInvoiceRequest | null = null;
    if (req.method !== 'POST' || url.pathname !== '/v1/invoice')
      return send(404, { status: false, statusCode: 404, message: 'Not found' });
    let body: Record<string, unknown> | null = null;
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        body = parsed as Record<string, unknown>;
    } catch {
      body = null;
    }
    const apiKey =
      typeof req.headers['x-api-key'] === 'string' ? req.headers['x-api-key'] : undefined;
    record = { apiKey, body, answered: 200 };
    this.requests.push(record);
    if (apiKey !== this.apiKey)
      return send(403, {
        status: false,
        statusCode: 403,
        code: 'INVALID_API_KEY',
        message: 'Invalid api key',
      });
    const fault = this.faults.shift();
    if (fault?.kind === 'hang') {
      record.answered = 'hung';
      this.hung.push(res);
      return;
    }
    if (fault?.kind === 'status')
      return send(fault.status, { status: false, statusCode: fault.status, message: 'Error' });
    if (fault?.kind === 'garbage') return send(200, { result: 'not an invoice' });
    if (!body) return send(400, { status: false, statusCode: 400, message: 'Invalid JSON body' });
    const price = body.price_amount;
    if (typeof price !== 'number' || !Number.isFinite(price) || price <= 0)
      return send(400, {
        status: false,
        statusCode: 400,
        code: 'INVALID_REQUEST_PARAMS',
        message: '"price_amount" must be a positive number',
      });
    if (typeof body.price_currency !== 'string' || !body.price_currency)
      return send(400, {
        status: false,
        statusCode: 400,
        code: 'INVALID_REQUEST_PARAMS',
        message: '"price_currency" is required',
      });
    const id = String(this.nextId++);
    const now = new Date().toISOString();
    const optional = (name: string) =>
      typeof body[name] === 'string' ? (body[name] as string) : null;
    const invoice: FakeInvoice = {
      id,
      token_id: String(this.nextId++),
      order_id: optional('order_id') ?? '',
      order_description: optional('order_description'),
      price_amount: String(price),
      price_currency: body.price_currency,
      pay_currency: optional('pay_currency'),
      ipn_callback_url: optional('ipn_callback_url'),
      invoice_url: `https://nowpayments.io/payment/?iid=${id}`,
      success_url: optional('success_url'),
      cancel_url: optional('cancel_url'),
      created_at: now,
      updated_at: now,
      is_fixed_rate: body.is_fixed_rate === true,
      is_fee_paid_by_user: body.is_fee_paid_by_user === true,
    };
    this.invoices.push(invoice);
    send(200, invoice);
  }
}
