-- TargetContractIT's fixture on MariaDB: contract-pg.sql's twin (see there).
CREATE TABLE region (
  code char(3) PRIMARY KEY,
  name varchar(40) NOT NULL UNIQUE
);
CREATE TABLE customer (
  id bigint PRIMARY KEY,
  region_code char(3) NOT NULL,
  email varchar(120) NOT NULL UNIQUE,
  name varchar(80) NOT NULL,
  born date,
  balance decimal(12,2) NOT NULL,
  active boolean NOT NULL,
  score double,
  created_at datetime NOT NULL,
  CONSTRAINT customer_region_fkey FOREIGN KEY (region_code) REFERENCES region (code)
);
CREATE TABLE orders (
  id bigint PRIMARY KEY,
  customer_id bigint NOT NULL,
  referrer_id bigint,
  amount decimal(10,2) NOT NULL CHECK (amount > 0),
  qty int NOT NULL,
  note text,
  placed_at datetime NOT NULL,
  CONSTRAINT orders_customer_fkey FOREIGN KEY (customer_id) REFERENCES customer (id),
  CONSTRAINT orders_referrer_fkey FOREIGN KEY (referrer_id) REFERENCES customer (id)
);
CREATE TABLE order_tag (
  order_id bigint NOT NULL,
  tag smallint NOT NULL,
  label varchar(20) NOT NULL,
  PRIMARY KEY (order_id, tag),
  CONSTRAINT order_tag_order_fkey FOREIGN KEY (order_id) REFERENCES orders (id)
);
CREATE TABLE audit_log (
  at datetime NOT NULL,
  message varchar(200)
);
