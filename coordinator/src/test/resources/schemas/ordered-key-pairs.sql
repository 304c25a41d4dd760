-- Issue 28 item 10: a link table keyed by two references to one table, ordered by a CHECK
-- (Stack Exchange's tag synonyms); it was refused, saying Spate keeps only <> between such keys.
CREATE TABLE tag (
  id integer PRIMARY KEY,
  name varchar(64) NOT NULL
);
CREATE TABLE tag_synonym (
  tag1 integer NOT NULL REFERENCES tag (id),
  tag2 integer NOT NULL REFERENCES tag (id),
  created date NOT NULL,
  PRIMARY KEY (tag1, tag2),
  CHECK (tag1 < tag2)
);
