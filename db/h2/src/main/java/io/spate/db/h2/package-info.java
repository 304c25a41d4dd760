/**
 * The H2 target: an H2 2.x database, a file or in memory, filled through H2's own driver by
 * concurrent writers (MVStore's row locks), rows bound to multi-row prepared {@code INSERT}s by
 * {@link io.spate.db.h2.H2Rows} with the foreign keys checked as they go, the ledger ({@code
 * SPATE.LEDGER}) in the same database and transaction, the schema read from {@code
 * INFORMATION_SCHEMA}. Nothing here is on another target's path.
 */
package io.spate.db.h2;
