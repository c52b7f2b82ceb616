-- Applying as an advisor (docs/decisions/046-apply-as-an-advisor.md).
CREATE TABLE advisor_applications (
  id BIGSERIAL PRIMARY KEY,
  telegram_id BIGINT NOT NULL REFERENCES users (telegram_id),
  name TEXT NOT NULL,
  category_ids INTEGER[] NOT NULL,
  languages TEXT[] NOT NULL,
  experience_years INTEGER NOT NULL CHECK (experience_years >= 0),
  photo_image_id UUID NOT NULL REFERENCES images (id),
  -- {"en": "...", "ru": "..."}: the about text in each language the applicant answers in
  about JSONB NOT NULL,
  sample_question TEXT NOT NULL,
  sample_reading TEXT NOT NULL,
  stage TEXT NOT NULL DEFAULT 'submitted' CHECK (stage IN
    ('submitted', 'practical_test', 'work_history', 'interview', 'trial', 'accepted', 'refused')),
  refusal_reason TEXT,
  advisor_id INTEGER UNIQUE REFERENCES advisors (id),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  decided_at TIMESTAMPTZ,
  CHECK ((stage = 'refused') = (refusal_reason IS NOT NULL)),
  CHECK ((stage IN ('trial', 'accepted')) = (advisor_id IS NOT NULL))
);
-- One application being screened per person: two submits at once leave one.
CREATE UNIQUE INDEX advisor_applications_one_open ON advisor_applications (telegram_id)
  WHERE stage IN ('submitted', 'practical_test', 'work_history', 'interview');
CREATE INDEX advisor_applications_by_person ON advisor_applications (telegram_id, id DESC);

-- The thread between staff and the applicant (the interview happens here).
CREATE TABLE advisor_application_notes (
  id BIGSERIAL PRIMARY KEY,
  application_id BIGINT NOT NULL REFERENCES advisor_applications (id),
  from_staff BOOLEAN NOT NULL,
  author_telegram_id BIGINT NOT NULL,
  text TEXT NOT NULL,
  -- staff only: never shown to or told the applicant
  internal BOOLEAN NOT NULL DEFAULT false CHECK (from_staff OR NOT internal),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX advisor_application_notes_of ON advisor_application_notes (application_id, id);

-- An advisor on trial: shown to a share of users, price at most the cap, until staff end it.
ALTER TABLE advisors ADD COLUMN on_trial BOOLEAN NOT NULL DEFAULT false;
