-- CHECKs Spate cannot read on MariaDB/MySQL, decided by the server: functions of a column the parser
-- leaves out, nested calls, arithmetic over two columns (decided as a tuple), a json column's
-- shape, arithmetic on a nullable column, and calendar functions of a date, a year and a timestamp
-- and a float's every digit (the values must read back from the server exactly as written).
-- These servers refuse stored functions in a CHECK, so built-in ones stand in for the
-- application's own. Each passes for part of the values a fill draws.
CREATE TABLE product (
  id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  sku varchar(40) NOT NULL,
  code varchar(20) NOT NULL,
  a int NOT NULL,
  b int NOT NULL,
  attrs json NULL,
  model_year year NOT NULL,
  CONSTRAINT product_sku_even CHECK (ascii(sku) MOD 2 = 0),
  CONSTRAINT product_code_digits CHECK (char_length(regexp_replace(code, '[^0-9]', '')) >= 2),
  CONSTRAINT product_sum_small CHECK (a + b < 1000000),
  CONSTRAINT product_attrs_object CHECK (json_type(attrs) = 'OBJECT'),
  CONSTRAINT product_leap_year CHECK (model_year MOD 4 = 0)
);

CREATE TABLE shipment (
  id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY,
  product_id int NOT NULL,
  qty int NULL,
  shipped_on date NOT NULL,
  dispatched_at timestamp(3) NULL,
  weight float NOT NULL,
  CONSTRAINT shipment_product FOREIGN KEY (product_id) REFERENCES product (id),
  CONSTRAINT shipment_qty_mod CHECK (mod(qty, 7) = 3),
  CONSTRAINT shipment_weekday CHECK (dayofweek(shipped_on) NOT IN (1, 7)),
  CONSTRAINT shipment_office_hours CHECK (hour(dispatched_at) BETWEEN 9 AND 16),
  CONSTRAINT shipment_weight_even CHECK (floor(weight * 10000) MOD 2 = 0)
);
