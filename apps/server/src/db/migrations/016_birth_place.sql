-- Where the user was born, for the computed horoscope (docs/decisions/029-horoscope-from-the-sky.md):
-- a city of the built-in list (its id; the list in the contract gives its IANA time zone), or only
-- a UTC offset in minutes. At most one of the two is set; neither means "not given".
ALTER TABLE users ADD COLUMN birth_city TEXT;
ALTER TABLE users ADD COLUMN birth_utc_offset_minutes SMALLINT;
ALTER TABLE users ADD CONSTRAINT users_birth_place_one CHECK (
  birth_city IS NULL OR birth_utc_offset_minutes IS NULL
);
ALTER TABLE users ADD CONSTRAINT users_birth_city_shape CHECK (
  birth_city IS NULL OR birth_city ~ '^[a-z-]{2,40}$'
);
ALTER TABLE users ADD CONSTRAINT users_birth_utc_offset_range CHECK (
  birth_utc_offset_minutes IS NULL OR birth_utc_offset_minutes BETWEEN -720 AND 840
);
