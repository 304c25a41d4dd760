-- Unique text keys under length and pattern CHECKs their bare numbers break, modelled on
-- graphile/starter (username, user_emails), Philomena (image_sources) and AdventureWorks (a
-- varchar(3) code). citext where contrib is installed, else a plain text domain of that name.
DO $$
BEGIN
  IF EXISTS (SELECT FROM pg_available_extensions WHERE name = 'citext') THEN
    CREATE EXTENSION IF NOT EXISTS citext;
  ELSE
    CREATE DOMAIN citext AS text;
  END IF;
END
$$;
CREATE SCHEMA app_public;
CREATE TABLE app_public.users (
  id serial PRIMARY KEY,
  username citext NOT NULL UNIQUE CHECK (
    length(username) >= 2 AND length(username) <= 24
    AND username ~ '^[a-zA-Z]([_]?[a-zA-Z0-9])+$'),
  name text
);
CREATE TABLE app_public.user_emails (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES app_public.users (id),
  email citext NOT NULL CHECK (email ~ '[^@]+@[^@]+\.[^@]+'),
  UNIQUE (user_id, email)
);
CREATE TABLE app_public.verified_emails (
  email citext PRIMARY KEY CHECK (email ~ '[^@]+@[^@]+\.[^@]+'),
  verified_at timestamptz NOT NULL
);
CREATE TABLE image (
  id serial PRIMARY KEY,
  title text
);
CREATE TABLE image_source (
  image_id integer NOT NULL REFERENCES image (id),
  source text NOT NULL CHECK (source ~* '^https?://'),
  PRIMARY KEY (image_id, source)
);
CREATE TABLE ticket (
  code char(6) NOT NULL UNIQUE CHECK (length(code) = 6),
  body text
);
CREATE TABLE currency (
  code varchar(3) PRIMARY KEY,
  name text NOT NULL
);
