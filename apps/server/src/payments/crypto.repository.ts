/** SQL for crypto top-ups through NOWPayments: invoices, received IPNs and payments (migration 010). */
import type { Sql, Tx } from '../db/database.js';

export interface CryptoInvoiceRecord {
  id: number;
  order_id: string;
  user_id: number;
  amount_cents: number;
  nowpayments_invoice_id: string | null;
  invoice_url: string | null;
  created_at: Date;
}

/** What an IPN says about the payment's amounts, as NOWPayments wrote them (text: no float). */
export interface IpnAmounts {
  priceAmount: string | null;
  priceCurrency: string | null;
  payAmount: string | null;
  actuallyPaid: string | null;
  payCurrency: string | null;
}

export interface CryptoPaymentRecord {
  payment_id: string;
  invoice_id: number | null;
  order_id: string | null;
  user_id: number | null;
  status: string;
  price_amount: string | null;
  price_currency: string | null;
  pay_amount: string | null;
  actually_paid: string | null;
  pay_currency: string | null;
  credited_cents: number;
  credited_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A payment with its invoice's amount (null when unmatched), for admins. */
export interface CryptoPaymentView extends CryptoPaymentRecord {
  invoice_cents: number | null;
}

const PAYMENT_COLUMNS = `payment_id, invoice_id, order_id, user_id, status, price_amount, price_currency,
  pay_amount, actually_paid, pay_currency, credited_cents, credited_at, created_at, updated_at`;
const PAYMENT_COLUMNS_OF_P = PAYMENT_COLUMNS.split(',')
  .map((column) => `p.${column.trim()}`)
  .join(', ');

export class CryptoRepository {
  constructor(private readonly sql: Sql) {}

  async insertInvoice(invoice: {
    orderId: string;
    userId: number;
    amountCents: number;
  }): Promise<number> {
    const [row] = await this.sql<{ id: number }[]>`
      INSERT INTO crypto_invoices (order_id, user_id, amount_cents)
      VALUES (${invoice.orderId}, ${invoice.userId}, ${invoice.amountCents})
      RETURNING id`;
    return row!.id;
  }

  async setInvoiceCreated(id: number, nowPaymentsId: string, invoiceUrl: string): Promise<void> {
    await this
      .sql`UPDATE crypto_invoices SET nowpayments_invoice_id = ${nowPaymentsId}, invoice_url = ${invoiceUrl}
      WHERE id = ${id}`;
  }

  async findInvoiceByOrderId(
    orderId: string,
    db: Sql | Tx = this.sql,
  ): Promise<CryptoInvoiceRecord | null> {
    const [row] = await db<CryptoInvoiceRecord[]>`
      SELECT id, order_id, user_id, amount_cents, nowpayments_invoice_id, invoice_url, created_at
      FROM crypto_invoices WHERE order_id = ${orderId}`;
    return row ?? null;
  }

  async insertIpn(
    tx: Tx,
    ipn: IpnAmounts & {
      paymentId: string | null;
      orderId: string | null;
      status: string | null;
      matched: boolean;
      rawBody: string;
    },
  ): Promise<void> {
    await tx`
      INSERT INTO crypto_ipns (payment_id, order_id, status, price_amount, price_currency, pay_amount,
                               actually_paid, pay_currency, matched, raw_body)
      VALUES (${ipn.paymentId}, ${ipn.orderId}, ${ipn.status}, ${ipn.priceAmount}, ${ipn.priceCurrency},
              ${ipn.payAmount}, ${ipn.actuallyPaid}, ${ipn.payCurrency}, ${ipn.matched}, ${ipn.rawBody})`;
  }

  /**
   * The payment's row, created from this IPN if it is the first one heard, and locked for the
   * transaction: IPNs of one payment are handled one at a time.
   */
  async lockPayment(
    tx: Tx,
    first: IpnAmounts & {
      paymentId: string;
      invoiceId: number | null;
      orderId: string | null;
      userId: number | null;
      status: string;
    },
  ): Promise<{ record: CryptoPaymentRecord; created: boolean }> {
    const inserted = await tx<{ payment_id: string }[]>`
      INSERT INTO crypto_payments (payment_id, invoice_id, order_id, user_id, status, price_amount,
                                   price_currency, pay_amount, actually_paid, pay_currency)
      VALUES (${first.paymentId}, ${first.invoiceId}, ${first.orderId}, ${first.userId}, ${first.status},
              ${first.priceAmount}, ${first.priceCurrency}, ${first.payAmount}, ${first.actuallyPaid},
              ${first.payCurrency})
      ON CONFLICT (payment_id) DO NOTHING
      RETURNING payment_id`;
    const [row] = await tx<CryptoPaymentRecord[]>`
      SELECT ${this.sql.unsafe(PAYMENT_COLUMNS)} FROM crypto_payments
      WHERE payment_id = ${first.paymentId} FOR UPDATE`;
    return { record: row!, created: inserted.length > 0 };
  }

  async updatePayment(
    tx: Tx,
    paymentId: string,
    update: IpnAmounts & { status: string },
  ): Promise<void> {
    await tx`
      UPDATE crypto_payments SET status = ${update.status},
        price_amount = COALESCE(${update.priceAmount}, price_amount),
        price_currency = COALESCE(${update.priceCurrency}, price_currency),
        pay_amount = COALESCE(${update.payAmount}, pay_amount),
        actually_paid = COALESCE(${update.actuallyPaid}, actually_paid),
        pay_currency = COALESCE(${update.payCurrency}, pay_currency),
        updated_at = now()
      WHERE payment_id = ${paymentId}`;
  }

  async markCredited(tx: Tx, paymentId: string, cents: number): Promise<void> {
    await tx`UPDATE crypto_payments SET credited_cents = ${cents}, credited_at = now(), updated_at = now()
      WHERE payment_id = ${paymentId} AND credited_at IS NULL`;
  }

  async listPayments(filter: {
    userId?: number;
    status?: string;
    limit: number;
  }): Promise<CryptoPaymentView[]> {
    return this.sql<CryptoPaymentView[]>`
      SELECT ${this.sql.unsafe(PAYMENT_COLUMNS_OF_P)}, i.amount_cents AS invoice_cents
      FROM crypto_payments p LEFT JOIN crypto_invoices i ON i.id = p.invoice_id
      WHERE (${filter.userId ?? null}::bigint IS NULL OR p.user_id = ${filter.userId ?? null})
        AND (${filter.status ?? null}::text IS NULL OR p.status = ${filter.status ?? null})
      ORDER BY p.updated_at DESC, p.payment_id DESC LIMIT ${filter.limit}`;
  }
}
