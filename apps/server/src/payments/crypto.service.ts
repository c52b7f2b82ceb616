/**
 * Crypto top-ups through NOWPayments (decision 018): a hosted invoice for a dollar amount, and
 * its IPNs. A `finished` payment credits the invoice's amount once per NOWPayments payment_id,
 * whatever order and how many times IPNs arrive; nothing else credits.
 */
import { randomUUID } from 'node:crypto';
import { formatCents, type PhonePaymentsPolicy } from '@seer/contract';
import { LEDGER_REASONS, type MoneyService } from '../money/index.js';
import { BadRequestError, ForbiddenError, UnauthorizedError, UnavailableError } from '../errors.js';
import {
  NowPaymentsClient,
  NowPaymentsRefused,
  verifyIpnSignature,
  type NowPaymentsStatus,
} from './nowpayments.js';
import type { CryptoPaymentView, CryptoRepository, IpnAmounts } from './crypto.repository.js';
import { topUpCents } from './top-up-amount.js';
import { assertOtherPaymentAllowed } from './top-up-policy.js';

export const IPN_PATH = '/api/payments/nowpayments/ipn';

export interface CryptoSettings {
  nowPayments: { apiKey: string; ipnSecret: string; apiUrl: string } | undefined;
  /** Where users reach the app: NOWPayments' callback and the pages it sends the payer back to. */
  publicUrl: string;
  /** How long to wait for NOWPayments when creating an invoice. */
  timeoutMs?: number;
  /** PHONE_PAYMENTS (decision 038); absent: stars-only. */
  phonePayments?: PhonePaymentsPolicy;
}

/**
 * How far along a payment is. A payment's stored status only moves forward, so an IPN that
 * arrives late (confirming after finished) changes nothing; unknown statuses never overwrite.
 */
const STATUS_RANK: Record<NowPaymentsStatus, number> = {
  waiting: 0,
  confirming: 1,
  confirmed: 2,
  sending: 3,
  partially_paid: 4,
  failed: 5,
  expired: 5,
  finished: 6,
  refunded: 7,
};
function rank(status: string): number {
  return Object.hasOwn(STATUS_RANK, status) ? STATUS_RANK[status as NowPaymentsStatus] : -1;
}

/** What an IPN did; `malformed` ones (no payment_id or payment_status) are stored and refused. */
export type IpnOutcome =
  | { kind: 'malformed' }
  | {
      kind: 'recorded';
      paymentId: string;
      /** The payment's stored status after this IPN. */
      status: string;
      /** Whether order_id named one of our invoices. */
      matched: boolean;
      /** Cents credited by this IPN (0 unless it is the first `finished` of the payment). */
      creditedCents: number;
    };

/** PostgreSQL text cannot hold NUL. */
function withoutNul(value: string): string {
  return value.replaceAll('\u0000', '');
}

