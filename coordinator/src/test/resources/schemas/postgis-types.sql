-- PostGIS columns of every common form: no type modifier, a shape and an SRID, Z and M
-- dimensions, multi-shapes and collections, and geography (SRID 4326 unless it says). Every
-- coordinate is a valid longitude and latitude.
CREATE EXTENSION IF NOT EXISTS postgis;
CREATE TABLE place (
  id serial PRIMARY KEY,
  anywhere geometry NOT NULL,
  spot geometry(Point, 4326) NOT NULL,
  area geometry(Polygon, 4326),
  track geometry(LineStringZ, 3857),
  measured geometry(PointM),
  parcels geometry(MultiPolygon, 4326),
  things geometry(GeometryCollection, 4326),
  globe geography NOT NULL,
  region geography(Polygon, 4326)
);
CREATE TABLE visit (
  id serial PRIMARY KEY,
  place_id integer NOT NULL REFERENCES place (id),
  stop geography(Point)
);
