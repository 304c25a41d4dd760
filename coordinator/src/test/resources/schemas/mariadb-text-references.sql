-- Text keys referenced by text columns of other types: UUIDs kept as varchar(40) and held by a
-- char(36), a label kept as varchar(255) and held by a varchar(20).
CREATE TABLE account (
  id varchar(40) PRIMARY KEY,
  name text NOT NULL
) ENGINE = InnoDB;

CREATE TABLE session (
  id int AUTO_INCREMENT PRIMARY KEY,
  account_id char(36) NOT NULL,
  started_at datetime NOT NULL,
  CONSTRAINT session_account_fk FOREIGN KEY (account_id) REFERENCES account (id)
) ENGINE = InnoDB;

CREATE TABLE tag (
  label varchar(255) PRIMARY KEY
) ENGINE = InnoDB;

CREATE TABLE post_tag (
  post_id int NOT NULL,
  tag_label varchar(20) NOT NULL,
  PRIMARY KEY (post_id, tag_label),
  CONSTRAINT post_tag_tag_fk FOREIGN KEY (tag_label) REFERENCES tag (label)
) ENGINE = InnoDB;
