-- Reproduced: a primary key and a foreign key of a fixed-length bytea domain (octet_length(VALUE) = 20) passed the plan, then the load failed ("value for domain bytea20 violates check constraint"); the key's digits are now padded to the length (FixedLengthBytesFillIT).
-- Found in Icinga DB's PostgreSQL schema (Icinga/icingadb schema/pgsql/schema.sql @ a177eda: 72 key columns of bytea20 domains, every table keyed by `id bytea20`).
CREATE DOMAIN bytea20 AS bytea CONSTRAINT exactly_20_bytes_long CHECK ( VALUE IS NULL OR octet_length(VALUE) = 20 );

CREATE TABLE host (
  id bytea20 NOT NULL,
  name varchar(255) NOT NULL,
  CONSTRAINT pk_host PRIMARY KEY (id)
);

CREATE TABLE service (
  id bytea20 NOT NULL,
  host_id bytea20 NOT NULL REFERENCES host (id),
  name varchar(255) NOT NULL,
  CONSTRAINT pk_service PRIMARY KEY (id)
);
