/**
 * MariaDB's and MySQL's load path: {@link io.spate.db.mariadb.RowStream} pulls rows from generation
 * as the driver reads, {@link io.spate.db.mariadb.LoadData} streams them into {@code LOAD DATA
 * LOCAL INFILE} inside the caller's transaction, and {@link io.spate.db.mariadb.MariaDbLedger}
 * records a finished task in that same transaction so its effect happens once. Nothing here is on
 * the PostgreSQL path.
 */
package io.spate.db.mariadb;
