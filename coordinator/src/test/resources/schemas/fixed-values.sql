-- Columns of types Spate does not generate (or whose literals it does not read) given a fixed
-- value in the config, or a literal in a form of the type's syntax Spate does not read (an IPv6
-- inet, an ISO 8601 interval): the server encodes the literal once, at plan time, and every row
-- has it.
CREATE TABLE device (
  id serial PRIMARY KEY,
  hardware macaddr8 NOT NULL,
  wal_at pg_lsn NOT NULL,
  origin point NOT NULL,
  words tsvector NOT NULL,
  spans int4multirange,
  address inet NOT NULL,
  wait interval NOT NULL
);
