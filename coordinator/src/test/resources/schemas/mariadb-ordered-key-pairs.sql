-- The MariaDB twin of ordered-key-pairs.sql: a link table keyed by two references to one table,
-- ordered by a CHECK.
CREATE TABLE tag (
  id int NOT NULL PRIMARY KEY,
  name varchar(64) NOT NULL
);
CREATE TABLE tag_synonym (
  tag1 int NOT NULL,
  tag2 int NOT NULL,
  created date NOT NULL,
  PRIMARY KEY (tag1, tag2),
  CONSTRAINT tag_synonym_tag1 FOREIGN KEY (tag1) REFERENCES tag (id),
  CONSTRAINT tag_synonym_tag2 FOREIGN KEY (tag2) REFERENCES tag (id),
  CONSTRAINT ordered CHECK (tag1 < tag2)
);
