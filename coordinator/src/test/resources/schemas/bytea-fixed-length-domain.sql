-- Reproduced: bytea columns of a domain whose CHECK fixes their length (octet_length(VALUE) = 20) were refused at plan time, and `value:`/`values:`, as the message advised, the same way; they now draw values of that length (FixedLengthBytesFillIT).
-- Found in Icinga DB's PostgreSQL schema (Icinga/icingadb schema/pgsql/schema.sql @ a177eda: 235 bytea20/bytea16/bytea4 checksums, references and addresses refused).
CREATE DOMAIN bytea20 AS bytea CONSTRAINT exactly_20_bytes_long CHECK ( VALUE IS NULL OR octet_length(VALUE) = 20 );
CREATE DOMAIN bytea4 AS bytea CONSTRAINT exactly_4_bytes_long CHECK ( VALUE IS NULL OR octet_length(VALUE) = 4 );

CREATE TABLE host (
  id bigint NOT NULL,
  name varchar(255) NOT NULL,
  name_checksum bytea20 NOT NULL,
  address_bin bytea4 DEFAULT NULL,
  CONSTRAINT pk_host PRIMARY KEY (id)
);
