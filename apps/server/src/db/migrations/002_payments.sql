-- Payments: TON deposits seen by the watcher, its cursor, and Telegram Stars invoices and payments.
-- A credit is always three writes in one transaction: the payment row, the ledger row
-- (unique (reason, reference)), and for TON the cursor advance.

-- Every incoming transfer to the deposit wallet, credited or not: nothing received is dropped.
CREATE TABLE ton_deposits (
  id BIGSERIAL PRIMARY KEY,
  wallet TEXT NOT NULL,
  -- the indexer's transaction hash (base64 as toncenter gives it); one row per transaction
  tx_hash TEXT NOT NULL UNIQUE,
  tx_lt NUMERIC(20, 0) NOT NULL,
  tx_time TIMESTAMPTZ NOT NULL,
  source TEXT,
  amount_nanotons NUMERIC(30, 0) NOT NULL CHECK (amount_nanotons >= 0),
  -- the text comment as sent (null when the body was not a text comment)
  comment TEXT,
  -- the rate in force when the deposit was seen, and what it is worth at that rate (rounded down)
  rate_cents_per_ton BIGINT NOT NULL CHECK (rate_cents_per_ton > 0),
  amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
  -- the user credited; null while unmatched
  user_id BIGINT REFERENCES users (telegram_id),
  -- credited: matched by memo; assigned: credited by an admin; unmatched: waits for an admin;
  -- bounced / aborted: the transfer did not stay with us, kept for the record only
  status TEXT NOT NULL CHECK (status IN ('credited', 'assigned', 'unmatched', 'bounced', 'aborted')),
  note TEXT,
  credited_at TIMESTAMPTZ,
  assigned_by BIGINT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((status IN ('credited', 'assigned')) = (user_id IS NOT NULL))
);
CREATE INDEX ton_deposits_unmatched ON ton_deposits (id) WHERE status = 'unmatched';
CREATE INDEX ton_deposits_user ON ton_deposits (user_id, id) WHERE user_id IS NOT NULL;

-- The last transaction the watcher handled, per deposit wallet.
CREATE TABLE ton_watch_cursor (
  wallet TEXT PRIMARY KEY,
  last_lt NUMERIC(20, 0) NOT NULL,
  last_hash TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- An invoice link we created; its id is the invoice payload, so a payload cannot be forged.
CREATE TABLE stars_invoices (
  id UUID PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (telegram_id),
  amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
  stars INTEGER NOT NULL CHECK (stars > 0),
  paid_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX stars_invoices_user ON stars_invoices (user_id, created_at DESC);

-- Every successful Stars payment, once per Telegram charge id.
CREATE TABLE stars_payments (
  id BIGSERIAL PRIMARY KEY,
  telegram_payment_charge_id TEXT NOT NULL UNIQUE,
  -- null when the payload named no invoice of ours (kept so an admin can refund it)
  invoice_id UUID REFERENCES stars_invoices (id),
  user_id BIGINT NOT NULL REFERENCES users (telegram_id),
  stars INTEGER NOT NULL CHECK (stars > 0),
  -- what was credited; 0 when nothing was (unknown invoice)
  amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
  provider_payment_charge_id TEXT,
  refunded_at TIMESTAMPTZ,
  refunded_by BIGINT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX stars_payments_user ON stars_payments (user_id, id);
