-- Every bot notice waits here until Telegram has taken it (bot/notice-outbox.ts): written when
-- the notice is decided, delivered by any instance's worker, retried after 429, 5xx and network
-- errors, given up on after a bounded time. A row is claimed ('sending') before its request is
-- made, so a notice is sent at most once even if the process dies mid-request.
CREATE TABLE bot_outbox (
  id BIGSERIAL PRIMARY KEY,
  chat_id BIGINT NOT NULL,
  text TEXT NOT NULL,
  reply_markup JSONB,
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- when the next attempt may start (retry_after, backoff)
  next_attempt_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- when the running attempt was claimed; a claim this old belongs to a dead instance
  claimed_at TIMESTAMPTZ,
  finished_at TIMESTAMPTZ,
  last_error TEXT
);

CREATE INDEX bot_outbox_due ON bot_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX bot_outbox_claimed ON bot_outbox (claimed_at) WHERE status = 'sending';
