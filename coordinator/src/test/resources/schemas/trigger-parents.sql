-- An insert trigger that writes one profile per user, keyed by the user's id, and a table of
-- photos that references the profiles: the photos' parents are the rows the trigger writes.
CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE profiles (
  user_id int PRIMARY KEY REFERENCES users (id),
  created_at timestamptz NOT NULL
);
CREATE TABLE profile_photos (
  id serial PRIMARY KEY,
  profile_id int NOT NULL REFERENCES profiles (user_id),
  url text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE FUNCTION users_profile() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO profiles (user_id, created_at) VALUES (NEW.id, now());
    RETURN NEW;
  END $$;
CREATE TRIGGER users_profile AFTER INSERT ON users FOR EACH ROW EXECUTE FUNCTION users_profile();
