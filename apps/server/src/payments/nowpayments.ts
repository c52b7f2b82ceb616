/**
 * NOWPayments, the crypto gateway behind "Deposit Crypto": creating a hosted invoice
 * (POST /v1/invoice with the x-api-key header) and checking the signature of its IPNs
 * (x-nowpayments-sig: HMAC-SHA512, keyed with the IPN secret, of the body's JSON with its keys
 * sorted at every level).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/** Every status NOWPayments gives a payment, in the order a payment normally moves through them. */
export const NOWPAYMENTS_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type NowPaymentsStatus = (typeof NOWPAYMENTS_STATUSES)[number];

export interface NowPaymentsInvoiceRequest {
  /** Dollars, as NOWPayments takes them (a JSON number). */
  price_amount: number;
  price_currency: 'usd';
  order_id: string;
  order_description: string;
  ipn_callback_url: string;
  success_url: string;
  cancel_url: string;
}

const InvoiceAnswer = z.object({
  id: z.union([z.string().min(1), z.number().int()]),
  invoice_url: z
    .string()
    .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol)),
});
export type NowPaymentsInvoice = { id: string; invoiceUrl: string };

/** NOWPayments could not be reached, did not answer in time, or answered something unusable. */
export class NowPaymentsUnavailable extends Error {}
/** NOWPayments refused the request itself (HTTP 400): its message says why (an amount too small...). */
export class NowPaymentsRefused extends Error {}

export class NowPaymentsClient {
  constructor(private readonly options: { apiUrl: string; apiKey: string; timeoutMs?: number }) {}

  async createInvoice(request: NowPaymentsInvoiceRequest): Promise<NowPaymentsInvoice> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}/v1/invoice`, {
        method: 'POST',
        headers: { 'x-api-key': this.options.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(request),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new NowPaymentsUnavailable(
        `NOWPayments could not be reached: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      throw new NowPaymentsUnavailable(
        `NOWPayments answered ${response.status} with a body that is not JSON`,
      );
    }
    if (response.status === 400) {
      const message =
        body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
          ? body.message
          : 'the request was refused';
      throw new NowPaymentsRefused(message.slice(0, 300));
    }
    if (!response.ok) throw new NowPaymentsUnavailable(`NOWPayments answered ${response.status}`);
    const parsed = InvoiceAnswer.safeParse(body);
    if (!parsed.success)
      throw new NowPaymentsUnavailable('NOWPayments answered an invoice without id or invoice_url');
    return { id: String(parsed.data.id), invoiceUrl: parsed.data.invoice_url };
  }
}

/** A JSON value with the keys of every object sorted (arrays keep their order). */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object')
    // fromEntries makes every key an own property, "__proto__" included, as JSON.parse does.
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sortKeys((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** The x-nowpayments-sig NOWPayments sends with this body. */
export function signIpn(body: unknown, ipnSecret: string): string {
  return createHmac('sha512', ipnSecret)
    .update(JSON.stringify(sortKeys(body)))
    .digest('hex');
}

/** Whether `signature` is the body's, compared in constant time; anything not 128 hex digits is false. */
export function verifyIpnSignature(
  body: unknown,
  signature: string | undefined,
  ipnSecret: string,
): boolean {
  if (typeof signature !== 'string' || !/^[0-9a-fA-F]{128}$/.test(signature)) return false;
  const expected = Buffer.from(signIpn(body, ipnSecret), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
