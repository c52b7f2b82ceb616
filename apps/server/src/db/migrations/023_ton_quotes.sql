-- TON at the market's price (docs/decisions/037-ton-at-the-market-price.md): quotes with their
-- own memo, rates precise to a millionth of a dollar, deposits that wait for a fresh rate, and
-- transfers that keep failing parked as unmatched so the watcher moves on.

-- A quote: "send this many nanotons with this memo and get these cents", at a rate fixed for
-- 15 minutes. Its rate is honoured for one transfer (used_by_deposit), within the tolerance.
CREATE TABLE ton_quotes (
  id BIGSERIAL PRIMARY KEY,
  memo TEXT NOT NULL UNIQUE,
  user_id BIGINT NOT NULL REFERENCES users (telegram_id),
  amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
  amount_nanotons NUMERIC(30, 0) NOT NULL CHECK (amount_nanotons > 0),
  -- millionths of a dollar per TON
  rate_micro_usd_per_ton BIGINT NOT NULL CHECK (rate_micro_usd_per_ton > 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL,
  used_by_deposit BIGINT UNIQUE REFERENCES ton_deposits (id)
);
CREATE INDEX ton_quotes_user ON ton_quotes (user_id, created_at DESC);

-- The rate a deposit was (or will be) credited at, in millionths of a dollar per TON: whole cents
-- per TON were too coarse for a market price (0.3 % of $3). Null while the deposit waits for a
-- fresh rate, and for an unmatched one that arrived without a fresh rate (an admin's assignment
-- then uses the rate of that moment).
ALTER TABLE ton_deposits ADD COLUMN rate_micro_usd_per_ton BIGINT CHECK (rate_micro_usd_per_ton > 0);
UPDATE ton_deposits SET rate_micro_usd_per_ton = rate_cents_per_ton * 10000;
ALTER TABLE ton_deposits DROP COLUMN rate_cents_per_ton;
-- The quote its memo named, and where its rate came from: quote, market or fixed (TON_USD_RATE).
ALTER TABLE ton_deposits ADD COLUMN quote_id BIGINT REFERENCES ton_quotes (id);
ALTER TABLE ton_deposits ADD COLUMN rate_source TEXT CHECK (rate_source IN ('quote', 'market', 'fixed'));

-- pending: the memo named a user, but no rate younger than TON_RATE_MAX_AGE_SECONDS was known;
-- credited when one is.
ALTER TABLE ton_deposits DROP CONSTRAINT ton_deposits_status_check;
ALTER TABLE ton_deposits ADD CONSTRAINT ton_deposits_status_check
  CHECK (status IN ('credited', 'assigned', 'unmatched', 'bounced', 'aborted', 'pending'));
ALTER TABLE ton_deposits DROP CONSTRAINT ton_deposits_check;
ALTER TABLE ton_deposits ADD CONSTRAINT ton_deposits_user_check
  CHECK ((status IN ('credited', 'assigned', 'pending')) = (user_id IS NOT NULL));
CREATE INDEX ton_deposits_pending ON ton_deposits (id) WHERE status = 'pending';

-- Failed attempts to record (or credit) one transfer. After a few the transfer is kept as an
-- unmatched deposit with its error, so one transfer that always fails does not hold up the rest.
CREATE TABLE ton_transfer_failures (
  tx_hash TEXT PRIMARY KEY,
  wallet TEXT NOT NULL,
  attempts INTEGER NOT NULL CHECK (attempts > 0),
  last_error TEXT NOT NULL,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
