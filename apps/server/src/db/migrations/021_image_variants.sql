-- Images that cannot be used as bombs (docs/decisions/035-images-that-cannot-be-bombs.md).
-- An upload is decoded once and stored normalized: at most 4096 × 4096 pixels, 8 bits per
-- channel, JPEG (or PNG when it has transparency). Rows stored before this migration hold the
-- bytes as uploaded; they are normalized the first time they are asked for.
--   original    as uploaded before this migration, not checked yet
--   normalized  decoded and stored within the limits; the served widths are made from it
--   unreadable  an old original that does not decode within the limits: served as stored, never
--               decoded again and never resized
ALTER TABLE images
  ADD COLUMN form TEXT NOT NULL DEFAULT 'original'
    CHECK (form IN ('original', 'normalized', 'unreadable'));
-- From now on every insert says which form it stores.
ALTER TABLE images ALTER COLUMN form DROP DEFAULT;

-- The served widths (WebP), each made once from the normalized image and kept here, so that a
-- width is computed at most once however many instances and restarts ask for it.
CREATE TABLE image_variants (
  image_id UUID NOT NULL REFERENCES images (id) ON DELETE CASCADE,
  width INTEGER NOT NULL CHECK (width > 0),
  bytes BYTEA NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (image_id, width)
);
