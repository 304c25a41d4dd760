-- A cycle with no nullable edge whose foreign keys are DEFERRABLE: a store's manager is a staff
-- member, who works in a store. A role that may not switch the server's checks off still fills it:
-- the cycle's tables load in one transaction that checks them at its commit. One key is initially
-- immediate (the load defers it itself), the other initially deferred; rental hangs below.
CREATE TABLE store (
  store_id serial PRIMARY KEY,
  manager_staff_id integer NOT NULL,
  address text NOT NULL
);
CREATE TABLE staff (
  staff_id serial PRIMARY KEY,
  store_id integer NOT NULL REFERENCES store (store_id) DEFERRABLE INITIALLY IMMEDIATE,
  name text NOT NULL
);
ALTER TABLE store ADD FOREIGN KEY (manager_staff_id) REFERENCES staff (staff_id)
  DEFERRABLE INITIALLY DEFERRED;
CREATE TABLE rental (
  rental_id serial PRIMARY KEY,
  staff_id integer NOT NULL REFERENCES staff (staff_id),
  store_id integer NOT NULL REFERENCES store (store_id),
  rented_on date NOT NULL
);
