-- Disputes (docs/decisions/049-disputes.md): a user's case about paid messages to one advisor,
-- decided by staff with a full or partial refund through the money path, or a refusal with a reason.
CREATE TABLE disputes (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (telegram_id),
  advisor_id INTEGER NOT NULL REFERENCES advisors (id),
  dialog_id BIGINT NOT NULL REFERENCES dialogs (id),
  text TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'open'
    CHECK (status IN ('open', 'refunded', 'partly_refunded', 'refused')),
  -- what the messages cost in money that was paid in (never credit money): the most a refund gives
  claimed_cents BIGINT NOT NULL CHECK (claimed_cents > 0),
  refunded_cents BIGINT NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= claimed_cents),
  -- the reason of a refusal, or staff's words with a refund
  resolution_note TEXT,
  resolved_by BIGINT,
  resolved_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((status = 'open') = (resolved_at IS NULL)),
  CHECK (status <> 'refused' OR (refunded_cents = 0 AND resolution_note IS NOT NULL)),
  CHECK (status NOT IN ('refunded', 'partly_refunded') OR refunded_cents > 0)
);
-- One open case per dialog, also for two opened at once.
CREATE UNIQUE INDEX disputes_one_open_per_dialog ON disputes (dialog_id) WHERE status = 'open';
CREATE INDEX disputes_user ON disputes (user_id, id DESC);
CREATE INDEX disputes_queue ON disputes (status, id);

-- The paid messages a case is about. A message is in one case only, ever: a decision is final,
-- and a message is refunded at most once whatever the cases and retries.
CREATE TABLE dispute_messages (
  dispute_id BIGINT NOT NULL REFERENCES disputes (id),
  message_id BIGINT NOT NULL UNIQUE REFERENCES messages (id),
  -- the message's price less the part paid with credit money, when the case was opened
  refundable_cents BIGINT NOT NULL CHECK (refundable_cents > 0),
  refunded_cents BIGINT NOT NULL DEFAULT 0
    CHECK (refunded_cents >= 0 AND refunded_cents <= refundable_cents),
  PRIMARY KEY (dispute_id, message_id)
);
