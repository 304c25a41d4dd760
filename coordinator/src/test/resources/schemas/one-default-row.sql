-- "At most one default row": a unique index on a boolean over the rows where it is true, as
-- listmonk's templates (is_default) has it, in its three spellings. A boolean cannot take 1000
-- distinct values, so the fill writes no row true and the application can still set one.
CREATE TABLE template (
  id serial PRIMARY KEY,
  name text NOT NULL,
  is_default boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX ON template (is_default) WHERE is_default = true;

CREATE TABLE theme (
  id serial PRIMARY KEY,
  "Primary" boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX theme_one_primary ON theme ("Primary") WHERE "Primary";

CREATE TABLE mailbox (
  id serial PRIMARY KEY,
  template_id integer NOT NULL REFERENCES template (id),
  main boolean
);
CREATE UNIQUE INDEX mailbox_one_main ON mailbox (main) WHERE main IS TRUE;
