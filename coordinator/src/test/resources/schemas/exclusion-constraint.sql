-- A booking's room may not be booked twice at once: an exclusion constraint, which Spate's rows
-- do not keep, so the fill is refused before it writes anything (or the table is left empty).
CREATE EXTENSION IF NOT EXISTS btree_gist;
CREATE TABLE room (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE booking (
  id serial PRIMARY KEY,
  room int NOT NULL REFERENCES room,
  during tstzrange NOT NULL,
  EXCLUDE USING gist (room WITH =, during WITH &&)
);
