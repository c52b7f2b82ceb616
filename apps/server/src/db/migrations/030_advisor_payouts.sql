-- Advisors paid in TON (docs/decisions/047-advisor-payouts-in-ton.md).
-- A payout is requested by the advisor in dollars to their TON address; an admin pays up to four of
-- them in one batch (one TON Connect transaction from the operator's wallet, one message each with
-- the comment "payout <id>"); the deposit watcher sees the messages leave the wallet and marks each
-- payout paid with its transaction. The money moves in advisor_ledger: a negative 'payout' row when
-- requested, a positive 'payout_returned' row when it is cancelled, expires unsent or bounces.

CREATE TABLE payout_batches (
  id BIGSERIAL PRIMARY KEY,
  -- the admin who asked the wallet to sign
  created_by BIGINT NOT NULL,
  -- the operator's wallet (raw form) the transaction is sent from
  wallet TEXT NOT NULL,
  -- TON Connect's validUntil: after it the wallet contract refuses the transaction
  valid_until TIMESTAMPTZ NOT NULL,
  rate_micro_usd_per_ton BIGINT NOT NULL CHECK (rate_micro_usd_per_ton > 0),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE payouts (
  id BIGSERIAL PRIMARY KEY,
  advisor_id INTEGER NOT NULL REFERENCES advisors (id),
  amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
  -- the advisor's address in raw form (0:<64 hex>), and as they wrote it
  address TEXT NOT NULL,
  address_text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'requested'
    CHECK (status IN ('requested', 'sent', 'paid', 'failed', 'cancelled', 'bounced')),
  -- 'ton': requested and paid through Seer; 'outside': paid by hand before Seer paid in TON
  method TEXT NOT NULL DEFAULT 'ton' CHECK (method IN ('ton', 'outside')),
  batch_id BIGINT REFERENCES payout_batches (id),
  -- fixed when the batch is built, at that moment's rate (rounded down)
  amount_nanotons NUMERIC(40, 0) CHECK (amount_nanotons > 0),
  tx_hash TEXT,
  -- the outgoing message's hash: one message pays one payout, once
  msg_hash TEXT UNIQUE,
  -- a message named this payout but its address or amount differed: an admin looks, nothing is returned
  mismatch_tx_hash TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  sent_at TIMESTAMPTZ,
  paid_at TIMESTAMPTZ,
  closed_at TIMESTAMPTZ,
  -- the bot message to the advisor about the payment was written
  notified_at TIMESTAMPTZ,
  CHECK (status NOT IN ('sent', 'paid', 'bounced') OR method = 'outside' OR (batch_id IS NOT NULL AND amount_nanotons IS NOT NULL)),
  CHECK (status <> 'paid' OR method = 'outside' OR tx_hash IS NOT NULL)
);
-- One open payout per advisor at a time.
CREATE UNIQUE INDEX payouts_one_open ON payouts (advisor_id) WHERE status IN ('requested', 'sent');
CREATE INDEX payouts_advisor ON payouts (advisor_id, id);
CREATE INDEX payouts_open ON payouts (status, id) WHERE status IN ('requested', 'sent');
CREATE INDEX payouts_batch ON payouts (batch_id);

ALTER TABLE advisor_ledger
  ADD CONSTRAINT advisor_ledger_payout FOREIGN KEY (payout_id) REFERENCES payouts (id);
CREATE INDEX advisor_ledger_payout_id ON advisor_ledger (payout_id) WHERE payout_id IS NOT NULL;

-- Earnings an admin marked paid by hand before this migration were paid outside Seer: each advisor's
-- marked total becomes one payout of method 'outside' with its ledger row, so what they are owed
-- (earnings plus ledger) does not count that money again.
WITH marked AS (
  SELECT advisor_id, sum(amount_cents) AS cents, max(paid_out_at) AS paid_at
  FROM advisor_earnings WHERE paid_out_at IS NOT NULL GROUP BY advisor_id
), inserted AS (
  INSERT INTO payouts (advisor_id, amount_cents, address, address_text, status, method, paid_at, closed_at, notified_at, created_at)
  SELECT advisor_id, cents, '', '', 'paid', 'outside', paid_at, paid_at, paid_at, paid_at FROM marked
  RETURNING id, advisor_id, amount_cents, paid_at
)
INSERT INTO advisor_ledger (advisor_id, amount_cents, reason, payout_id, reference, note, created_at)
SELECT advisor_id, -amount_cents, 'payout', id, 'payout:' || id, 'marked paid by hand before payouts in TON', paid_at
FROM inserted;
