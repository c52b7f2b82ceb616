-- The advisor's own profile (docs/decisions/045-advisors-own-profile.md).
-- Weekly hours are wall-clock ranges in the advisor's time zone (1 = Monday … 7 = Sunday); users
-- see them converted to their own zone per date, so DST changes on either side are honoured.
ALTER TABLE advisors ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'UTC';

CREATE TABLE advisor_hours (
  advisor_id INT NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  weekday SMALLINT NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  start_minute SMALLINT NOT NULL CHECK (start_minute BETWEEN 0 AND 1439),
  end_minute SMALLINT NOT NULL CHECK (end_minute > start_minute AND end_minute <= 1440),
  PRIMARY KEY (advisor_id, weekday, start_minute)
);

-- Shown to users in the chat while the advisor is away or offline, in the user's language.
CREATE TABLE advisor_away_messages (
  advisor_id INT NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  text TEXT NOT NULL,
  PRIMARY KEY (advisor_id, language)
);

-- An advisor asks for a new price; an admin approves (advisors.price_cents changes) or refuses.
-- A new request replaces the pending one (status 'replaced'): at most one pending per advisor.
CREATE TABLE price_change_requests (
  id BIGSERIAL PRIMARY KEY,
  advisor_id INT NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  price_cents BIGINT NOT NULL CHECK (price_cents > 0),
  status TEXT NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'approved', 'refused', 'replaced')),
  decided_by BIGINT,
  decided_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX price_change_requests_one_pending
  ON price_change_requests (advisor_id) WHERE status = 'pending';
CREATE INDEX price_change_requests_by_status ON price_change_requests (status, id);
