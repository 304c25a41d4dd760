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
