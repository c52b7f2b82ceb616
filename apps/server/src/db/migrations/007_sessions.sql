-- Profile fields from Telegram (names, username, photo) are applied only from init data signed
-- later than the last applied one (its auth_date, seconds since the epoch): replaying older init
-- data never rolls a profile back.
ALTER TABLE users ADD COLUMN telegram_auth_date BIGINT NOT NULL DEFAULT 0;

-- Sessions started from verified init data (auth/sessions.ts): the signed token names its row,
-- which bounds its whole life and can be revoked.
CREATE TABLE auth_sessions (
  id TEXT PRIMARY KEY,
  telegram_id BIGINT NOT NULL REFERENCES users (telegram_id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  renewed_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  -- the absolute end: no renewal goes past it
  ends_at TIMESTAMPTZ NOT NULL,
  revoked_at TIMESTAMPTZ
);
CREATE INDEX auth_sessions_telegram_id ON auth_sessions (telegram_id);
