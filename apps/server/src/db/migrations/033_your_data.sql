-- Your data (docs/decisions/050-your-data.md): deleting an account.
--
-- A deleted account's records that must be kept (the ledger, payments, the advisor's side of its
-- dialogs) move to a tombstone: a users row with a negative id from this sequence, `erased_at` set
-- and no personal field. The person's own row (their Telegram id) is then removed, so nothing kept
-- names them; if they open Seer again they start a new account.
ALTER TABLE users ADD COLUMN erased_at TIMESTAMPTZ;
ALTER TABLE users DROP CONSTRAINT users_telegram_id_check;
ALTER TABLE users ADD CONSTRAINT users_id_person_or_tombstone
  CHECK ((telegram_id > 0) = (erased_at IS NULL));
CREATE SEQUENCE erased_account_ids INCREMENT BY -1 START WITH -1 MAXVALUE -1;

-- The deletion's first step: a confirmation asked for, answered with a token (kept hashed) that
-- the second step must bring back before it expires. One per user; asking again replaces it.
-- What the user was shown (balance, free messages) is kept so that a change since makes it stale.
CREATE TABLE account_deletion_requests (
  telegram_id BIGINT PRIMARY KEY REFERENCES users (telegram_id) ON DELETE CASCADE,
  token_hash TEXT NOT NULL,
  balance_cents BIGINT NOT NULL,
  free_messages INTEGER NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL
);

-- The revocation row that refuses a deleted account's old init data also says that the account
-- was deleted: a person who comes back starts a new account without the welcome free messages.
ALTER TABLE sign_in_revocations ADD COLUMN account_erased_at TIMESTAMPTZ;
