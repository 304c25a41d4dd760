/**
 * The SQLite target: a file filled through sqlite-jdbc, one writer at a time ({@code BEGIN
 * IMMEDIATE}), rows bound to multi-row prepared {@code INSERT}s by {@link
 * io.spate.db.sqlite.SqliteRows}, the ledger ({@code spate_ledger}) in the same file and
 * transaction, the schema read with SQLite's pragmas and the {@code CREATE TABLE} text. Nothing
 * here is on another target's path.
 */
package io.spate.db.sqlite;
