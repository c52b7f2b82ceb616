-- Referrals (docs/decisions/026-deep-links-and-referrals.md): each user's invite code, and who
-- invited whom. The rewards themselves are ledger rows (reason referral_bonus, one unique
-- reference per invitee and side), written in the invitee's first top-up's transaction.

CREATE TABLE referral_codes (
  user_id BIGINT PRIMARY KEY REFERENCES users (telegram_id) ON DELETE CASCADE,
  code TEXT NOT NULL UNIQUE CHECK (code ~ '^[a-z0-9]{8}$'),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE referrals (
  -- one inviter per invitee, ever
  invitee_id BIGINT PRIMARY KEY REFERENCES users (telegram_id) ON DELETE CASCADE,
  inviter_id BIGINT NOT NULL REFERENCES users (telegram_id) ON DELETE CASCADE,
  -- where the invitee was first seen with the link: the Mini App's start_param or the bot's /start
  via TEXT NOT NULL CHECK (via IN ('app', 'bot')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- the invitee's first real top-up (set once, in that top-up's transaction)
  qualified_at TIMESTAMPTZ,
  qualifying_ledger_id BIGINT,
  -- whether the inviter was rewarded then (false: over the monthly cap, or rewards off)
  inviter_rewarded BOOLEAN,
  CHECK (invitee_id <> inviter_id)
);
CREATE INDEX referrals_inviter ON referrals (inviter_id, qualified_at);

-- An admin's reversal of one referral credit, once: what was taken back (a referral_reversal
-- ledger row when more than zero) and what had already been spent.
CREATE TABLE referral_reversals (
  ledger_id BIGINT PRIMARY KEY REFERENCES ledger (id),
  taken_back INTEGER NOT NULL CHECK (taken_back >= 0),
  already_used INTEGER NOT NULL CHECK (already_used >= 0),
  reason TEXT NOT NULL,
  created_by BIGINT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
