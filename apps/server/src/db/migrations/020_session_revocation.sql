-- Ending a user's sessions (`end-sessions` on the command line, or the admin section) records when:
-- from then on init data whose auth_date is before that moment is refused everywhere (calls, the
-- socket, starting a session), while init data Telegram signs afterwards works
-- (docs/decisions/034-revocation-that-revokes.md). One row per user whose sessions were ever
-- ended; no foreign key, so a Telegram id can be ended before it has a user row.
CREATE TABLE sign_in_revocations (
  telegram_id BIGINT PRIMARY KEY,
  revoked_at TIMESTAMPTZ NOT NULL
);

-- Session tokens rotate on every renewal: a token names the generation it was issued for and only
-- the session's current generation renews. A renewed-away token that comes back to renew ends the
-- session (reuse detection). Tokens issued before this column existed carry no generation: 0.
ALTER TABLE auth_sessions ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
