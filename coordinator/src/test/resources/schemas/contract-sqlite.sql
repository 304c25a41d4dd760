-- TargetContractIT's fixture on SQLite, the twin of contract-pg.sql: SQLite takes its declared
-- type names as they are (they decide each column's affinity), so only this comment differs.
CREATE TABLE region (
  code char(3) PRIMARY KEY,
  name varchar(40) NOT NULL UNIQUE
);
CREATE TABLE customer (
  id bigint PRIMARY KEY,
  region_code char(3) NOT NULL REFERENCES region (code),
  email varchar(120) NOT NULL UNIQUE,
  name varchar(80) NOT NULL,
  born date,
  balance numeric(12,2) NOT NULL,
  active boolean NOT NULL,
  score double precision,
  created_at timestamp NOT NULL
);
CREATE TABLE orders (
  id bigint PRIMARY KEY,
  customer_id bigint NOT NULL REFERENCES customer (id),
  referrer_id bigint REFERENCES customer (id),
  amount numeric(10,2) NOT NULL CHECK (amount > 0),
  qty integer NOT NULL,
  note text,
  placed_at timestamp NOT NULL
);
CREATE TABLE order_tag (
  order_id bigint NOT NULL REFERENCES orders (id),
  tag smallint NOT NULL,
  label varchar(20) NOT NULL,
  PRIMARY KEY (order_id, tag)
);
CREATE TABLE audit_log (
  at timestamp NOT NULL,
  message varchar(200)
);
