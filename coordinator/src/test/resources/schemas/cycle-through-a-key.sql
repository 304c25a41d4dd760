-- A cycle whose first nullable foreign key (album -> band) is part of a key: it cannot be left NULL
-- and set later without breaking the key, so the cycle is broken at another nullable edge
-- (band -> label or label -> album; breakCycleAt chooses).
CREATE TABLE album (
  id serial PRIMARY KEY,
  band_id integer,
  title text NOT NULL,
  UNIQUE (band_id, title)
);
CREATE TABLE band (
  id serial PRIMARY KEY,
  label_id integer,
  name text NOT NULL
);
CREATE TABLE label (
  id serial PRIMARY KEY,
  top_album_id integer,
  name text NOT NULL
);
ALTER TABLE album ADD FOREIGN KEY (band_id) REFERENCES band (id);
ALTER TABLE band ADD FOREIGN KEY (label_id) REFERENCES label (id);
ALTER TABLE label ADD FOREIGN KEY (top_album_id) REFERENCES album (id);
