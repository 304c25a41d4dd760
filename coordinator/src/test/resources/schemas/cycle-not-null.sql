-- A cycle with no nullable edge: a store's manager is a staff member, who works in a store. Rows can
-- only be loaded with the server's foreign-key checks off (or deferred); rental hangs below it.
CREATE TABLE store (
  store_id serial PRIMARY KEY,
  manager_staff_id integer NOT NULL,
  address text NOT NULL
);
CREATE TABLE staff (
  staff_id serial PRIMARY KEY,
  store_id integer NOT NULL REFERENCES store (store_id),
  name text NOT NULL
);
ALTER TABLE store ADD FOREIGN KEY (manager_staff_id) REFERENCES staff (staff_id);
CREATE TABLE rental (
  rental_id serial PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (staff_id),
  rented_on date NOT NULL
);
