-- CHECKs between two foreign keys of a row: the references are computed, so they must keep them.
CREATE TABLE entity (
  id serial PRIMARY KEY,
  name text NOT NULL
);
CREATE TABLE relation (
  id serial PRIMARY KEY,
  entity0 integer NOT NULL REFERENCES entity (id),
  entity1 integer NOT NULL REFERENCES entity (id),
  CHECK (entity0 <> entity1)
);
CREATE TABLE tag (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  label text NOT NULL
);
CREATE TABLE tag_pair (
  id serial PRIMARY KEY,
  tag1 bigint NOT NULL REFERENCES tag (id),
  tag2 bigint REFERENCES tag (id),
  CHECK (tag1 < tag2)
);
-- a link table between rows of one table, keyed by the pair
CREATE TABLE person (
  id serial PRIMARY KEY,
  name text NOT NULL
);
CREATE TABLE friendship (
  a integer NOT NULL REFERENCES person (id),
  b integer NOT NULL REFERENCES person (id),
  since date NOT NULL,
  PRIMARY KEY (a, b),
  CHECK (a <> b)
);
