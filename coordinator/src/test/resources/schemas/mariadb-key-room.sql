-- Keys whose room is not the default rows' (the forms of Friendica's schema): unique keys on a
-- column's prefix, and a primary key made of a reference and an unsigned tinyint.
CREATE TABLE server (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  nurl VARBINARY(383) NOT NULL,
  title VARCHAR(255) NOT NULL,
  note TEXT,
  UNIQUE KEY nurl (nurl(12)),
  UNIQUE KEY title_note (title(20), note(8))
);
CREATE TABLE post (
  id INT UNSIGNED NOT NULL AUTO_INCREMENT PRIMARY KEY,
  server_id INT UNSIGNED NOT NULL,
  CONSTRAINT post_server FOREIGN KEY (server_id) REFERENCES server (id)
);
CREATE TABLE post_tag (
  post_id INT UNSIGNED NOT NULL,
  type TINYINT UNSIGNED NOT NULL DEFAULT 0,
  PRIMARY KEY (post_id, type),
  CONSTRAINT post_tag_post FOREIGN KEY (post_id) REFERENCES post (id)
);
-- A key of two free columns, one too narrow for the rows (Cacti's data_source_stats_daily): the
-- wide one counts the rows, the narrow one draws values.
CREATE TABLE stats_daily (
  local_data_id INT UNSIGNED NOT NULL,
  rrd_name VARCHAR(19) NOT NULL,
  cf TINYINT UNSIGNED NOT NULL DEFAULT 0,
  average DOUBLE,
  PRIMARY KEY (local_data_id, rrd_name, cf)
);

-- OrangeHRM: a varchar(3) referencing a char(2) code, and a decimal(2,0) sequence number beside a
-- reference (99 values: 1..3 children per employee).
CREATE TABLE country (cou_code char(2) NOT NULL PRIMARY KEY, name varchar(80)) ENGINE=InnoDB;
CREATE TABLE location (
  id int NOT NULL AUTO_INCREMENT PRIMARY KEY,
  country_code varchar(3) NOT NULL,
  FOREIGN KEY (country_code) REFERENCES country (cou_code)
) ENGINE=InnoDB;
CREATE TABLE employee (emp_number int NOT NULL PRIMARY KEY) ENGINE=InnoDB;
CREATE TABLE emp_children (
  emp_number int NOT NULL,
  ec_seqno decimal(2,0) NOT NULL DEFAULT 0,
  ec_name varchar(100) DEFAULT '',
  PRIMARY KEY (emp_number, ec_seqno),
  FOREIGN KEY (emp_number) REFERENCES employee (emp_number) ON DELETE CASCADE
) ENGINE=InnoDB;

-- Magento 1: a float in a unique key beside a text column that tells the rows apart.
CREATE TABLE tax_order_aggregated (
  id int unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
  period date DEFAULT NULL,
  code varchar(255) NOT NULL,
  percent float DEFAULT NULL,
  UNIQUE KEY uniq_period_code_percent (period, code, percent)
) ENGINE=InnoDB;
