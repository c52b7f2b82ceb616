-- Per-user call allowances shared by every instance when there is no Redis (rate-limits/).
-- One row per limit and user: `full_at` is when the user's allowance is whole again; a row past
-- it says nothing and is deleted. UNLOGGED: losing the counts in a crash only forgives a few calls,
-- and it spares the write-ahead log one write per limited call.
CREATE UNLOGGED TABLE rate_limits (
  key TEXT PRIMARY KEY,
  full_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX rate_limits_full_at ON rate_limits (full_at);
