-- Crypto top-ups through NOWPayments (docs/decisions/018-crypto-payments.md): the hosted invoices
-- we create, every IPN NOWPayments sends us, and one row per NOWPayments payment with its latest
-- status. A credit is the payment row marked credited and the ledger row
-- (reason 'crypto_deposit', reference = payment_id) in one transaction.

-- An invoice we asked NOWPayments for. Its order_id (random) is what IPNs name; the amount
-- credited is always this row's, never what an IPN claims.
CREATE TABLE crypto_invoices (
  id BIGSERIAL PRIMARY KEY,
  order_id TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL REFERENCES users (telegram_id),
  amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
  -- null until NOWPayments answered (it may have failed or timed out)
  nowpayments_invoice_id TEXT,
  invoice_url TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX crypto_invoices_user ON crypto_invoices (user_id, created_at DESC);

-- Every IPN whose signature was valid, as received.
CREATE TABLE crypto_ipns (
  id BIGSERIAL PRIMARY KEY,
  payment_id TEXT,
  order_id TEXT,
  status TEXT,
  price_amount TEXT,
  price_currency TEXT,
  pay_amount TEXT,
  actually_paid TEXT,
  pay_currency TEXT,
  -- whether order_id named one of our invoices
  matched BOOLEAN NOT NULL,
  raw_body TEXT NOT NULL,
  received_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX crypto_ipns_payment ON crypto_ipns (payment_id, id);

-- One NOWPayments payment (a user may start several on one invoice, one per coin tried).
CREATE TABLE crypto_payments (
  payment_id TEXT PRIMARY KEY,
  -- null when the IPN's order_id named no invoice of ours (unmatched: kept for an admin)
  invoice_id BIGINT REFERENCES crypto_invoices (id),
  order_id TEXT,
  user_id BIGINT REFERENCES users (telegram_id),
  -- the most advanced status seen (an IPN arriving late never moves it back)
  status TEXT NOT NULL,
  price_amount TEXT,
  price_currency TEXT,
  pay_amount TEXT,
  actually_paid TEXT,
  pay_currency TEXT,
  credited_cents BIGINT NOT NULL DEFAULT 0 CHECK (credited_cents >= 0),
  credited_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((credited_at IS NULL) = (credited_cents = 0))
);
CREATE INDEX crypto_payments_user ON crypto_payments (user_id, created_at DESC);
CREATE INDEX crypto_payments_recent ON crypto_payments (updated_at DESC);
