-- CHECKs Spate cannot read, decided by the server: a call of the application's own function, an
-- expression of functions the parser leaves out, arithmetic over two columns (decided as a tuple)
-- and arithmetic on a nullable column. Each passes for part of the values a fill draws.
CREATE FUNCTION is_valid_sku(sku text) RETURNS boolean
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT ascii(sku) % 2 = 0 $$;

CREATE TABLE product (
  id serial PRIMARY KEY,
  sku text NOT NULL CONSTRAINT product_sku_valid CHECK (is_valid_sku(sku)),
  code varchar(20) NOT NULL
    CONSTRAINT product_code_digits CHECK (length(regexp_replace(code, '[^0-9]', '', 'g')) >= 2),
  a integer NOT NULL,
  b integer NOT NULL,
  CONSTRAINT product_sum_divisible CHECK (mod(a + b, 3) = 0)
);

CREATE TABLE review (
  id serial PRIMARY KEY,
  product_id integer NOT NULL REFERENCES product (id),
  stars integer CONSTRAINT review_stars CHECK (stars % 7 < 5)
);

-- MusicBrainz: a unique text key under a CHECK calling the application's function; the keys Spate
-- writes are judged by the server.
CREATE FUNCTION controlled_for_whitespace(text) RETURNS boolean
  LANGUAGE sql IMMUTABLE
  AS $$ SELECT NOT $1 ~ '(^\s|\s$|\s\s)' $$;
CREATE TABLE tag (
  id serial PRIMARY KEY,
  name varchar NOT NULL UNIQUE CONSTRAINT tag_name_whitespace CHECK (controlled_for_whitespace(name))
);
