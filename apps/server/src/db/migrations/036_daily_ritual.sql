-- The daily ritual (docs/decisions/054-search-and-a-daily-ritual.md): whether the first-open
-- onboarding was finished or skipped (never offered again), and the opt-in morning message from
-- the bot at a local hour in the user's time zone. `last_morning_on` is the local day of the last
-- morning message: claiming a day by updating it is what sends each user at most one a day, with
-- any number of instances.
CREATE TABLE daily_ritual (
  user_id BIGINT PRIMARY KEY REFERENCES users (telegram_id) ON DELETE CASCADE,
  onboarding_closed_at TIMESTAMPTZ,
  onboarding_outcome TEXT CHECK (onboarding_outcome IN ('done', 'skipped')),
  morning_enabled BOOLEAN NOT NULL DEFAULT false,
  morning_hour SMALLINT NOT NULL DEFAULT 8 CHECK (morning_hour BETWEEN 0 AND 23),
  time_zone TEXT,
  last_morning_on DATE,
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (NOT morning_enabled OR time_zone IS NOT NULL)
);

-- The morning worker reads only the users who asked for it.
CREATE INDEX daily_ritual_morning ON daily_ritual (user_id) WHERE morning_enabled;
