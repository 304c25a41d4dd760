-- Keys that hold a smaller key: a primary key (a, b) beside a unique constraint on b alone. The
-- smaller key is the stronger, so it must drive the values: b, a foreign key, picks each parent
-- once whatever a is; an identity unique by itself stays unique across tenants.
CREATE TABLE tenant (
  id serial PRIMARY KEY,
  name text NOT NULL
);
CREATE TABLE account (
  id serial PRIMARY KEY,
  email text NOT NULL UNIQUE
);
CREATE TABLE membership (
  tenant_id integer NOT NULL REFERENCES tenant (id),
  account_id integer NOT NULL REFERENCES account (id),
  role text NOT NULL,
  PRIMARY KEY (tenant_id, account_id),
  UNIQUE (account_id)
);
CREATE TABLE invitation (
  id integer GENERATED ALWAYS AS IDENTITY,
  tenant_id integer NOT NULL REFERENCES tenant (id),
  code text NOT NULL,
  PRIMARY KEY (tenant_id, id),
  UNIQUE (id)
);
CREATE TABLE profile (
  account_id integer PRIMARY KEY REFERENCES account (id),
  tenant_id integer NOT NULL REFERENCES tenant (id),
  bio text,
  UNIQUE (tenant_id, account_id)
);
