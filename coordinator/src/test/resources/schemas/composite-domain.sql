-- A domain over a composite whose CHECK refuses NULL in a form Spate does not read: its column
-- gets no NULLs once the config gives it a value.
CREATE TABLE tag (id serial PRIMARY KEY, name text NOT NULL);
CREATE TYPE pt AS (x int, y int);
CREATE DOMAIN pt_nn AS pt CHECK (VALUE IS NOT NULL AND (VALUE).x IS NOT NULL);
CREATE TABLE shape (id serial PRIMARY KEY, p pt_nn);