/** An IPN field that NOWPayments sends as a number or a string, kept as text; anything else is null. */
function text(value: unknown): string | null {
  if (typeof value === 'string') return withoutNul(value).slice(0, 200);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export class CryptoPaymentsService {
  private readonly client: NowPaymentsClient | null;

  constructor(
    private readonly repository: CryptoRepository,
    private readonly money: MoneyService,
    private readonly settings: CryptoSettings,
  ) {
    this.client = settings.nowPayments
      ? new NowPaymentsClient({
          apiUrl: settings.nowPayments.apiUrl,
          apiKey: settings.nowPayments.apiKey,
          timeoutMs: settings.timeoutMs,
        })
      : null;
  }

  /** NOWPayments is configured (API key and IPN secret). */
  get enabled(): boolean {
    return this.client !== null;
  }

  /** Creates a NOWPayments hosted invoice for a top-up of `amount` dollars; returns its URL. */
  /** `platform`: Telegram's platform the app names (null: not inside Telegram, or not said). */
  async createInvoice(
    telegramId: number,
    amount: string | number,
    platform: string | null = null,
  ): Promise<string> {
    if (!this.client)
      throw new UnavailableError(
        'Crypto payments are not configured on this server; choose another method',
      );
    assertOtherPaymentAllowed(this.settings.phonePayments ?? 'stars-only', platform, 'Crypto');
    const cents = topUpCents(amount);
    const orderId = randomUUID();
    // The row comes first, so that an IPN for this order always finds it.
    const id = await this.repository.insertInvoice({
      orderId,
      userId: telegramId,
      amountCents: cents,
    });
    const publicUrl = this.settings.publicUrl;
    try {
      const invoice = await this.client.createInvoice({
        price_amount: cents / 100,
        price_currency: 'usd',
        order_id: orderId,
        order_description: `Seer balance top-up: $${formatCents(cents)}`,
        ipn_callback_url: `${publicUrl}${IPN_PATH}`,
        success_url: `${publicUrl}/balance`,
        cancel_url: `${publicUrl}/balance`,
      });
      await this.repository.setInvoiceCreated(id, invoice.id, invoice.invoiceUrl);
      return invoice.invoiceUrl;
    } catch (error) {
      if (error instanceof NowPaymentsRefused)
        throw new BadRequestError(
          `The crypto payment service refused the invoice: ${error.message}`,
        );
      throw new UnavailableError(
        'The crypto payment service did not answer; nothing was charged, please try again in a moment',
      );
    }
  }

  /**
   * One IPN as received. Refused (nothing stored) unless its x-nowpayments-sig is valid. A valid
   * one is stored, moves the payment's status forward, and a `finished` credits the invoice's
   * amount once per payment_id (reason crypto_deposit, reference = payment_id).
   */
  async handleIpn(rawBody: string, signature: string | undefined): Promise<IpnOutcome> {
    const ipnSecret = this.settings.nowPayments?.ipnSecret;
    if (!ipnSecret) throw new UnavailableError('Crypto payments are not configured on this server');
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new BadRequestError('Body is not valid JSON');
    }
    if (!signature) throw new UnauthorizedError('Missing x-nowpayments-sig');
    if (!verifyIpnSignature(body, signature, ipnSecret))
      throw new ForbiddenError('Invalid x-nowpayments-sig');
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new BadRequestError('The body is not a NOWPayments IPN');
    const ipn = body as Record<string, unknown>;
    const paymentId =
      typeof ipn.payment_id === 'number' && Number.isSafeInteger(ipn.payment_id)
        ? String(ipn.payment_id)
        : typeof ipn.payment_id === 'string' && /^\w{1,64}$/.test(ipn.payment_id)
          ? ipn.payment_id
          : null;
    const status =
      typeof ipn.payment_status === 'string' ? withoutNul(ipn.payment_status).slice(0, 40) : null;
    const orderId =
      typeof ipn.order_id === 'string' ? withoutNul(ipn.order_id).slice(0, 200) : null;
    const amounts: IpnAmounts = {
      priceAmount: text(ipn.price_amount),
      priceCurrency: text(ipn.price_currency),
      payAmount: text(ipn.pay_amount),
      actuallyPaid: text(ipn.actually_paid),
      payCurrency: text(ipn.pay_currency),
    };

    return this.money.transaction(async ({ tx, apply }): Promise<IpnOutcome> => {
      const invoice = orderId ? await this.repository.findInvoiceByOrderId(orderId, tx) : null;
      await this.repository.insertIpn(tx, {
        ...amounts,
        paymentId,
        orderId,
        status,
        matched: invoice !== null,
        rawBody: withoutNul(rawBody),
      });
      if (paymentId === null || status === null) return { kind: 'malformed' };
      const { record, created } = await this.repository.lockPayment(tx, {
        ...amounts,
        paymentId,
        invoiceId: invoice?.id ?? null,
        orderId,
        userId: invoice?.user_id ?? null,
        status,
      });
      const before = created ? null : record.status;
      let stored = record.status;
      if (!created && rank(status) >= rank(record.status)) {
        await this.repository.updatePayment(tx, paymentId, { ...amounts, status });
        stored = status;
      }
      let creditedCents = 0;
      // A payment refunded before its `finished` arrived is not credited.
      const invoiceOfPayment = invoice && invoice.id === record.invoice_id ? invoice : null;
      if (
        status === 'finished' &&
        invoiceOfPayment &&
        record.credited_at === null &&
        before !== 'refunded'
      ) {
        await apply({
          userId: invoiceOfPayment.user_id,
          amountCents: invoiceOfPayment.amount_cents,
          reason: LEDGER_REASONS.cryptoDeposit,
          reference: paymentId,
          note: `crypto top-up (NOWPayments payment ${paymentId}, ${amounts.actuallyPaid ?? '?'} ${amounts.payCurrency ?? ''})`.trim(),
        });
        await this.repository.markCredited(tx, paymentId, invoiceOfPayment.amount_cents);
        creditedCents = invoiceOfPayment.amount_cents;
      }
      return {
        kind: 'recorded',
        paymentId,
        status: stored,
        matched: invoice !== null,
        creditedCents,
      };
    });
  }

  async listPayments(
    filter: { userId?: number; status?: string; limit?: number } = {},
  ): Promise<CryptoPaymentView[]> {
    return this.repository.listPayments({ ...filter, limit: filter.limit ?? 200 });
  }
}
