-- PostgreSQL's geometric types and the cube extension's, as a map editor or a floor plan keeps
-- them: every value must be one the type accepts (a line is never A = B = 0, a box has its upper
-- corner first, a path two points or more, a polygon three, a circle a radius of zero or more).
CREATE EXTENSION IF NOT EXISTS cube;
CREATE TABLE shape (
  id serial PRIMARY KEY,
  at point NOT NULL,
  edge line NOT NULL,
  segment lseg,
  bounds box NOT NULL,
  route path NOT NULL,
  outline polygon NOT NULL,
  reach circle NOT NULL,
  waypoints point[],
  position cube NOT NULL
);
CREATE TABLE shape_note (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  shape_id integer NOT NULL REFERENCES shape (id),
  near point
);
