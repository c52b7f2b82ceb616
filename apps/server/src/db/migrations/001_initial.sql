-- Seer's schema. Money is integer cents (BIGINT); every balance change has a ledger row.

CREATE TABLE settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  telegram_id BIGINT PRIMARY KEY CHECK (telegram_id > 0),
  username TEXT,
  first_name TEXT,
  last_name TEXT,
  language_code TEXT,
  photo_url TEXT,
  -- the name the user chose in Edit Profile; display falls back to Telegram's names
  name TEXT,
  email TEXT,
  description TEXT,
  birth_date DATE,
  birth_time TIME,
  balance_cents BIGINT NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
  free_messages INTEGER NOT NULL DEFAULT 0 CHECK (free_messages >= 0),
  allows_write_to_pm BOOLEAN NOT NULL DEFAULT false,
  sound_enabled BOOLEAN NOT NULL DEFAULT true,
  theme TEXT NOT NULL DEFAULT 'system' CHECK (theme IN ('light', 'dark', 'system')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE advisors (
  id SERIAL PRIMARY KEY,
  name TEXT NOT NULL,
  avatar_url TEXT NOT NULL DEFAULT '',
  category_id INTEGER NOT NULL CHECK (category_id BETWEEN 1 AND 12),
  description TEXT NOT NULL DEFAULT '',
  additional_info TEXT NOT NULL DEFAULT '',
  price_cents BIGINT NOT NULL CHECK (price_cents > 0),
  experience_years INTEGER NOT NULL DEFAULT 0 CHECK (experience_years >= 0),
  clients INTEGER NOT NULL DEFAULT 0 CHECK (clients >= 0),
  languages TEXT[] NOT NULL DEFAULT ARRAY['en', 'ru'],
  is_active BOOLEAN NOT NULL DEFAULT true,
  -- the advisor chose "away": offline even with an open socket
  is_away BOOLEAN NOT NULL DEFAULT false,
  -- demo advisors answer automatically until linked to a person
  is_demo BOOLEAN NOT NULL DEFAULT false,
  demo_online BOOLEAN NOT NULL DEFAULT false,
  telegram_id BIGINT UNIQUE CHECK (telegram_id > 0),
  -- kept equal to the reviews table inside the review's transaction
  rating_sum BIGINT NOT NULL DEFAULT 0,
  review_count INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX advisors_category ON advisors (category_id) WHERE is_active;

CREATE TABLE dialogs (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (telegram_id),
  advisor_id INTEGER NOT NULL REFERENCES advisors (id),
  last_message_id BIGINT,
  last_message_at TIMESTAMPTZ,
  last_message_text TEXT NOT NULL DEFAULT '',
  user_unread INTEGER NOT NULL DEFAULT 0 CHECK (user_unread >= 0),
  advisor_unread INTEGER NOT NULL DEFAULT 0 CHECK (advisor_unread >= 0),
  -- "delete chat": the user no longer sees messages up to this id; a new message shows the dialog again
  user_cleared_up_to BIGINT NOT NULL DEFAULT 0,
  user_hidden BOOLEAN NOT NULL DEFAULT false,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  UNIQUE (user_id, advisor_id)
);
CREATE INDEX dialogs_advisor ON dialogs (advisor_id, last_message_at DESC);

CREATE TABLE images (
  id UUID PRIMARY KEY,
  uploader_id BIGINT NOT NULL,
  mime TEXT NOT NULL,
  width INTEGER NOT NULL,
  height INTEGER NOT NULL,
  bytes BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE messages (
  id BIGSERIAL PRIMARY KEY,
  dialog_id BIGINT NOT NULL REFERENCES dialogs (id),
  sender TEXT NOT NULL CHECK (sender IN ('user', 'manager')),
  kind TEXT NOT NULL DEFAULT 'text' CHECK (kind IN ('text', 'image', 'tarot', 'dream')),
  text TEXT NOT NULL DEFAULT '',
  image_id UUID REFERENCES images (id),
  price_cents BIGINT NOT NULL DEFAULT 0 CHECK (price_cents >= 0),
  paid_with TEXT CHECK (paid_with IN ('free', 'balance')),
  read_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX messages_dialog ON messages (dialog_id, id);

-- Every change of a user's balance. SUM(amount_cents) per user = users.balance_cents.
CREATE TABLE ledger (
  id BIGSERIAL PRIMARY KEY,
  user_id BIGINT NOT NULL REFERENCES users (telegram_id),
  amount_cents BIGINT NOT NULL CHECK (amount_cents <> 0),
  reason TEXT NOT NULL,
  message_id BIGINT REFERENCES messages (id),
  reference TEXT,
  note TEXT,
  created_by BIGINT,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX ledger_user ON ledger (user_id, id);
CREATE UNIQUE INDEX ledger_reference ON ledger (reason, reference) WHERE reference IS NOT NULL;

-- What advisors earn: one row per paid message.
CREATE TABLE advisor_earnings (
  id BIGSERIAL PRIMARY KEY,
  advisor_id INTEGER NOT NULL REFERENCES advisors (id),
  message_id BIGINT NOT NULL UNIQUE REFERENCES messages (id),
  amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
  paid_out_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX advisor_earnings_advisor ON advisor_earnings (advisor_id, created_at);

CREATE TABLE reviews (
  id BIGSERIAL PRIMARY KEY,
  advisor_id INTEGER NOT NULL REFERENCES advisors (id),
  -- null for reviews that came with the demo data
  user_id BIGINT REFERENCES users (telegram_id),
  author_name TEXT NOT NULL,
  rating SMALLINT NOT NULL CHECK (rating BETWEEN 1 AND 5),
  text TEXT NOT NULL DEFAULT '',
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX reviews_one_per_user ON reviews (advisor_id, user_id) WHERE user_id IS NOT NULL;
CREATE INDEX reviews_advisor ON reviews (advisor_id, created_at DESC);
