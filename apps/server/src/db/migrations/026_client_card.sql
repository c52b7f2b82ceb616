-- The client card of the advisor's workspace (docs/decisions/044-client-card.md).

-- Whether a user lets advisors see their birth data (and the sign and natal points computed from
-- it). No row: not asked yet, and not allowed; a row: the user answered (in the chat or Settings).
CREATE TABLE birth_data_sharing (
  user_id BIGINT PRIMARY KEY REFERENCES users (telegram_id) ON DELETE CASCADE,
  allowed BOOLEAN NOT NULL,
  answered_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- An advisor's private note about one client: only that advisor reads or writes it.
CREATE TABLE advisor_client_notes (
  advisor_id INTEGER NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  user_id BIGINT NOT NULL REFERENCES users (telegram_id) ON DELETE CASCADE,
  text TEXT NOT NULL CHECK (char_length(text) BETWEEN 1 AND 20000),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (advisor_id, user_id)
);

-- An advisor's quick replies, per language, in the order the advisor added them.
CREATE TABLE advisor_quick_replies (
  id SERIAL PRIMARY KEY,
  advisor_id INTEGER NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  language TEXT NOT NULL CHECK (language IN ('ru', 'en')),
  text TEXT NOT NULL CHECK (char_length(text) BETWEEN 1 AND 5000),
  position INTEGER NOT NULL,
  UNIQUE (advisor_id, language, position)
);
