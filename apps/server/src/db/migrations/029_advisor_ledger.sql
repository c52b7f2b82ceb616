-- What Seer owes each advisor, as a ledger (docs/decisions/047-advisor-payouts-in-ton.md).
-- Every paid message already leaves one positive row in advisor_earnings, written by the send itself.
-- Every other movement of an advisor's money is a row here: a reversal when a paid message is refunded
-- (negative), a payout when it is requested (negative), and the payout's amount back when it fails or is
-- cancelled (positive). What an advisor is owed is always the sum of both tables' rows, never a stored total.
CREATE TABLE advisor_ledger (
  id BIGSERIAL PRIMARY KEY,
  advisor_id INTEGER NOT NULL REFERENCES advisors (id),
  amount_cents BIGINT NOT NULL CHECK (amount_cents <> 0),
  reason TEXT NOT NULL CHECK (reason IN ('reversal', 'payout', 'payout_returned')),
  message_id BIGINT REFERENCES messages (id),
  payout_id BIGINT,
  -- what makes the row happen only once, e.g. 'dispute:12:345' or 'payout:7'
  reference TEXT NOT NULL,
  note TEXT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (reason <> 'reversal' OR (amount_cents < 0 AND message_id IS NOT NULL)),
  CHECK (reason <> 'payout' OR (amount_cents < 0 AND payout_id IS NOT NULL)),
  CHECK (reason <> 'payout_returned' OR (amount_cents > 0 AND payout_id IS NOT NULL)),
  UNIQUE (reason, reference)
);
CREATE INDEX advisor_ledger_advisor ON advisor_ledger (advisor_id, created_at);
