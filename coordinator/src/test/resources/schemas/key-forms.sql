-- Unique keys of types with few values, or with values Spate once wrote only as numbers: an enum
-- or a boolean beside an integer in one key, char(n) codes past the n-digit numbers, and arrays.
CREATE TYPE kind AS ENUM ('small', 'medium', 'large');
CREATE TABLE item (
  id serial PRIMARY KEY,
  kind kind NOT NULL,
  n integer NOT NULL,
  active boolean NOT NULL,
  code char(2) NOT NULL UNIQUE,
  label varchar(2) NOT NULL UNIQUE,
  tags text[] NOT NULL UNIQUE,
  UNIQUE (kind, n),
  UNIQUE (active, n)
);
CREATE TABLE route (
  steps integer[] PRIMARY KEY,
  kind kind NOT NULL,
  flags boolean[] NOT NULL,
  item_id integer REFERENCES item (id),
  UNIQUE (kind, steps),
  UNIQUE (flags, steps)
);
CREATE TABLE route_stop (
  id serial PRIMARY KEY,
  route_steps integer[] NOT NULL REFERENCES route (steps),
  kind kind NOT NULL
);
