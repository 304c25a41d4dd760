-- Self-references and cycles on MariaDB/MySQL, whose loads all run with foreign_key_checks=0, so the
-- insert writes every reference (no second pass): a nullable self-reference (employee.manager_id),
-- a two-table cycle through a nullable foreign key (department.head_id -> employee, employee's
-- department_id -> department) and a NOT NULL two-table cycle (store.manager_staff_id -> staff,
-- staff.store_id -> store). Its twin cycles-pg.sql declares the same tables in PostgreSQL's words;
-- MariaDbCyclesFillIT compares their fills. Change one, change the other.
CREATE TABLE department (
    department_id int         NOT NULL AUTO_INCREMENT PRIMARY KEY,
    name          varchar(40) NOT NULL,
    head_id       int         NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE employee (
    employee_id   int         NOT NULL AUTO_INCREMENT PRIMARY KEY,
    department_id int         NOT NULL,
    manager_id    int         NULL,
    name          varchar(40) NOT NULL,
    CONSTRAINT employee_department FOREIGN KEY (department_id) REFERENCES department (department_id),
    CONSTRAINT employee_manager FOREIGN KEY (manager_id) REFERENCES employee (employee_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

ALTER TABLE department
    ADD CONSTRAINT department_head FOREIGN KEY (head_id) REFERENCES employee (employee_id);

CREATE TABLE store (
    store_id         int         NOT NULL AUTO_INCREMENT PRIMARY KEY,
    manager_staff_id int         NOT NULL,
    address          varchar(80) NOT NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE staff (
    staff_id int         NOT NULL AUTO_INCREMENT PRIMARY KEY,
    store_id int         NOT NULL,
    name     varchar(40) NOT NULL,
    CONSTRAINT staff_store FOREIGN KEY (store_id) REFERENCES store (store_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

ALTER TABLE store
    ADD CONSTRAINT store_manager FOREIGN KEY (manager_staff_id) REFERENCES staff (staff_id);
