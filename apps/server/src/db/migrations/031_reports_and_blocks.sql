-- Reports and blocks (docs/decisions/048-reports-and-blocks.md).

-- A message staff hid (or that reports hid until staff review): neither party of the dialog sees
-- it any more; staff still do. `hidden_by` says which, so a dismissal gives back only the latter.
ALTER TABLE messages ADD COLUMN hidden_at TIMESTAMPTZ,
  ADD COLUMN hidden_by TEXT CHECK (hidden_by IN ('staff', 'reports'));

-- An advisor held out of the catalogue because enough distinct users reported them, until staff
-- review the reports.
ALTER TABLE advisors ADD COLUMN held_for_review_at TIMESTAMPTZ;

-- A report of a message (by the other party of its dialog) or of an advisor (by a user). A report
-- is about one dialog: `user_id` and `advisor_id` are its two parties; the reported party is the
-- one who is not the reporter (`reporter_role`).
CREATE TABLE reports (
  id BIGSERIAL PRIMARY KEY,
  reporter_id BIGINT NOT NULL,
  reporter_role TEXT NOT NULL CHECK (reporter_role IN ('user', 'manager')),
  user_id BIGINT NOT NULL,
  advisor_id INTEGER NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  message_id BIGINT REFERENCES messages (id) ON DELETE CASCADE,
  reason TEXT NOT NULL CHECK (reason IN ('spam', 'abuse', 'off_platform_payment', 'other')),
  text TEXT NOT NULL DEFAULT '' CHECK (char_length(text) <= 5000),
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  outcome TEXT CHECK (outcome IN ('dismissed', 'warned', 'hidden', 'suspended_advisor', 'suspended_user')),
  decided_by BIGINT,
  decided_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK ((status = 'open') = (outcome IS NULL)),
  -- A user reports an advisor or their message; an advisor reports a message of their client.
  CHECK (reporter_role = 'user' OR message_id IS NOT NULL)
);
-- The same person reports the same thing once.
CREATE UNIQUE INDEX reports_once_per_message ON reports (reporter_id, message_id)
  WHERE message_id IS NOT NULL;
CREATE UNIQUE INDEX reports_once_per_advisor ON reports (reporter_id, advisor_id)
  WHERE message_id IS NULL;
CREATE INDEX reports_open ON reports (id) WHERE status = 'open';
CREATE INDEX reports_advisor_open ON reports (advisor_id) WHERE status = 'open';

-- A block between the two parties of a dialog: by the user (the advisor leaves their lists and
-- cannot write to them) or by the advisor (the user cannot write to the advisor). Either way no
-- message passes between them; each side lifts only its own.
CREATE TABLE dialog_blocks (
  user_id BIGINT NOT NULL REFERENCES users (telegram_id) ON DELETE CASCADE,
  advisor_id INTEGER NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  blocked_by TEXT NOT NULL CHECK (blocked_by IN ('user', 'manager')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, advisor_id, blocked_by)
);
CREATE INDEX dialog_blocks_advisor ON dialog_blocks (advisor_id);

-- A suspended user: every sign-in is refused, whenever the init data was signed, until staff lift
-- it (the revocation row of decision 034 carries it).
ALTER TABLE sign_in_revocations ADD COLUMN suspended_at TIMESTAMPTZ;
