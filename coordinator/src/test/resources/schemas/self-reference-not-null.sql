-- A NOT NULL self-reference: a root category points to itself, every other one to an earlier row.
-- There is no NULL to start a tree with, so each row references an earlier row or itself.
CREATE TABLE category (
  id serial PRIMARY KEY,
  root_id integer NOT NULL REFERENCES category (id),
  name text NOT NULL
);
CREATE TABLE product (
  id serial PRIMARY KEY,
  category_id integer NOT NULL REFERENCES category (id),
  name text NOT NULL
);
