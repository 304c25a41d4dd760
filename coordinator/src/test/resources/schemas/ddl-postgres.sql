-- A PostgreSQL schema in the forms dumps and migrations write it, for DdlSchemaIT: the schema
-- DdlSchema reads from this file must be the one PgIntrospector reads from a database it created.
SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SELECT pg_catalog.set_config('search_path', 'public', false);
CREATE EXTENSION IF NOT EXISTS pgcrypto;
CREATE SCHEMA shop;
COMMENT ON SCHEMA shop IS 'the shop; its tables';

CREATE TYPE shop.mood AS ENUM ('sad', 'ok', 'it''s fine');
CREATE TYPE public.state AS ENUM ('new', 'paid');

CREATE TABLE shop.customer (
    id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    email       character varying(120) NOT NULL,
    name        text,
    mood        shop.mood DEFAULT 'ok',
    born        date CHECK (born > '1900-01-01'),
    tags        text[],
    scores      integer[] NOT NULL,
    uid         uuid DEFAULT gen_random_uuid() NOT NULL,
    doc         jsonb,
    raw         json,
    blob        bytea,
    flag        boolean NOT NULL DEFAULT false,
    small       smallint,
    ratio       real,
    score       double precision,
    f8          float,
    f4          float(10),
    price       numeric(10, 2) NOT NULL,
    qty         numeric(6),
    any_num     numeric,
    code        char(3),
    one         character,
    at_time     time,
    at_time3    time(3) without time zone,
    at_tz       timetz,
    created     timestamp with time zone DEFAULT now() NOT NULL,
    updated     timestamp(3),
    span        interval,
    cash        money,
    ip          inet,
    net         cidr,
    mac         macaddr,
    bits        bit(4),
    vbits       bit varying(8),
    CONSTRAINT customer_email_key UNIQUE (email),
    CONSTRAINT price_range CHECK (price >= 0 AND price <= 1000),
    CHECK (code IN ('AAA', 'BBB')),
    CHECK (updated >= created OR updated IS NULL)
);

CREATE SEQUENCE shop.orders_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;

CREATE TABLE shop.orders (
    id integer NOT NULL,
    customer_id bigint NOT NULL,
    line integer NOT NULL,
    state public.state NOT NULL,
    note varchar,
    total numeric(12,2) CONSTRAINT total_positive CHECK (total > 0)
);

ALTER SEQUENCE shop.orders_id_seq OWNED BY shop.orders.id;
ALTER TABLE ONLY shop.orders ALTER COLUMN id SET DEFAULT nextval('shop.orders_id_seq'::regclass);
ALTER TABLE ONLY shop.orders ADD CONSTRAINT orders_pkey PRIMARY KEY (id, line);
ALTER TABLE ONLY shop.orders ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES shop.customer(id);
ALTER TABLE shop.orders OWNER TO postgres;

CREATE TABLE item (
    sku   serial,
    title text NOT NULL,
    PRIMARY KEY (sku)
);

CREATE TABLE "Line Item" (
    order_id   integer NOT NULL,
    order_line integer NOT NULL,
    sku        integer NOT NULL REFERENCES item,
    "Qty"      smallint NOT NULL CHECK ("Qty" BETWEEN 1 AND 99),
    big        bigserial,
    UNIQUE (order_id, order_line, sku),
    UNIQUE (big),
    FOREIGN KEY (order_id, order_line) REFERENCES shop.orders (id, line)
);

ALTER TABLE "Line Item" ADD CONSTRAINT line_small CHECK (order_line < 1000);
CREATE UNIQUE INDEX item_title_lower ON public.item USING btree (lower(title));
CREATE INDEX line_item_sku ON "Line Item" (sku);
CREATE INDEX ON shop.orders (state);
CREATE TABLE IF NOT EXISTS item (sku int);

CREATE FUNCTION shop.touch() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  NEW.updated := now();
  RETURN NEW;
END;
$body$;
CREATE TRIGGER customer_touch BEFORE UPDATE ON shop.customer FOR EACH ROW EXECUTE FUNCTION shop.touch();
CREATE VIEW shop.big_orders AS SELECT * FROM shop.orders WHERE total > 100;
GRANT SELECT ON ALL TABLES IN SCHEMA shop TO PUBLIC;
