-- A small shop with no fill config: what Spate infers from names, types and tables
-- (SaneValuesFillIT, and docs/values.md).
CREATE TABLE people (
  id bigint PRIMARY KEY,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL UNIQUE,
  title text,
  age smallint,
  created_at timestamptz NOT NULL,
  updated_at timestamptz
);
CREATE TABLE products (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  price numeric(10,2) NOT NULL CHECK (price > 0),
  attributes jsonb
);
CREATE TABLE orders (
  id uuid PRIMARY KEY,
  person_id bigint NOT NULL REFERENCES people,
  product_id uuid NOT NULL REFERENCES products,
  ordered_at timestamptz NOT NULL,
  shipped_at timestamptz,
  quantity int NOT NULL,
  amount numeric(10,2) NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'paid', 'shipped', 'delivered', 'cancelled')),
  active smallint NOT NULL,
  month smallint NOT NULL,
  latitude numeric(9,6),
  longitude numeric(9,6),
  ip_address text,
  billing_city text,
  meta jsonb
);
CREATE TABLE accounts (
  id int PRIMARY KEY,
  email varchar(80) NOT NULL UNIQUE,
  last_login timestamp NOT NULL UNIQUE
);
