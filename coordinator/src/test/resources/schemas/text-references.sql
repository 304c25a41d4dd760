-- Text keys referenced by text columns of other types: UUIDs kept as varchar(40) and held by a
-- char(36), a label kept as text and held by a varchar(20).
CREATE TABLE account (
  id varchar(40) PRIMARY KEY,
  name text NOT NULL
);

CREATE TABLE session (
  id serial PRIMARY KEY,
  account_id char(36) NOT NULL REFERENCES account (id),
  started_at timestamptz NOT NULL
);

CREATE TABLE tag (
  label text PRIMARY KEY
);

CREATE TABLE post_tag (
  post_id integer NOT NULL,
  tag_label varchar(20) NOT NULL REFERENCES tag (label),
  PRIMARY KEY (post_id, tag_label)
);
