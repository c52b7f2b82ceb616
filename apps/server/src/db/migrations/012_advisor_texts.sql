-- Advisor texts per language. advisors.description and additional_info stay the advisor's own
-- texts, written in advisors.text_language; advisor_texts holds the same two texts in other
-- languages. A reader whose language has no row gets the own texts, and the answer says which
-- language it carries (docs/decisions/022-content-per-language.md).
ALTER TABLE advisors ADD COLUMN text_language TEXT NOT NULL DEFAULT 'en';

CREATE TABLE advisor_texts (
  advisor_id INT NOT NULL REFERENCES advisors (id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  additional_info TEXT NOT NULL DEFAULT '',
  PRIMARY KEY (advisor_id, language)
);

-- The list filter "answers in <language>" reads advisors.languages.
CREATE INDEX advisors_languages ON advisors USING GIN (languages);

-- Reviews the same way: reviews.text is written in reviews.text_language (NULL: unknown, as for
-- a user's own review); translations holds {"<language>": {"text": …, "author": …}} (demo
-- reviews carry both languages).
ALTER TABLE reviews ADD COLUMN text_language TEXT;
ALTER TABLE reviews ADD COLUMN translations JSONB NOT NULL DEFAULT '{}';
