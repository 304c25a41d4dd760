-- Issue 28 item 9: a CHECK the server decides (a clock minus an interval) over a birth date; its
-- candidates came from the date type's range and none passed ("0 of 1000 candidates pass").
CREATE TABLE employee (
  id serial PRIMARY KEY,
  name text NOT NULL,
  birthdate date NOT NULL,
  hired date NOT NULL,
  CONSTRAINT ck_employee_birthdate CHECK (birthdate >= '1930-01-01' AND birthdate <= now() - '18 years'::interval)
);
