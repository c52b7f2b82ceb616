-- Favourites, the app's notifications and the "a favourite is online" alerts
-- (docs/decisions/027-favourites-and-notifications.md).

-- A user's favourite advisors; adding twice is one row.
CREATE TABLE favourites (
  user_id BIGINT NOT NULL REFERENCES users (telegram_id) ON DELETE CASCADE,
  advisor_id INTEGER NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, advisor_id)
);
-- Who to tell when an advisor comes online.
CREATE INDEX favourites_advisor ON favourites (advisor_id);

-- What the user allowed and where they are: the bot's "favourite online" alerts are off until the
-- user turns them on; the time zone (IANA name reported by the app) decides the quiet hours.
CREATE TABLE notification_settings (
  user_id BIGINT PRIMARY KEY REFERENCES users (telegram_id) ON DELETE CASCADE,
  favourite_alerts BOOLEAN NOT NULL DEFAULT false,
  time_zone TEXT CHECK (time_zone IS NULL OR length(time_zone) BETWEEN 1 AND 64),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- The app's notifications: what happened to the user, newest first.
--   money: one per noticed ledger row (written in the ledger row's own transaction);
--   reply: one per dialog while unread, bumped (count, created_at) by each further reply;
--   favourite_online: a favourite advisor came online (at most one per advisor per 6 hours).
CREATE TABLE notifications (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (telegram_id) ON DELETE CASCADE,
  kind TEXT NOT NULL CHECK (kind IN ('money', 'reply', 'favourite_online')),
  -- money: the ledger reason; otherwise the kind.
  reason TEXT NOT NULL,
  ledger_id BIGINT UNIQUE REFERENCES ledger (id),
  amount_cents INTEGER NOT NULL DEFAULT 0,
  free_messages_delta INTEGER NOT NULL DEFAULT 0,
  advisor_id INTEGER REFERENCES advisors (id) ON DELETE CASCADE,
  -- replies folded into one notification while it was unread
  count INTEGER NOT NULL DEFAULT 1 CHECK (count >= 1),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  read_at TIMESTAMPTZ
);
CREATE INDEX notifications_user ON notifications (user_id, created_at DESC, id DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;
-- One unread reply notification per dialog: a further reply bumps it.
CREATE UNIQUE INDEX notifications_unread_reply ON notifications (user_id, advisor_id)
  WHERE kind = 'reply' AND read_at IS NULL;

-- Money notifications before this migration came from the ledger: carried over, already read.
INSERT INTO notifications (user_id, kind, reason, ledger_id, amount_cents, free_messages_delta, created_at, read_at)
SELECT user_id, 'money', reason, id, amount_cents, free_messages_delta, created_at, created_at
FROM ledger
WHERE reason <> 'message' AND amount_cents <> 0
ORDER BY id;

-- The "favourite online" slot per user and advisor, shared by every instance.
CREATE TABLE favourite_online_notices (
  user_id BIGINT NOT NULL REFERENCES users (telegram_id) ON DELETE CASCADE,
  advisor_id INTEGER NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  notified_at TIMESTAMPTZ NOT NULL,
  PRIMARY KEY (user_id, advisor_id)
);
